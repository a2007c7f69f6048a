"""Rules 7, found by the harness (tools/zoo18_oracle.py, E 4p seed 21096 #350): a family that
patches an obsolete train by choice is over the train limit with PATCH's 1S, and 18xx.games does
not ask it to discard until another train moves: the site keeps its list of families over the
limit (`crowded_corps`) from before the patch, and only a train's move clears it. Rules 6 asked
the discard at once, which the site refused ("Blocking step Lay/Upgrade Track")."""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.games.zoo18 import game
from domain.games.zoo18.ctx import Ctx, train_limit
from domain.games.zoo18.messages import DiscardTrain, LayTile, UsePower
from domain.games.zoo18.rounds import crowded
from domain.games.zoo18.state import State
from domain.games.zoo18.trains import counted, depot_offer, move_train
from tests.domain.zoo18.harness_games import position_before

PATCH_4S = UsePower("PATCH", "patch", "EL", "4S-1")


def _patched(rules: int) -> tuple[State, int]:
    before, seat = position_before("E", 4, 21096, 6, PATCH_4S)
    before = replace(before, options=replace(before.options, rules=rules))
    return game.fold(game.decide(before, seat, PATCH_4S, random.Random(0)), before), seat


def test_a_patch_by_choice_is_counted_against_the_limit_once_a_train_moves() -> None:
    after7, seat = _patched(7)
    assert counted(after7, "EL") == train_limit(after7) + 1  # the 1S beside two trains
    assert crowded(after7) is None and after7.flow.limit_unchecked == "EL"
    offered = game.legal(after7, seat)
    assert not any(isinstance(c, DiscardTrain) for c in offered)
    assert any(isinstance(c, LayTile) for c in offered)  # EL's track step goes on
    ctx = Ctx(after7)
    train = depot_offer(after7)[0]
    move_train(ctx, train, "GI", None)  # any train that moves, here a family's purchase
    assert ctx.state.flow.limit_unchecked == "" and crowded(ctx.state) == "EL"


def test_games_of_rules_6_keep_asking_the_discard_at_once() -> None:
    after6, seat = _patched(6)
    assert after6.flow.limit_unchecked == "" and crowded(after6) == "EL"
    assert all(isinstance(c, DiscardTrain) for c in game.legal(after6, seat))
