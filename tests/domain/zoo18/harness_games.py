"""Positions of the differential harness's seeded games (tools/zoo18_oracle.py), for the tests
of what the harness found: the game dealt and played as the harness plays it, at a rules
version of the test's choosing."""

from __future__ import annotations

import random

import msgspec

from clients.python.simulate import play
from domain.exchange.zoo18.recover import recover
from domain.games.zoo18 import game
from domain.games.zoo18.messages import Command, Options
from domain.games.zoo18.state import State
from tools.zoo18_oracle import REACH, bot


def position_before(
    map_id: str, players: int, seed: int, rules: int, command: Command
) -> tuple[State, int]:
    """The state before the seeded game of the default mix first takes `command`, and the
    seat that takes it."""
    rng = random.Random(seed)
    names = [rng.choice(REACH) for _ in range(players)]
    options = msgspec.convert({"map": map_id, "exportable": True, "rules": rules}, Options)
    played = play(game, players, options, [bot(n) for n in names], rng)
    steps = recover(game.initial(players, options), played.events).steps
    step = next(s for s in steps if s.command == command)
    return step.before, step.seat
