"""Noninterference of forks: a fork depends on nothing its forker could not know.

The twin histories of `test_noninterference.py` (the same game played from the same commands
and dice, differing only in a hidden pile order or in one seat's secret choice) are forked at
every step where a seat is to move, by every viewer that has been told the same in both so far
(its log, and what views showed it, such as 18ZOO's next powers): each seat, and the spectator
(a finished game's fork). With the same randomness, the two forks must be
dealt the same position, byte for byte, hidden parts included: then nothing of the original's
secrets reaches the fork, not its players as it is played, not anyone once it is over and its
whole log is published, not even someone who later learns the fork's randomness (issue 26
reveals each game's secret at its end).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from domain import games
from domain.bots import random_bot
from domain.chance import SecretDraws
from domain.fairness import recorded
from domain.forks import deal
from domain.kernel import Game
from projections.codec import encode
from projections.snapshot import snapshot
from tests.per_game import kinds
from tests.server.test_noninterference import (
    SHORTER,
    STEPS,
    World,
    below_the_days,
    knowledge,
    other_choice,
    reshuffled,
    viewers,
)

pytestmark = pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)

FORKABLE = [name for name in games.names() if games.get(name).redeal is not None]


def at_rest(game: Game, state: object, seats: int) -> bool:  # type: ignore[type-arg]
    """A position a fork is made at: a seat is to move (`server.table.forks.resting_version`)."""
    return not game.is_over(state) and any(game.legal(state, s) for s in range(seats))


def fork_twins(
    game: Game,  # type: ignore[type-arg]
    seed: int,
    kind: str,
    chosen: dict[str, Any] | None = None,
    twin: Callable[[list[Any]], list[Any]] | None = None,
) -> tuple[list[str], int]:
    """Leaks found (forks that differ where the forker's log does not) and how many forks
    were compared with the histories differing (`chosen`: the options; `twin`: world B's
    setup made from A's)."""
    rng = random.Random(seed)
    seats = rng.randint(game.min_seats, min(game.max_seats, 4))
    options = msgspec.convert(chosen or {}, game.options_type)
    secret = rng.randbytes(32)
    dealt = SecretDraws(secret, "setup")
    setup = game.setup(game.initial(seats, options), dealt)
    drawn = recorded(dealt, None, None, len(setup))
    other_setup = reshuffled(game, setup, random.Random(rng.random())) if kind == "pile" else setup
    other_setup = twin(setup) if twin else other_setup
    a = World.open(game, seats, setup, secret, drawn, chosen)
    b = World.open(game, seats, other_setup, secret, drawn, chosen)
    leaks: list[str] = []
    compared = 0
    swap_at, swapped = rng.randrange(STEPS // 4), False
    apart: set[object] = set()  # viewers told something that differs, at some step so far
    for step in range(SHORTER.get(game.name, STEPS)):
        if game.is_over(a.state) or b.ended:
            break
        for viewer in viewers(seats):
            shown = [snapshot(w.live, viewer) for w in (a, b)]
            if knowledge(a, shown[0]) != knowledge(b, shown[1]):
                apart.add(viewer)  # what it saw then (18ZOO's next powers) it may still know
        if at_rest(game, a.state, seats):
            differ = encode(a.live.events) != encode(b.live.events)
            for viewer in viewers(seats):
                if viewer in apart:
                    continue
                dice = rng.randrange(1 << 30)
                forks = [encode(deal(game, w.state, viewer, random.Random(dice))) for w in (a, b)]
                if forks[0] != forks[1]:
                    leaks.append(f"{viewer} at step {step}")
                compared += differ
        legal = {s: game.legal(a.state, s) for s in range(seats)}
        seat = rng.choice([s for s in range(seats) if legal[s]])
        command = random_bot(game, a.state, seat, legal[seat], rng)
        theirs = command
        if kind == "choice" and not swapped and step >= swap_at:
            alternative = other_choice(b, seat, command)
            if alternative is not None:
                theirs, swapped = alternative, True
        a.apply(seat, command)
        if b.apply(seat, theirs) is None:
            break
    return leaks, compared


# the games and kinds of secret the twins reach (each game's FORK_KINDS, in its tests' shared.py)
SECRETS = kinds("FORK_KINDS")


@pytest.mark.parametrize(("name", "kind"), [case for case in SECRETS if case[0] in FORKABLE])
def test_a_fork_is_the_same_for_histories_its_forker_cannot_tell_apart(
    name: str, kind: str
) -> None:
    compared = 0
    for seed in range(40):  # until enough forks were made with the histories differing
        leaks, more = fork_twins(games.get(name), seed, kind)
        assert leaks == [], leaks[:5]
        compared += more
        if compared >= 10 and seed >= 4:
            break
    assert compared >= 10, compared


def test_the_check_catches_a_fork_that_keeps_the_original() -> None:
    """A re-deal that keeps the state as it is hands the forker the original's secrets."""
    leaky = dataclasses.replace(games.get("bienvenue_a_bord"), redeal=lambda s, k, r: s)
    assert any(fork_twins(leaky, seed, "pile")[0] for seed in range(3))


def test_a_fork_of_a_game_with_the_powers_visible_keeps_them_and_deals_the_rest_again() -> None:
    """18ZOO's power_visible: the twelve powers shown are kept, the never-drawn rest (the twins
    swap its last two) does not reach the fork."""
    compared = 0
    for seed in range(3):
        leaks, more = fork_twins(
            games.get("18zoo"), seed, "pile", {"power_visible": True}, below_the_days((0, 1))
        )
        assert leaks == [], leaks[:5]
        compared += more
    assert compared >= 10, compared
