"""What a harness game reached (domain.exchange.zoo18.coverage): each kind of decision counts
where it should, and only there."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.exchange.zoo18.coverage import coverage, powers_in
from domain.exchange.zoo18.recover import Step
from domain.games.zoo18.messages import (
    Bid,
    BuyTrain,
    LayTile,
    Paid,
    Penalised,
    ProtectTrain,
    RouteClaim,
    RunRecorded,
    RunRoutes,
    SellShares,
    UsePower,
)
from domain.games.zoo18.state import Flow, Holding, State
from tests.domain.zoo18.helpers import start


def _operating(state: State, sym: str = "GI", **held: str) -> State:
    """`state` in an OR with `sym` awaited, each named power held by its family."""
    powers = tuple(replace(p, owner=held.get(p.id, p.owner)) for p in state.powers)
    missing = tuple(Holding(p, owner) for p, owner in held.items() if p not in state.powers)
    return replace(
        state, powers=(*powers, *missing), flow=Flow(round="or", order=(sym,), step="buy_train")
    )


def _step(before: State, command: Any, *events: Any) -> Step:
    return Step(seat=0, command=command, before=before, events=events)


def test_a_train_the_president_pays_for_is_forced_and_the_bank_covering_him_a_bankruptcy() -> None:
    before = _operating(start(2))
    steps = [
        _step(before, BuyTrain("2S-0", 7), Paid("p0", "GI", 3), Paid("GI", "bank", 7)),
        _step(before, BuyTrain("2S-1", 7), Paid("GI", "bank", 7)),  # the family's own money
        _step(
            before,
            BuyTrain("3S-0", 12),
            Paid("p0", "GI", 2),
            Paid("bank", "GI", 4),
            Penalised(0, 8),
            Paid("GI", "bank", 12),
        ),
        _step(before, BuyTrain("3S-1", 12), Paid("bank", "GI", 12), Penalised(0, 24)),
        _step(before, SellShares(("PB_1",))),
    ]
    reached = coverage(steps, "fixed_round")
    assert (reached.forced_buys, reached.bankruptcies, reached.emergency_sales) == (3, 2, 1)
    assert reached.end == "fixed_round"


def test_a_sale_in_the_stock_round_is_no_emergency() -> None:
    state = start(2)
    sr = replace(state, flow=Flow(round="sr", order=("0", "1")))
    assert coverage([_step(sr, SellShares(("GI_1",)))], "").emergency_sales == 0


def test_a_commanded_power_counts_when_sent_and_patch_only_when_it_saves_a_train() -> None:
    state = start(2)
    assert powers_in(UsePower("DAYS_OFF", "days_off", "GI"), state, (), "") == {"DAYS_OFF"}
    assert powers_in(ProtectTrain("2S-0"), state, (), "") == {"PATCH"}
    assert powers_in(ProtectTrain(None), state, (), "") == set()
    assert powers_in(LayTile("E7", "7", 0), state, (), "") == set()


def test_the_powers_that_pay_on_purchase_count_when_bought() -> None:
    state = start(2)
    assert powers_in(Bid("TOO_MUCH_RESPONSIBILITY", 1), state, (), "") == {
        "TOO_MUCH_RESPONSIBILITY"
    }
    assert powers_in(Bid("MIDAS", 1), state, (), "") == set()  # used only when activated


def test_shining_gold_counts_when_its_terrain_bonus_is_paid() -> None:
    before = _operating(start(2), SHINING_GOLD="GI")
    lay = LayTile("E7", "7", 0)
    assert powers_in(lay, before, (Paid("bank", "GI", 2),), "GI") == {"SHINING_GOLD"}
    assert powers_in(lay, before, (Paid("GI", "bank", 2),), "GI") == set()
    without = _operating(start(2))
    assert powers_in(lay, without, (Paid("bank", "GI", 2),), "GI") == set()


def test_a_squeeze_counts_at_a_run_with_a_subsidy() -> None:
    before = _operating(start(2), A_SQUEEZE="GI")
    run = RunRoutes((RouteClaim("2S-0", ()),))
    paid = RunRecorded("GI", 40, 13, ("2S-0",))
    dry = RunRecorded("GI", 40, 0, ("2S-0",))
    assert "A_SQUEEZE" in powers_in(run, before, (paid,), "GI")
    assert "A_SQUEEZE" not in powers_in(run, before, (dry,), "GI")
