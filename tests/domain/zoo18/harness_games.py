"""Positions of the differential harness's seeded games (tools/zoo18_oracle.py), for the tests
of what the harness found: the game dealt and played as the harness plays it, at a rules
version of the test's choosing."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import msgspec
from msgspec.structs import replace

from clients.python.simulate import play
from domain.exchange.zoo18.recover import Recovered, Step, recover
from domain.games.zoo18 import game
from domain.games.zoo18.messages import Command, Options
from domain.games.zoo18.setup import start_events
from domain.games.zoo18.state import State
from tools.zoo18_oracle import REACH, bot


def position_before(
    map_id: str, players: int, seed: int, rules: int, command: Command
) -> tuple[State, int]:
    """The state before the seeded game of the default mix first takes `command`, and the
    seat that takes it."""
    step = step_where(map_id, players, seed, rules, lambda s: s.command == command)
    return step.before, step.seat


def step_where(
    map_id: str, players: int, seed: int, rules: int, found: Callable[[Step], bool]
) -> Step:
    """The first decision of the seeded game of the default mix that is `found`."""
    return next(s for s in recovered_of(map_id, players, seed, rules).steps if found(s))


@cache
def recovered_of(
    map_id: str, players: int, seed: int, rules: int, pool: tuple[str, ...] = REACH
) -> Recovered:
    """The seeded game of the default mix (or of the bots `pool`): its dealing and its
    decisions."""
    rng = random.Random(seed)
    names = [rng.choice(pool) for _ in range(players)]
    options = msgspec.convert({"map": map_id, "exportable": True, "rules": rules}, Options)
    played = play(game, players, options, [bot(n) for n in names], rng)
    return recover(game.initial(players, options), played.events)


def decided_again(recovered: Recovered, rules: int, last: int) -> list[State]:
    """The recovered game dealt again and its decisions taken again by `rules`: the state
    after each decision up to `last`."""
    steps, started = recovered.steps, recovered.started
    start = game.initial(len(started.players), replace(steps[0].before.options, rules=rules))
    deck = tuple(power for power in started.deck if power is not None)
    state = game.fold(start_events(start, started.players, deck, started.seed), start)
    states = []
    for step in steps[: last + 1]:
        state = game.fold(game.decide(state, step.seat, step.command, random.Random(0)), state)
        states.append(state)
    return states


def at_rules(state: State, rules: int) -> State:
    """`state` as a game of `rules` would hold it: its options, and its board joining row 0
    from rules 8 on (evolve.initial_board)."""
    board = state.board
    if board is not None:
        board = replace(board, row_zero=rules >= 8)
    return replace(state, options=replace(state.options, rules=rules), board=board)
