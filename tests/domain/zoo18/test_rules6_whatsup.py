"""Rules 6, found by the harness (tools/zoo18_oracle.py, A 4p seed 10084 #146): WHATSUP may buy
any train the depot sells, a discarded one too, as 18xx.games offers every train of its
`depot_trains`. There PB (17$N) could not afford the depot's first train (4S Perm, 20$N) but
could buy the discarded 3S-1 (12$N): the site kept its president's turn open for WHATSUP after
the purchase, where rules 5 ended it and gave the turn to the next player."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from domain.games.zoo18 import game
from domain.games.zoo18.messages import BuyPower, UsePower
from domain.games.zoo18.rounds import acting_seat
from domain.games.zoo18.state import State
from domain.kernel import Rejected
from tests.domain.zoo18.harness_games import position_before

WHATSUP_3S = UsePower("WHATSUP", "whatsup", "PB", "3S-1", "3S")


def _before_buying_whatsup() -> tuple[State, int]:
    """The rules 5 position where Player 2 buys WHATSUP, as the harness dealt the game."""
    return position_before("A", 4, 10084, 5, BuyPower("WHATSUP", 3))


def _buy(state: State, seat: int) -> State:
    return game.fold(game.decide(state, seat, BuyPower("WHATSUP", 3), random.Random(0)), state)


def test_whatsup_for_a_discarded_train_keeps_the_turn_open_from_rules_6() -> None:
    before5, seat = _before_buying_whatsup()
    assert [t.id for t in before5.trains if t.owner == "discard"] == ["3S-1"]
    assert before5.family("PB").cash == 17
    after5 = _buy(before5, seat)
    assert acting_seat(after5) != seat  # rules 5, as stored games played it: the turn ended
    before6 = replace(before5, options=replace(before5.options, rules=6))
    after6 = _buy(before6, seat)
    assert acting_seat(after6) == seat
    assert [c for c in game.legal(after6, seat) if isinstance(c, UsePower)] == [WHATSUP_3S]
    used = game.fold(game.decide(after6, seat, WHATSUP_3S, random.Random(0)), after6)
    assert after6.train("3S-1").owner == "discard"
    assert used.train("3S-1").owner == "PB"
    assert used.family("PB").cash == 5
    assert used.phase == after6.phase  # a discarded train changes no phase
    assert used.train("4S Perm-0").owner == "depot"


def test_whatsup_refuses_a_train_the_depot_does_not_sell() -> None:
    before5, seat = _before_buying_whatsup()
    after6 = _buy(replace(before5, options=replace(before5.options, rules=6)), seat)
    for train, words in (("4S Perm-0", "costs 20"), ("5S-0", "sells: 4S Perm-0, 3S-1")):
        command = UsePower("WHATSUP", "whatsup", "PB", train, None)
        with pytest.raises(Rejected, match=words):
            game.decide(after6, seat, command, random.Random(0))
