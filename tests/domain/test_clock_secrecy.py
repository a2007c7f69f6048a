"""A turn clock tells nothing secret: whose clocks run (the seats with a legal command) is the
same in every state a spectator cannot tell apart from the true one (its redeal for the
spectator: every hidden card, stance, vote and pile order drawn again), all along random
games of every game. So a seat's time left, a fold of public stamps over those seats, carries
no secret either."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from clients.python.simulate import play
from domain import games
from domain.bots import random_bot
from domain.kernel import SPECTATOR, Game
from domain.table import Table, awaited_seats
from tests.per_game import with_seats

GAMES = with_seats()


def states(game: Game[Any, Any, Any], seats: int, seed: int) -> list[Any]:
    seen: list[Any] = []
    options = msgspec.convert({}, game.options_type)
    bots = [random_bot] * seats
    play(game, seats, options, bots, random.Random(seed), after_step=lambda s, _: seen.append(s))
    return seen[:: max(1, len(seen) // 80)]


def table(game: Game[Any, Any, Any], seats: int, state: Any) -> Table:
    return Table(game=game.name, seats=seats, options={}, started=True, state=state)


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_whose_clock_runs_is_the_same_in_states_a_spectator_cannot_tell_apart(
    name: str, seats: int
) -> None:
    game = games.get(name)
    assert game.redeal is not None
    checked = 0
    for seed in (1, 2):
        for i, state in enumerate(states(game, seats, seed)):
            twin = game.redeal(state, SPECTATOR, random.Random(i))
            assert game.view(twin, SPECTATOR) == game.view(state, SPECTATOR)
            ours = awaited_seats(game, table(game, seats, state))
            assert ours == awaited_seats(game, table(game, seats, twin)), (name, i)
            checked += 1
    assert checked > 10


def test_the_twins_differ_in_what_is_hidden() -> None:
    """The twins do differ in what a spectator may not see (Eiffel Mania's next card), so a
    clock that depended on it would be caught by the test above."""
    game = games.get("eiffel_mania")
    assert game.redeal is not None
    differ = 0
    for i, state in enumerate(states(game, 4, 1)):
        twin = game.redeal(state, SPECTATOR, random.Random(i))
        if state.pile[:1] != twin.pile[:1]:
            differ += 1
    assert differ > 0
