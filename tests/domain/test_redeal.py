"""`Game.redeal`, the position of a what-if fork, tested as an attacker works.

For positions of random games (every one where a seat is to move, as a fork is made at) and
every knower (each seat, and the spectator of a finished game's fork):
- the fork keeps what the knower knew: its view, its legal commands and every public fact;
- the fork tells nothing the knower could not know: its whole state, hidden parts included,
  is the same byte for byte for every "hidden twin" of the original (states that differ only
  in what the knower may not see), drawn with the same randomness. So whoever sees the fork
  whole (its players as it is played, everyone once it is over, its published log) learns
  nothing of the original's secrets at that version, even knowing the fork's randomness;
- what the knower could not know is really drawn again (it varies with the randomness);
- the fork plays on to an end.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import msgspec
import pytest

from clients.python.simulate import play
from domain import games
from domain.bots import random_bot
from domain.kernel import SPECTATOR, Game, Seat, Viewer
from tests.per_game import registered, shared, twins

encode = msgspec.json.encode
GAMES = registered()


@cache
def positions(name: str, wanted: int = 60) -> tuple[Any, ...]:
    """Positions where a seat is to move, from random games, at least `wanted` with a secret
    for some knower (Vertigo's votes are rare: games are played until enough are found)."""
    game = games.get(name)
    found: list[Any] = []
    secret = 0
    seed = 0
    while secret < wanted and seed < 400:
        rng = random.Random(seed)
        seats = rng.choice(shared(name).REDEAL_SEATS)
        options = msgspec.convert({}, game.options_type)
        kept: list[Any] = []
        play(game, seats, options, [random_bot] * seats, rng, 3000, keep(kept))
        for state in kept[:-1]:  # the last one is over: nothing to fork
            if any(twins(name)(state, knower) for knower in knowers(state.seats)):
                found.append(state)
                secret += 1
            elif rng.random() < 0.05:
                found.append(state)
        seed += 1
    return tuple(found)


@pytest.mark.parametrize("name", GAMES)
def test_every_field_of_the_state_was_judged_by_the_redeal(name: str) -> None:
    game = games.get(name)
    state = game.initial(game.min_seats, msgspec.convert({}, game.options_type))
    new = set(type(state).__struct_fields__) - set(shared(name).JUDGED.split())
    assert not new, (
        f"{name}'s State has new fields {sorted(new)}: a fork must keep each (public, or known "
        f"to the forker) or deal it again in its redeal module; then add it to JUDGED in "
        f"its tests' shared.py"
    )


def keep(states: list[Any]) -> Callable[[Any, list[Any]], None]:
    return lambda state, _: states.append(state)


def knowers(seats: int) -> list[Viewer]:
    return [SPECTATOR, *(Seat(n) for n in range(seats))]


def redealt(game: Game[Any, Any, Any], state: Any, knower: Viewer, seed: int) -> Any:
    assert game.redeal is not None
    return game.redeal(state, knower, random.Random(seed))


@pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)
@pytest.mark.parametrize("name", GAMES)
def test_the_fork_keeps_what_its_knower_knew_and_every_public_fact(name: str) -> None:
    game = games.get(name)
    for number, state in enumerate(positions(name)):
        for knower in knowers(state.seats):
            fork = redealt(game, state, knower, number)
            assert msgspec.json.decode(encode(fork), type=type(state)) == fork  # it is stored
            assert encode(game.view(fork, knower)) == encode(game.view(state, knower))
            assert encode(game.view(fork, SPECTATOR)) == encode(game.view(state, SPECTATOR))
            if isinstance(knower, Seat):  # another seat's may follow its own secrets
                assert encode(game.legal(fork, knower.n)) == encode(game.legal(state, knower.n))


def leaks(game: Game[Any, Any, Any], name: str) -> tuple[list[str], int]:
    """Originals the knower cannot tell apart whose forks differ; and how many were compared."""
    found, compared = [], 0
    for number, state in enumerate(positions(name)):
        for knower in knowers(state.seats):
            fork = encode(redealt(game, state, knower, number))
            for twin in twins(name)(state, knower):
                compared += 1
                if encode(redealt(game, twin, knower, number)) != fork:
                    found.append(f"{knower} at position {number}")
    return found, compared


@pytest.mark.parametrize("name", GAMES)
def test_the_fork_depends_on_nothing_its_knower_could_not_know(name: str) -> None:
    found, compared = leaks(games.get(name), name)
    assert found == []
    assert compared >= 60, compared  # secrets were compared, not only public positions


@pytest.mark.parametrize("name", GAMES)
def test_the_check_catches_a_fork_that_carries_a_secret(name: str) -> None:
    """A re-deal that carries a secret (each game's `leaky_redeal`: it shuffles the original
    order, whose outcome with the fork's randomness published at its end gives the original
    back, or it keeps a choice) is caught."""
    leaky = shared(name).leaky_redeal
    found, _ = leaks(dataclasses.replace(games.get(name), redeal=leaky), name)
    assert found


@pytest.mark.parametrize("name", GAMES)
def test_what_the_knower_could_not_know_is_drawn_again(name: str) -> None:
    """Each secret varies from one fork to the next, and the original's is not kept: over
    twelve forks of one position, the hidden part takes several values."""
    game = games.get(name)
    checked = 0
    for state in positions(name):
        for knower in knowers(state.seats):
            if not twins(name)(state, knower):
                continue
            forks = {encode(redealt(game, state, knower, seed)) for seed in range(12)}
            assert len(forks) > 1, f"{knower}: every fork is dealt the same"
            checked += 1
    assert checked >= 60


def test_a_pile_is_never_dealt_in_its_original_order() -> None:
    """Bienvenue à bord and Eiffel Mania: a pile of more than a few cards comes out in
    another order, the same cards, stopovers still closing their blocks."""
    for name in ("bienvenue_a_bord", "eiffel_mania"):
        game = games.get(name)
        for number, state in enumerate(positions(name)):
            if len(state.pile) < 8 or getattr(state, "office_seer", None) is not None:
                continue
            fork = redealt(game, state, SPECTATOR, number)
            assert fork.pile != state.pile
            assert sorted(fork.pile) == sorted(state.pile)
            stopover = [str(card).startswith("E") for card in state.pile]
            if name == "bienvenue_a_bord":
                assert [str(card).startswith("E") for card in fork.pile] == stopover


@pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)
@pytest.mark.parametrize("name", GAMES)
def test_a_fork_plays_on_to_an_end(name: str) -> None:
    game = games.get(name)
    for number, state in enumerate(positions(name)[::15]):
        fork = redealt(game, state, Seat(0), number)
        rng = random.Random(number)
        for _ in range(3000):
            if game.is_over(fork):
                break
            movers = [seat for seat in range(fork.seats) if game.legal(fork, seat)]
            seat = rng.choice(movers)
            command = random_bot(game, fork, seat, game.legal(fork, seat), rng)
            fork = game.fold(game.decide(fork, seat, command, rng), fork)
        assert game.is_over(fork)
