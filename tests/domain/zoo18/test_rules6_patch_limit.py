"""Rules 6, found by the harness (tools/zoo18_oracle.py, B 5p seed 20283 #175): PATCH's 1S
counts against the train limit, as 18xx.games counts every train a family holds. There the
first 4S cut the limit to 3 while PB held a 2S, two 3S and a 3S Long; PATCH saved the 2S as
the 1S, and the site made PB discard a train, where rules 5 let its turn go on with four."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from domain.games.zoo18 import game
from domain.games.zoo18.ctx import train_limit
from domain.games.zoo18.messages import DiscardTrain, Pass, ProtectTrain
from domain.games.zoo18.rounds import crowded
from domain.games.zoo18.state import State
from domain.kernel import Rejected
from tests.domain.zoo18.harness_games import position_before


def _before_the_patch() -> tuple[State, int]:
    """The rules 5 position where PB's president saves the 2S, as the harness dealt the game."""
    return position_before("B", 5, 20283, 5, ProtectTrain("2S-4"))


def _patched(state: State, seat: int) -> State:
    return game.fold(game.decide(state, seat, ProtectTrain("2S-4"), random.Random(0)), state)


def test_the_1s_counts_against_the_train_limit_from_rules_6() -> None:
    before5, seat = _before_the_patch()
    after5 = _patched(before5, seat)
    held = sorted(t.id for t in after5.family_trains("PB"))
    assert held == ["1S-0", "3S Long-0", "3S-1", "3S-2"] and train_limit(after5) == 3
    assert crowded(after5) is None  # rules 5, as stored games played it: no discard
    after6 = _patched(replace(before5, options=replace(before5.options, rules=6)), seat)
    assert crowded(after6) == "PB"
    discards = [c for c in game.legal(after6, seat) if isinstance(c, DiscardTrain)]
    assert sorted(c.train for c in discards) == held
    with pytest.raises(Rejected, match="discards first"):
        game.decide(after6, seat, Pass(), random.Random(0))
    done = game.fold(game.decide(after6, seat, DiscardTrain("3S-2"), random.Random(0)), after6)
    assert crowded(done) is None and done.train("3S-2").owner == "discard"
