"""Rules 5: the subsidy of a run whose first train was PATCH's 1S, the patch taken off before
the dividend, is the site's reading: no owner for that train (domain/games/zoo18/patch_subsidy.py).
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18 import patch_subsidy
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.messages import PowerMoved, RouteClaim, RunRecorded, TrainMoved
from domain.games.zoo18.state import State

from .helpers import arrange_flow, start

# D 3 2015 #253 of tools/zoo18_oracle.py: CR ran the 1S from its city H3 to the ponds G2 and H1
RUN = RouteClaim("1S-0", (("H3", "G2"), ("G2", "H1")))
PLAIN = B.Modifiers(local_on_track=True)


def _ran_the_1s(rules: int, subsidy: int = 2, patched: bool = False) -> State:
    """CR's 1S has run (two ponds); unless `patched`, the patch has come off since."""
    tiles = (B.LaidTile("H3", "611-0", 2), B.LaidTile("G2", "X7-1", 4), B.LaidTile("H1", "X7-2", 0))
    board = B.Board(
        "D",
        tiles=tiles,
        tokens=(B.Token("H3", 0, 0, "CR"),),
        used=frozenset(t.tile for t in tiles),
    )
    state = start(3, "D")
    state = replace(state, options=replace(state.options, rules=rules), board=board)
    ctx = Ctx(state)
    ctx.emit(TrainMoved("1S-0", "CR" if patched else "reserved"))
    ctx.emit(RunRecorded("CR", 50, subsidy, ("1S-0",), (RUN,)))
    arrange_flow(
        ctx, round="or", order=("CR",), index=0, step="dividend", ran=True, subsidy=subsidy
    )
    return ctx.state


def test_the_deck_s_a_squeeze_adds_its_3_once_the_patch_is_off() -> None:
    # given the patch taken off after the run, A SQUEEZE still in the deck
    state = _ran_the_1s(rules=5)
    # then the site finds no owner for the 1S, and A SQUEEZE none either: 2 ponds + 3
    assert patch_subsidy.subsidy(state, "CR", PLAIN) == 5


def test_two_barrels_no_longer_cancels_the_ponds_once_the_patch_is_off() -> None:
    state = _ran_the_1s(rules=5, subsidy=0)
    barrels = replace(PLAIN, two_barrels=True)
    assert patch_subsidy.subsidy(state, "CR", barrels) == 5


def test_the_family_s_own_a_squeeze_adds_nothing_once_the_patch_is_off() -> None:
    ctx = Ctx(_ran_the_1s(rules=5, subsidy=5))
    ctx.emit(PowerMoved("A_SQUEEZE", "CR"))
    assert patch_subsidy.subsidy(ctx.state, "CR", replace(PLAIN, a_squeeze=True)) == 2


def test_the_run_s_own_subsidy_while_the_patch_stays_and_in_rules_four() -> None:
    assert patch_subsidy.subsidy(_ran_the_1s(rules=5, patched=True), "CR", PLAIN) == 2
    assert patch_subsidy.subsidy(_ran_the_1s(rules=4), "CR", PLAIN) == 2
