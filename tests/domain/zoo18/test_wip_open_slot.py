"""Rules 5: WORK IN PROGRESS needs a slot neither taken nor kept for a family, as 18xx.games
(City#available_slots); F 2 6053 #40 blocked the only slot of CR's home before CR opened."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18 import game
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.messages import Assign, LayTile, Par, Pass, PowerMoved
from domain.games.zoo18.state import State
from domain.kernel import Reason
from tests.given import Given

from .helpers import play, start


def _gi_holds_wip_by_pb_s_home(rules: int) -> State:
    """Map A: GI operates holding WORK IN PROGRESS; a tile lies on N10, PB's home (PB not
    opened: its one slot is kept for it)."""
    state = play(start(2), Pass(), Pass(), Par("GI", 7), LayTile("K9", "5-0", 2), *[Pass()] * 3)
    state = replace(state, options=replace(state.options, rules=rules))
    assert state.board is not None and state.flow.order == ("GI",)
    tiles = (*state.board.tiles, B.LaidTile("N10", "57-0", 0))
    board = replace(state.board, tiles=tiles, used=state.board.used | {"57-0"})
    ctx = Ctx(replace(state, board=board))
    ctx.emit(PowerMoved("WORK_IN_PROGRESS", "GI"))
    return ctx.state


def test_a_city_whose_only_slot_is_kept_has_no_open_slot() -> None:
    state = _gi_holds_wip_by_pb_s_home(5)
    assert state.board is not None
    assert B.open_slots(state.board, "N10") == 0
    assert B.open_slots(state.board, "K9") == 0  # GI's own token
    assert B.open_slots(state.board, "C11") is None  # a pond


def test_work_in_progress_cannot_block_a_kept_slot_in_rules_five() -> None:
    state = _gi_holds_wip_by_pb_s_home(5)
    Given(game, state).when(0, Assign("WORK_IN_PROGRESS", "N10")).rejects(
        Reason.ILLEGAL, "free slot"
    )
    assert Assign("WORK_IN_PROGRESS", "N10") not in game.legal(state, 0)


def test_rules_four_blocks_it() -> None:
    state = play(_gi_holds_wip_by_pb_s_home(4), Assign("WORK_IN_PROGRESS", "N10"))
    assert state.board is not None
    assert any(t.hex == "N10" and t.owner == "WIP" for t in state.board.tokens)
