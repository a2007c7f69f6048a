"""Rules 12 (found by the harness's two-way comparison, issue 42 item 2): 18xx.games lets a
president sell the president's certificate in part, as 20%, when another holder takes the
presidency (`bundles_for_corporation` adds a partial bundle for each bundle holding it); the
new president hands the seller one of its 20% certificates for it and the market the other.
Rules 10 offered only the whole certificate. D 2p seed 42000 of the harness, #30: Player 1
holds CR's 40% president's certificate alone, Player 2 two 20% certificates; the reference,
given the partial sale there, leaves Player 1 with CR_1, Player 2 president with CR_0, CR_3 in
the pool and the price a step down (tests/oracle replays it)."""

from __future__ import annotations

import random

import msgspec
import pytest

from clients.python.simulate import play
from domain.exchange.zoo18.recover import recover
from domain.games.zoo18 import game
from domain.games.zoo18.legal import legal
from domain.games.zoo18.messages import Options, SellShares
from domain.games.zoo18.state import State
from domain.games.zoo18.stock import family_price
from domain.kernel import Rejected
from tests.domain.zoo18.harness_games import at_rules, recovered_of
from tools.zoo18_oracle import CLASSIC, bot

PARTIAL = SellShares(("CR_0",), 20)


def before_sale(rules: int) -> tuple[State, int]:
    """Player 1's turn at #30 of D 2p seed 42000 (played at rules 10), by `rules`."""
    step = recovered_of("D", 2, 42000, 10).steps[30]
    state = at_rules(step.before, rules)
    assert [s.id for s in state.family_shares("CR") if s.owner == "p0"] == ["CR_0"]
    assert sorted(s.id for s in state.family_shares("CR") if s.owner == "p1") == ["CR_1", "CR_3"]
    return state, step.seat


def test_rules_11_sells_the_presidents_certificate_in_part() -> None:
    before, seat = before_sale(12)
    assert PARTIAL in legal(before, seat)
    after = game.fold(game.decide(before, seat, PARTIAL, random.Random(0)), before)
    owners = {s.id: s.owner for s in after.family_shares("CR")}
    assert (owners["CR_0"], owners["CR_1"], owners["CR_3"]) == ("p1", "p0", "market")
    assert after.president("CR") == 1
    assert after.players[seat].cash == before.players[seat].cash + 5
    assert (family_price(before, "CR"), family_price(after, "CR")) == (5, 4)  # a step down


def test_the_presidency_must_pass_for_a_sale_in_part() -> None:
    before, seat = before_sale(12)
    with pytest.raises(Rejected, match="only the president's certificate"):
        game.decide(before, seat, SellShares(("CR_0",), 10), random.Random(0))


def test_rules_10_sells_it_whole_only() -> None:
    before, seat = before_sale(10)
    assert PARTIAL not in legal(before, seat)
    assert SellShares(("CR_0",)) in legal(before, seat)
    with pytest.raises(Rejected, match="whole"):
        game.decide(before, seat, PARTIAL, random.Random(0))


def test_the_seller_takes_back_the_certificate_first_in_the_market() -> None:
    # A 4p seed 2027 of the production bots (tests/oracle's sugar game), #88 at rules 12:
    # Player 1 sells 20% of PE's president's certificate while PE_2 sits in the market; the
    # site hands Player 1 PE_2 (the pool's first share) and leaves Player 4's PE_1 and PE_3 there
    rng = random.Random(2027)
    bots = [rng.choice(CLASSIC) for _ in range(4)]
    options = msgspec.convert({"map": "A", "exportable": True, "rules": 12}, Options)
    played = play(game, 4, options, [bot(b) for b in bots], rng)
    step = recover(game.initial(4, options), played.events).steps[88]
    assert step.command == SellShares(("PE_0",), 20)
    assert step.before.share("PE_2").owner == "market"
    after = game.fold(step.events, step.before)
    owners = {s.id: s.owner for s in after.family_shares("PE")}
    assert owners == {"PE_0": "p3", "PE_1": "market", "PE_2": "p0", "PE_3": "market", "PE_4": "ipo"}
