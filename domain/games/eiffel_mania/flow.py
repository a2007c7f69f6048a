"""The engine's own steps (N0, N1/N4 windows, N2, R1-R8, N6) and the advance loop."""

from __future__ import annotations

from collections.abc import Callable

from domain.chance import Rng
from domain.games.eiffel_mania.commands import judge
from domain.games.eiffel_mania.data import CARDS_PER_DEAL, DENUNCIATION, OFFICE
from domain.games.eiffel_mania.evolve import fold
from domain.games.eiffel_mania.legal import awaited, legal
from domain.games.eiffel_mania.messages import (
    Award,
    CardsAwarded,
    CardsRevealed,
    DecisionRequested,
    Event,
    GameEnded,
    NegotiationStarted,
    PileDiscarded,
    WindowOpened,
)
from domain.games.eiffel_mania.resolution import (
    r1_reveal,
    r2_denunciation,
    r3_outcome,
    r4_to_r6,
    r7_to_n6,
)
from domain.games.eiffel_mania.state import (
    ASKING_PHASES,
    State,
    active_seats,
    clockwise_from,
    holds,
    next_active,
)


def n0_check(state: State, rng: Rng) -> list[Event]:
    if not state.pile:
        return [GameEnded(reason="pile_empty")]
    active = active_seats(state)
    if len(active) <= 1:
        rest = tuple(c for c in state.pile if c is not None)
        first: Event
        if active:
            first = CardsAwarded(
                awards=tuple(Award(card=c, seat=active[0]) for c in rest), how="last_active"
            )
        else:
            first = PileDiscarded(cards=rest)
        return [first, GameEnded(reason="inactivity")]
    principal = next_active(state, state.next_from, inclusive=True)
    assert principal is not None
    partner = next_active(state, principal, inclusive=False)
    assert partner is not None
    return [NegotiationStarted(number=state.negotiation + 1, principal=principal, partner=partner)]


def n1_office_window(state: State, rng: Rng) -> list[Event]:
    seats = tuple(
        seat
        for seat in clockwise_from(state, state.principal)
        if not state.inactive[seat] and holds(state, seat, OFFICE)
    )
    if seats:
        return [WindowOpened(kind="office", seats=seats)]
    return n2_reveal(state, rng)


def n2_reveal(state: State, rng: Rng) -> list[Event]:
    top = tuple(c for c in state.pile[:CARDS_PER_DEAL] if c is not None)
    return [CardsRevealed(cards=top)]


def n4_denounce_window(state: State, rng: Rng) -> list[Event]:
    seats = tuple(
        seat
        for seat in clockwise_from(state, (state.partner + 1) % state.seats)
        if seat not in (state.principal, state.partner)
        and not state.inactive[seat]
        and holds(state, seat, DENUNCIATION)
    )
    if seats:
        return [WindowOpened(kind="denounce", seats=seats)]
    return r1_reveal(state)


def _r1(state: State, rng: Rng) -> list[Event]:
    return r1_reveal(state)


def _r2(state: State, rng: Rng) -> list[Event]:
    if state.denouncer is None:
        return r3_outcome(state, rng)
    return r2_denunciation(state)


def _r4(state: State, rng: Rng) -> list[Event]:
    events = r4_to_r6(state)
    if events and isinstance(events[-1], DecisionRequested):
        return events
    return events + r7_to_n6(fold(state, events))


def _r7(state: State, rng: Rng) -> list[Event]:
    return r7_to_n6(state)


AUTO_STEPS: dict[str, Callable[[State, Rng], list[Event]]] = {
    "check": n0_check,
    "office_window": n1_office_window,
    "reveal": n2_reveal,
    "denounce_window": n4_denounce_window,
    "r1": _r1,
    "r2": _r2,
    "r3": r3_outcome,
    "r4": _r4,
    "r7": _r7,
}


def advance(state: State, rng: Rng) -> list[Event]:
    """Run the engine until a seat must choose among several commands, or the game is over.

    D28: a decision with a single legal command is applied by the engine."""
    events: list[Event] = []
    while state.phase != "over":
        if state.phase in ASKING_PHASES:
            seats = awaited(state)
            if len(seats) != 1:
                break
            options = legal(state, seats[0])
            if len(options) != 1:
                break
            new = judge(state, seats[0], options[0], rng)
        else:
            new = AUTO_STEPS[state.phase](state, rng)
        state = fold(state, new)
        events += new
    return events
