"""Small board scenarios on the real maps, built with the public API only."""

from __future__ import annotations

from domain.games.zoo18 import board as B

YELLOW = ("yellow",)
GREEN = ("yellow", "green")
BROWN = ("yellow", "green", "brown")
GRAY = ("yellow", "green", "brown", "gray")


def parred(map_id: str, *families: str) -> tuple[B.MapDef, B.Board]:
    """Map `map_id` with each family's home token placed (as when it is parred)."""
    map_def = B.load_map(map_id)
    board = B.initial_board(map_def)
    for family in families:
        board = B.place_home_token(board, map_def, family)
    return map_def, board


def lay(
    map_def: B.MapDef,
    board: B.Board,
    family: str,
    hex: str,
    tile: str,
    rotation: int,
    colours: tuple[str, ...] = YELLOW,
    mode: B.LayMode = "track",
) -> B.Board:
    return B.check_lay(board, map_def, family, hex, tile, rotation, colours, mode).board


def gi_to_l4() -> tuple[B.MapDef, B.Board]:
    """Map A: GI home K9 with tile 5 towards K7, tile 201 on the Y city L4 (as in the fixtures)."""
    map_def, board = parred("A", "GI")
    board = lay(map_def, board, "GI", "K9", "5-0", 2, mode="home")
    board = lay(map_def, board, "GI", "L4", "201-0", 5)
    return map_def, board


def pe_home() -> tuple[B.MapDef, B.Board]:
    """Map A: PE home K17 with tile 6 whose track leaves towards K15 (Y) and L18 (mountain)."""
    map_def, board = parred("A", "PE")
    return map_def, lay(map_def, board, "PE", "K17", "6-0", 3, mode="home")
