"""Secrecy of `view` and `redact` per viewer, checked at every step of random games."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from clients.python.simulate import play
from domain.bots import random_bot
from domain.games.eiffel_mania import game
from domain.games.eiffel_mania.messages import (
    BETRAY,
    COLLABORATE,
    CommitStance,
    OfficePlayed,
    PileReordered,
    PileShuffled,
    StanceCommitted,
)
from domain.games.eiffel_mania.state import State
from domain.kernel import OMNISCIENT, SPECTATOR, Seat, Viewer
from tests.domain.eiffel_mania.helpers import play as play_moves
from tests.domain.eiffel_mania.helpers import table


def _flip(stance: str | None) -> Any:
    return None if stance is None else (BETRAY if stance == COLLABORATE else COLLABORATE)


def hidden_twins(state: State, viewer: Viewer) -> list[State]:
    """States that differ from `state` only in what `viewer` must not know."""
    twins = []
    seer = state.office_seer
    if len(state.pile) > 1 and not (isinstance(viewer, Seat) and viewer.n == seer):
        twins.append(replace(state, pile=(*state.pile[1:], state.pile[0])))
    if not state.stances_revealed:
        own = viewer.n if isinstance(viewer, Seat) else None
        p, q = state.stances
        flipped = (
            p if own == state.principal else _flip(p),
            q if own == state.partner else _flip(q),
        )
        if flipped != state.stances:
            twins.append(replace(state, stances=flipped))
    return twins


def check_step(state: State, new: list[Any]) -> None:
    if game.is_over(state):
        return
    viewers: list[Viewer] = [SPECTATOR, *(Seat(n) for n in range(state.seats))]
    for viewer in viewers:
        shown = game.view(state, viewer)
        for twin in hidden_twins(state, viewer):
            assert game.view(twin, viewer) == shown, f"{viewer} can tell hidden facts apart"
        if isinstance(viewer, Seat) and viewer.n != state.office_seer:
            assert shown.pile_order is None
        for event in new:
            redacted = game.redact(event, viewer)
            assert redacted is not None
            match redacted:
                case PileShuffled(cards=cards):
                    assert set(cards) == {None}
                case OfficePlayed(seat=seat, pile=pile) | PileReordered(seat=seat, order=pile):
                    if viewer != Seat(seat):
                        assert set(pile) == {None}
                case StanceCommitted(seat=seat, stance=stance):
                    assert (stance is None) == (viewer != Seat(seat))
    omni = game.view(state, OMNISCIENT)
    assert omni.pile_order == [c or "" for c in state.pile]


@pytest.mark.parametrize("seed", range(80))
def test_no_viewer_learns_hidden_stances_or_pile_order(seed: int) -> None:
    seats = 3 + seed % 2
    viewers: list[Viewer] = [SPECTATOR, *(Seat(n) for n in range(seats))]
    folded = {repr(v): game.initial(seats, None) for v in viewers}

    def step(state: State, new: list[Any]) -> None:
        check_step(state, new)
        # a client folding only its redacted log draws the same board as the server's view
        for viewer in viewers:
            key = repr(viewer)
            for event in new:
                folded[key] = game.evolve(folded[key], game.redact(event, viewer))
            assert game.view(folded[key], viewer) == game.view(state, viewer)

    play(game, seats, None, [random_bot] * seats, random.Random(seed), 20_000, step)


def test_own_stance_is_shown_only_to_its_chooser_until_the_reveal() -> None:
    start = play_moves(table(), (1, CommitStance(stance=BETRAY)))
    state = start.state
    assert game.view(state, Seat(1)).negotiation.my_stance == BETRAY
    for viewer in (Seat(0), Seat(2), SPECTATOR):
        shown = game.view(state, viewer)
        assert shown.negotiation.my_stance is None
        assert shown.negotiation.stances is None
        assert shown.negotiation.committed == {"principal": False, "partner": True}
        assert b'"betray"' not in msgspec.json.encode(shown)
    event = StanceCommitted(seat=1, stance=BETRAY)
    assert game.redact(event, Seat(0)) == StanceCommitted(seat=1, stance=None)
    assert game.redact(event, Seat(1)) == event
    assert game.redact(event, OMNISCIENT) == event


def test_initial_shuffle_hidden_from_every_seat_and_spectator() -> None:
    events = game.setup(game.initial(4, None), random.Random(5))
    shuffle = events[0]
    assert isinstance(shuffle, PileShuffled)
    for viewer in (SPECTATOR, Seat(0), Seat(3)):
        redacted = game.redact(shuffle, viewer)
        assert isinstance(redacted, PileShuffled)
        assert set(redacted.cards) == {None} and redacted.ids == shuffle.ids
    assert game.redact(shuffle, OMNISCIENT) == shuffle


def test_public_pile_facts_and_opaque_ids() -> None:
    state = table(top=("L12", "S10")).state
    shown = game.view(state, SPECTATOR)
    assert shown.pile_count == 22 and len(shown.pile_ids) == 22
    assert sorted(shown.pile_cards) == sorted(c or "" for c in state.pile)
    assert shown.pile_order is None
    assert not set(shown.pile_ids) & set(shown.pile_cards)
