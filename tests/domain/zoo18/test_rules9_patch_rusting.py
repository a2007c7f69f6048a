"""Rules 9 (issue 42, situation 3): PATCH at a rusting, as 18xx.games' `rust?` has it. A
player holding PATCH chooses among the rusting trains of every family it presides (the site
holds them all back, `trains_for_bandage`); rules 1 to 8 held back the first family's only,
and the others' rusted at once. A family at its train limit counting the trains held back ends
its buy step at once, as the site's `pass! unless can_buy_train?` right after the purchase:
Plateau's buy step already ends so (commands.py), so holding back the buyer's own trains when
it is not the first family is all rules 9 needs for it. tests/oracle checks the trains held back
against the reference engine's, in the same positions (tools/zoo18_patch_probe.rb)."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from domain.games.zoo18 import game
from domain.games.zoo18.messages import BuyTrain, ProtectTrain
from domain.games.zoo18.state import State
from domain.kernel import Rejected
from tests.domain.zoo18.harness_games import at_rules, recovered_of

# E 2p seed 42316 of the harness: EL buys the first 5S (#198); seat 1 presides PE and CR,
# each with a 3S that the 5S rusts (3S-1 and 3S-2), and PATCH is still the bank's
BUY_5S = BuyTrain("5S-0", 30)


def holding_patch(rules: int) -> tuple[State, int]:
    """The position before the purchase, by `rules`, PATCH bought by seat 1."""
    step = next(s for s in recovered_of("E", 2, 42316, 9).steps if s.command == BUY_5S)
    state = at_rules(step.before, rules)
    powers = tuple(replace(p, owner="p1") if p.id == "PATCH" else p for p in state.powers)
    return replace(state, powers=powers), step.seat


def bought(rules: int) -> State:
    before, seat = holding_patch(rules)
    return game.fold(game.decide(before, seat, BUY_5S, random.Random(0)), before)


def owners(state: State, trains: tuple[str, ...]) -> set[str]:
    return {state.train(t).owner for t in trains}


def test_the_holder_chooses_among_the_rusting_trains_of_all_its_families() -> None:
    after = bought(9)
    assert after.flow.patch_trains == ("3S-1", "3S-2")
    assert owners(after, after.flow.patch_trains) == {"PE", "CR"}
    old = bought(8)
    assert old.flow.patch_trains == ("3S-1",)  # PE's only; CR's rusted at once
    assert old.train("3S-2").owner == "rusted"


def test_a_train_of_the_second_family_takes_the_patch_at_rules_9_and_was_refused() -> None:
    after = bought(9)
    assert after.train("3S-2").owner == "CR"
    patched = game.fold(game.decide(after, 1, ProtectTrain("3S-2"), random.Random(0)), after)
    assert patched.train("1S-0").owner == "CR" and patched.power("PATCH").owner == "CR"
    assert patched.train("3S-2").owner == "aside"
    assert patched.train("3S-1").owner == "rusted"
    old = bought(8)
    with pytest.raises(Rejected):
        game.decide(old, 1, ProtectTrain("3S-2"), random.Random(0))
