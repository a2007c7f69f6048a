"""Rules 14 (found by the two-way comparison in the explorer's games, F 2p seed 45029 #173):
in an OR's emergency sale, 18xx.games lists beside the whole bundles the president's
certificate of another family sold in part, as 20% (`partial_bundles_for_presidents_share`),
when another holder of 40% takes that presidency; its engine takes the sale. Rules 13 sold
only whole certificates in an emergency. There EL must buy a train with 6$N and its president
2$N; Player 1 holds PE's president's certificate alone, Player 2 two 20% certificates and PE_3
sits in the market (tests/oracle replays the sale and agrees with the state after it)."""

from __future__ import annotations

import random

import pytest

from domain.games.zoo18 import game
from domain.games.zoo18 import operating as op
from domain.games.zoo18.legal import legal
from domain.games.zoo18.messages import SellShares
from domain.games.zoo18.state import State
from domain.games.zoo18.stock import family_price
from domain.kernel import Rejected
from tests.domain.zoo18.harness_games import at_rules
from tests.domain.zoo18.test_explore import explored

PARTIAL = SellShares(("PE_0",), 20)


def emergency(rules: int) -> tuple[State, int]:
    """EL's forced train at #173 of F 2p seed 45029 (played at rules 12), by `rules`."""
    step = explored("F", 2, 45029).steps[173]
    state = at_rules(step.before, rules)
    assert (state.flow.round, state.flow.step) == ("or", "buy_train")
    assert op.must_buy(state, "EL") and state.president("EL") == step.seat == 0
    owners = {s.id: s.owner for s in state.family_shares("PE") if s.owner != "ipo"}
    assert owners == {"PE_0": "p0", "PE_1": "p1", "PE_3": "market", "PE_4": "p1"}
    return state, step.seat


def test_rules_14_sells_another_presidents_certificate_in_part_in_an_emergency() -> None:
    before, seat = emergency(14)
    offered = legal(before, seat)
    assert PARTIAL in offered and SellShares(("PE_0",)) in offered
    after = game.fold(game.decide(before, seat, PARTIAL, random.Random(0)), before)
    owners = {s.id: s.owner for s in after.family_shares("PE") if s.owner != "ipo"}
    # PE_0 to the new president, whose 20% certificates go to the market; the seller takes
    # back the market's first certificate, PE_3, there before the sale
    assert owners == {"PE_0": "p1", "PE_1": "market", "PE_3": "p0", "PE_4": "market"}
    assert after.president("PE") == 1
    assert after.players[seat].cash == before.players[seat].cash + family_price(before, "PE")
    assert (after.flow.round, after.flow.step) == ("or", "buy_train")


def test_the_buying_family_s_own_presidency_is_not_sold_in_part() -> None:
    before, seat = emergency(14)
    assert not any(
        isinstance(c, SellShares) and c.shares[0].startswith("EL") for c in legal(before, seat)
    )
    with pytest.raises(Rejected, match="in part"):
        game.decide(before, seat, SellShares(("EL_0",), 20), random.Random(0))


def test_rules_13_sold_certificates_whole_in_an_emergency() -> None:
    before, seat = emergency(13)
    assert PARTIAL not in legal(before, seat)
    assert SellShares(("PE_0",)) in legal(before, seat)
    with pytest.raises(Rejected):
        game.decide(before, seat, PARTIAL, random.Random(0))


def test_the_president_s_certificate_alone_sells_in_part_even_when_no_money_is_short() -> None:
    # D 2p seed 48267 #337 of the explorer: LI (11$N) must buy the 3S Long (12$N) and its
    # president has 2$N, enough together; the site's view lists sales all the same (LI must buy
    # a train), and PB's president's certificate alone, as 20%, passes its "least that covers
    # the gap" test: 2$N less the certificate's 4$N is below the -1$N lacking
    step = explored("D", 2, 48267, 15).steps[337]
    state = at_rules(step.before, 14)
    assert op.must_buy(state, "LI") and state.family("LI").cash == 11
    assert op.emergency_bundles(state, "LI") == []
    offered = [c for c in legal(state, step.seat) if isinstance(c, SellShares)]
    assert offered == [SellShares(("PB_0",), 20)]
    game.decide(state, step.seat, offered[0], random.Random(0))
    assert SellShares(("PB_0",), 20) not in legal(at_rules(step.before, 13), step.seat)
