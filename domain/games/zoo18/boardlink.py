"""The flow's bridge to the board package (map, tiles, tokens, routes)."""

from __future__ import annotations

from typing import cast

from domain.games.zoo18 import board as B
from domain.games.zoo18.facts import PHASE_BY_NAME


def colours(phase: str) -> tuple[str, ...]:
    return PHASE_BY_NAME[phase].tiles


def map_def(map_id: str) -> B.MapDef | None:
    try:
        return B.load_map(map_id)
    except NotImplementedError:
        return None


def initial(map_id: str) -> B.Board:
    m = map_def(map_id)
    if m is None:
        return B.Board(map_id=map_id)
    try:
        return B.initial_board(m)
    except NotImplementedError:
        return B.Board(map_id=map_id)


def ready(board: B.Board | None) -> bool:
    """Whether the board engine is available (it is built by another module)."""
    if board is None:
        return False
    try:
        B.load_map(board.map_id)
        return True
    except NotImplementedError:
        return False


def lay(
    board: B.Board,
    m: B.MapDef,
    family: str,
    hex_: str,
    tile: str,
    rotation: int,
    phase: str,
    mode: str,
    replay: bool,
) -> B.Lay:
    """Check and apply a lay. In replay mode the recorded copy is trusted to be in the supply
    (18xx.games accepts a recorded copy whose partner face was taken by an earlier lay)."""
    if replay and tile in board.used and not any(t.tile == tile for t in board.tiles):
        from msgspec.structs import replace

        board = replace(board, used=board.used - {tile})
    return B.check_lay(
        board,
        m,
        family,
        hex_,
        tile,
        rotation,
        colours(phase),
        cast(B.LayMode, mode),
        strict=not replay,
    )
