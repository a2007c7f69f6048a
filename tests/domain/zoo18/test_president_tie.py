"""Rules 5: a tie for the presidency goes round the priority order from the old president, as
18xx.games goes round its players, reordered by priority after each SR (D 4 6183 #259)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.messages import Parred, PriorityChanged, SharesMoved
from domain.games.zoo18.state import State
from domain.games.zoo18.stock import fix_president

from .helpers import start


def _president_sells_to_a_tie(rules: int) -> State:
    """Seat 1 presides GI (40%); seats 0 and 3 hold 40% each; priority 2, 1, 0, 3. Seat 1's
    president's certificate goes to the pool."""
    state = start(4)
    ctx = Ctx(replace(state, options=replace(state.options, rules=rules)))
    ctx.emit(Parred("GI", 1, 1), PriorityChanged((2, 1, 0, 3)))
    ctx.emit(SharesMoved(("GI_0",), "p1"), SharesMoved(("GI_1", "GI_2"), "p3"))
    ctx.emit(SharesMoved(("GI_3", "GI_4"), "p0"), SharesMoved(("GI_0",), "market"))
    fix_president(ctx, "GI", 1)
    return ctx.state


def test_the_tie_goes_to_the_next_in_priority() -> None:
    assert _president_sells_to_a_tie(5).president("GI") == 0


def test_rules_four_goes_round_the_seats() -> None:
    assert _president_sells_to_a_tie(4).president("GI") == 3
