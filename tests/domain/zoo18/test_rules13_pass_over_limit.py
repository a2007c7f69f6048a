"""Rules 13 (found by the two-way comparison in the explorer's games, F 5p seed 45023 #477):
18xx.games' 18ZOO stock step offers a pass to a player over the certificate limit (its
`actions` adds `pass` to the base step's `sell_shares`), and the engine takes it. Rules 12
offered only the sales and refused the pass ("sell first"); imported games could always pass."""

from __future__ import annotations

import pytest

from domain.bots import NO_DRAWS
from domain.games.zoo18 import game, stock
from domain.games.zoo18.legal import legal
from domain.games.zoo18.messages import Pass
from domain.games.zoo18.state import State
from domain.kernel import Rejected
from tests.domain.zoo18.harness_games import at_rules
from tests.domain.zoo18.test_explore import explored


def over_the_limit(rules: int) -> tuple[State, int]:
    step = explored("F", 5, 45023).steps[477]
    state = at_rules(step.before, rules)
    assert stock.must_sell(state, step.seat)
    return state, step.seat


def test_rules_12_lets_a_player_over_the_limit_pass() -> None:
    state, seat = over_the_limit(13)
    assert Pass() in legal(state, seat)
    assert any(type(c).__name__ == "SellShares" for c in legal(state, seat))
    game.decide(state, seat, Pass(), NO_DRAWS)


def test_rules_11_asked_for_a_sale_first() -> None:
    state, seat = over_the_limit(12)
    assert Pass() not in legal(state, seat)
    with pytest.raises(Rejected, match="sell first"):
        game.decide(state, seat, Pass(), NO_DRAWS)
