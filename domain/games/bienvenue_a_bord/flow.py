"""The engine's own steps: drawing, stopovers, auto-resolution (D26), the end; and advance."""

from __future__ import annotations

from domain.games.bienvenue_a_bord.commands import judge
from domain.games.bienvenue_a_bord.data import (
    CARDS_PER_TURN,
    STOPOVER_TURNS,
    SUN_VP_PER_SYMBOL,
    TURNS,
)
from domain.games.bienvenue_a_bord.evolve import fold
from domain.games.bienvenue_a_bord.legal import legal
from domain.games.bienvenue_a_bord.messages import (
    CardsRevealed,
    Event,
    GameEnded,
    MajorityDecided,
    PeopleChecked,
    StopoverRevealed,
    SunScored,
)
from domain.games.bienvenue_a_bord.scoring import tiebreak_key, total
from domain.games.bienvenue_a_bord.state import Sheet, State
from domain.kernel import ranks_from_keys


def metric(stopover: str, sheet: Sheet) -> int:
    """What each stopover compares (§3.4, D13, D18)."""
    if stopover == "E1":
        return sheet.satisfied
    if stopover == "E2":
        return sum(sheet.symbols(s) for s in ("fun", "sun", "game")) + sheet.loves()
    if stopover == "E3":
        return len(sheet.open_empty()) + len(sheet.occupied())
    return len(sheet.occupied())


def stopover_events(state: State) -> list[Event]:
    number = STOPOVER_TURNS.index(state.turn) + 1
    card = state.pile[0]
    assert card is not None, "the engine needs the hidden pile to reveal a stopover"
    metrics = tuple(metric(card, sheet) for sheet in state.sheets)
    best = max(metrics)
    leaders = [seat for seat, m in enumerate(metrics) if m == best]
    winner = leaders[0] if len(leaders) == 1 else None
    receivers = tuple(seat for seat in range(state.seats) if seat != winner)
    events: list[Event] = [
        SunScored(
            stopover=number,
            points=tuple(SUN_VP_PER_SYMBOL * s.symbols("sun") for s in state.sheets),
        ),
        StopoverRevealed(stopover=number, card=card),
        MajorityDecided(
            stopover=number, card=card, metrics=metrics, winner=winner, receivers=receivers
        ),
    ]
    if card == "E1":
        events.extend(
            PeopleChecked(seat=seat, satisfied=1, unhappy=0, why="stopover_e1")
            for seat in receivers
        )
    return events


def next_turn(state: State) -> list[Event]:
    splitter = state.splitter if state.turn == 0 else 1 - state.splitter
    cards = state.pile[:CARDS_PER_TURN]
    assert all(c is not None for c in cards), "the engine needs the hidden pile to draw"
    return [
        CardsRevealed(
            turn=state.turn + 1, splitter=splitter, cards=tuple(c for c in cards if c is not None)
        )
    ]


def game_end(state: State) -> list[Event]:
    scores = tuple(total(sheet) for sheet in state.sheets)
    ranks = ranks_from_keys([tiebreak_key(sheet) for sheet in state.sheets])
    return [GameEnded(scores=scores, ranks=ranks)]


def step(state: State) -> list[Event]:
    """The next automatic events, or [] when a player must act."""
    if state.phase == "setup" and state.pile:
        return next_turn(state)
    if state.phase in ("resolve", "stopover"):
        for seat in range(state.seats):
            options = legal(state, seat)
            if len(options) == 1:
                return judge(state, seat, options[0])
        if state.phase == "resolve" and not any(state.hands):
            return stopover_events(state) if state.stopover_due else next_turn(state)
        if state.phase == "stopover" and not state.pending:
            return game_end(state) if state.turn == TURNS else next_turn(state)
    return []


def advance(state: State) -> list[Event]:
    """The automatic and forced events from `state` on, until a player has a real choice."""
    events: list[Event] = []
    while new := step(state):
        events.extend(new)
        state = fold(state, new)
    return events
