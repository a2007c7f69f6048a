"""Rules 5: a family's token ends its reservation in that city, also in ON A DIET's extra
slot, as 18xx.games' City#place_token (E 5 6070 #322). The decision says so in the fact
(`TokenPut.released`, test_rules5.py); evolve applies it, and a fact without it (rules 4)
keeps the slot."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.messages import SlotReserved, TokenPut
from domain.games.zoo18.state import State

from .helpers import start


def _diet_token_where_cr_kept_a_slot(released: bool) -> State:
    """Map A, L4 (tile 57, one slot): slot 0 kept for CR; CR's token goes to the extra slot."""
    state = start(2)
    assert state.board is not None
    tiles = (*state.board.tiles, B.LaidTile("L4", "57-0", 0))
    ctx = Ctx(replace(state, board=replace(state.board, tiles=tiles)))
    ctx.emit(SlotReserved("L4", 0, 0, "CR"))
    ctx.emit(TokenPut("CR", "L4", 0, 1, extra_slot=True, asked_slot=1, released=released))
    return ctx.state


def test_the_diet_token_ends_the_family_s_reservation() -> None:
    board = _diet_token_where_cr_kept_a_slot(True).board
    assert board is not None
    assert not [r for r in board.reservations if r.hex == "L4"]
    assert B.open_slots(board, "L4") == 1


def test_rules_four_keeps_it() -> None:
    board = _diet_token_where_cr_kept_a_slot(False).board
    assert board is not None
    assert [r.family for r in board.reservations if r.hex == "L4"] == ["CR"]
