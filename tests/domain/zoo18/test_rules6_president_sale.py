"""Rules 6, found by the harness (tools/zoo18_oracle.py, A 2p seed 20000 #148): a president who
would still be among the largest holders after selling the president's certificate keeps the
presidency on 18xx.games, which leaves that certificate in the pool. Rules 5 handed it to the
other 40% holder. From rules 6 such a sale is refused, since the same 40% sells as two 20%
certificates, and after it Plateau and the site hold the same certificates."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from domain.games.zoo18 import game
from domain.games.zoo18.messages import SellShares
from domain.games.zoo18.state import State
from domain.kernel import Rejected
from tests.domain.zoo18.harness_games import position_before

DUMP = SellShares(("LI_0",))


def _before_the_sale() -> tuple[State, int]:
    """The rules 5 position where Player 1, 80% of LI, sells its president's certificate."""
    return position_before("A", 2, 20000, 5, DUMP)


def test_a_president_still_among_the_largest_holders_sells_20_certificates() -> None:
    before5, seat = _before_the_sale()
    assert before5.president("LI") == seat
    assert before5.percent_of(f"p{seat}", "LI") == 80
    assert before5.percent_of(f"p{1 - seat}", "LI") == 40
    after5 = game.fold(game.decide(before5, seat, DUMP, random.Random(0)), before5)
    assert after5.president("LI") == 1 - seat  # rules 5, as stored games played it
    before6 = replace(before5, options=replace(before5.options, rules=6))
    with pytest.raises(Rejected, match="you stay president of LI with 40%"):
        game.decide(before6, seat, DUMP, random.Random(0))
    sales = [c for c in game.legal(before6, seat) if isinstance(c, SellShares)]
    assert DUMP not in sales
    forty = next(c for c in sales if len(c.shares) == 2 and "LI_0" not in c.shares)
    after6 = game.fold(game.decide(before6, seat, forty, random.Random(0)), before6)
    assert after6.president("LI") == seat
    assert after6.percent_of(f"p{seat}", "LI") == 40
    assert after6.percent_of("market", "LI") == 40
