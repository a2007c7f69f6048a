"""Hex coordinates of the 18ZOO maps (flat-topped; letter = column, number = row)."""

from __future__ import annotations

from functools import cache

# Edge -> (column step, row step): 0 bottom, 1 lower-left, 2 upper-left, 3 top, 4 upper-right,
# 5 lower-right.
_STEPS = ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1))


@cache
def parse(coord: str) -> tuple[int, int]:
    """(column, row) of "K9" -> (10, 9)."""
    return ord(coord[0]) - ord("A"), int(coord[1:])


@cache
def neighbour(coord: str, edge: int, row_zero: bool = False) -> str | None:
    """The coordinate across `edge` (None when it would leave the alphabet or the rows).

    Rows start at 1 unless `row_zero` (a board of rules 8): the grey hexes of row 0 on maps B
    to F (G0, I0 or H0, J0) neighbour G2, H1 and the others as on 18xx.games, which joins any
    two hexes one step apart on its grid (`Game::Base#connect_hexes`). Before, row 0 joined
    nothing, and no track ran through those hexes."""
    column, row = parse(coord)
    step_column, step_row = _STEPS[edge]
    column, row = column + step_column, row + step_row
    if column < 0 or column > 25 or row < (0 if row_zero else 1):
        return None
    return f"{chr(ord('A') + column)}{row}"


def opposite(edge: int) -> int:
    return (edge + 3) % 6
