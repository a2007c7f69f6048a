"""Rules 5: WORK IN PROGRESS blocks only a city with a slot free and kept for no one, as
18xx.games (`available_slots`): found by the harness's bots (C 3p seed 6032), where Plateau's
rules 4 let the block take the only slot of EL's home, kept for EL, and later offered EL's par
that then had no home slot."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from clients.python.simulate import play
from clients.python.strategies.zoo18_reach import STYLES
from domain.games.zoo18 import game
from domain.games.zoo18.messages import Assign, Options
from domain.games.zoo18.rounds import acting_seat
from domain.games.zoo18.state import State
from domain.kernel import Rejected
from tools.zoo18_oracle import bot

BLOCK = Assign("WORK_IN_PROGRESS", "E5")


class _Found(Exception):
    def __init__(self, state: State) -> None:
        self.state = state


def _before_the_block() -> State:
    """The rules 4 position where the harness's bots blocked EL's home (map C, 3 players)."""
    rng = random.Random(6032)
    names = [rng.choice(("random", "greedy", "eager", "reckless")) for _ in range(3)]

    def watching(name: str) -> Any:
        def chosen(g: Any, state: State, seat: int, legal: Any, r: Any) -> Any:
            command = bot(name)(g, state, seat, legal, r)
            if command == BLOCK:
                raise _Found(state)
            return command

        return chosen

    options = msgspec.convert({"map": "C", "exportable": True, "rules": 4}, Options)
    with pytest.raises(_Found) as found:
        play(game, 3, options, [watching(n) for n in names], rng)
    return found.value.state


def test_rules_4_blocks_a_home_slot_kept_for_an_unopened_family_and_rules_5_does_not() -> None:
    assert "eager" in STYLES
    before = _before_the_block()
    seat = acting_seat(before)
    assert seat is not None
    assert BLOCK in game.legal(before, seat)  # rules 4 as stored games played it
    game.decide(before, seat, BLOCK, random.Random(0))
    now = replace(before, options=replace(before.options, rules=5))
    assert BLOCK not in game.legal(now, seat)
    with pytest.raises(Rejected, match="no slot free"):
        game.decide(now, seat, BLOCK, random.Random(0))
