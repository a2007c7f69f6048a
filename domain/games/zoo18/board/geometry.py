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
def neighbour(coord: str, edge: int) -> str | None:
    """The coordinate across `edge` (None when it would leave the alphabet or go below row 1)."""
    column, row = parse(coord)
    step_column, step_row = _STEPS[edge]
    column, row = column + step_column, row + step_row
    if column < 0 or column > 25 or row < 1:
        return None
    return f"{chr(ord('A') + column)}{row}"


def opposite(edge: int) -> int:
    return (edge + 3) % 6
