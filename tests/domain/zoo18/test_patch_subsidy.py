"""Rules 5: the subsidy of a run whose first train was PATCH's 1S, the patch taken off before
the dividend, is the site's reading: no owner for that train (domain/games/zoo18/patch_subsidy.py).
Rules 19: a train that ran and was then set aside by PATCH keeps its family, as on the site.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18 import patch_subsidy
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.data import ASIDE_KEEPS_OWNER
from domain.games.zoo18.messages import (
    PowerMoved,
    PowerUpdated,
    RouteClaim,
    RunRecorded,
    TrainMoved,
)
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


def _ran_then_patched(rules: int) -> State:
    """CR's 3S ran the same two ponds with TWO BARRELS on (subsidy 0), then CR put PATCH on it
    before its dividend: the 3S set aside, the 1S in its place (A 5 49242 #447 of the explorer)."""
    ctx = Ctx(_ran_the_1s(rules, subsidy=0, patched=True))
    ctx.emit(TrainMoved("1S-0", "reserved"))
    ctx.emit(TrainMoved("3S-0", "CR"))
    ctx.emit(RunRecorded("CR", 50, 0, ("3S-0",), (replace(RUN, train="3S-0"),)))
    ctx.emit(PowerMoved("PATCH", "CR"))
    ctx.emit(TrainMoved("3S-0", "aside"))
    ctx.emit(TrainMoved("1S-0", "CR"))
    ctx.emit(PowerUpdated("PATCH", 1, "3S-0"))
    return ctx.state


def test_a_train_set_aside_after_its_run_is_still_the_family_s_from_rules_19() -> None:
    barrels = replace(PLAIN, two_barrels=True)
    # the site: the set-aside 3S is still CR's, whose TWO BARRELS keeps cancelling the ponds
    ran = _ran_then_patched(ASIDE_KEEPS_OWNER)
    assert not patch_subsidy.orphaned(ran, "CR")
    assert patch_subsidy.subsidy(ran, "CR", barrels) == 0
    # rules 18 read it as ownerless and counted the ponds again (the reference paid nothing)
    assert patch_subsidy.orphaned(_ran_then_patched(ASIDE_KEEPS_OWNER - 1), "CR")
