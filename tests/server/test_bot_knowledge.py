"""A server bot's move depends only on what its seat may know: given two states its seat
cannot tell apart (one the other's redeal for that seat: every secret of the others drawn
again), it chooses the same command. The check can fail: a bot handed the true state, which
reads its secrets, is caught choosing differently."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import msgspec
import pytest

from clients.python.simulate import play
from domain import games
from domain.bots import random_bot
from domain.kernel import Game, Seat
from server.table.bot_choice import choose
from tests.per_game import with_seats

GAMES = with_seats()


def positions(game: Game[Any, Any, Any], seats: int, seed: int, every: int = 3) -> list[Any]:
    """States along one random game, every `every` steps."""
    seen: list[Any] = []
    options = msgspec.convert({}, game.options_type)
    play(
        game,
        seats,
        options,
        [random_bot] * seats,
        random.Random(seed),
        after_step=lambda state, _: seen.append(state),
    )
    return seen[::every][:60]


def twins(game: Game[Any, Any, Any], seats: int) -> list[tuple[Any, Any, int]]:
    """(state, a state seat `n` cannot tell from it, n) along a game."""
    assert game.redeal is not None
    found = []
    for i, state in enumerate(positions(game, seats, seed=7)):
        for seat in range(seats):
            if game.legal(state, seat):
                found.append((state, game.redeal(state, Seat(seat), random.Random(i)), seat))
    return found


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_a_bot_chooses_alike_in_states_its_seat_cannot_tell_apart(name: str, seats: int) -> None:
    game = games.get(name)
    pairs = twins(game, seats)
    assert pairs
    for level in ("greedy", "random"):
        for state, twin, seat in pairs:
            assert game.view(state, Seat(seat)) == game.view(twin, Seat(seat))
            first = choose(game, state, seat, level, random.Random(3))
            second = choose(game, twin, seat, level, random.Random(3))
            assert first == second, (name, level, seat)


def peeking(game: Game[Any, Any, Any], state: Any, seat: int, legal: list[Any], rng: Any) -> Any:
    """A bot that reads everything in the state it is given, secrets included."""
    return legal[int(hashlib.sha256(repr(state).encode()).hexdigest(), 16) % len(legal)]


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_even_a_peeking_bot_is_shown_nothing_its_seat_may_not_know(
    name: str, seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Handed the true states, the peeking bot tells twins apart (so the check can fail);
    through `choose`, which hands it the seat's redeal, it cannot."""
    game = games.get(name)
    pairs = [p for p in twins(game, seats) if len(game.legal(p[0], p[2])) > 1]
    told_apart = sum(
        peeking(game, state, seat, game.legal(state, seat), None)
        != peeking(game, twin, seat, game.legal(state, seat), None)
        for state, twin, seat in pairs
    )
    assert told_apart > 0
    monkeypatch.setattr("server.table.bot_choice.strategy", lambda game_name, level: peeking)
    for state, twin, seat in pairs:
        first = choose(game, state, seat, "greedy", random.Random(3))
        assert first == choose(game, twin, seat, "greedy", random.Random(3)), (name, seat)
