"""Share-price movement on the 18ZOO stock market (two-dimensional, rows left-aligned)."""

from __future__ import annotations

from domain.games.zoo18.data import MARKET, Cell

Pos = tuple[int, int]


def cell(pos: Pos) -> Cell:
    return MARKET[pos[0]][pos[1]]


def exists(row: int, col: int) -> bool:
    return 0 <= row < len(MARKET) and 0 <= col < len(MARKET[row])


def right(pos: Pos) -> Pos:
    row, col = pos
    if exists(row, col + 1):
        return (row, col + 1)
    if row > 0 and exists(row - 1, col):
        return (row - 1, col)
    return pos


def left(pos: Pos) -> Pos:
    row, col = pos
    if col > 0:
        return (row, col - 1)
    if exists(row + 1, col):
        return (row + 1, col)
    return pos


def down(pos: Pos) -> Pos:
    row, col = pos
    return (row + 1, col) if exists(row + 1, col) else pos


def up(pos: Pos) -> Pos:
    row, col = pos
    return (row - 1, col) if row > 0 else pos


def price(pos: Pos) -> int:
    return cell(pos).price


def pay_target(pos: Pos, revenue: int) -> Pos:
    """Where a paying family lands: one step right when revenue reaches the threshold."""
    threshold = cell(pos).threshold
    if threshold is not None and revenue >= threshold:
        return right(pos)
    return pos


def cell_id(pos: Pos) -> str:
    return f"{price(pos)},{pos[0]},{pos[1]}"
