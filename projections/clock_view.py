"""A table's turn clock as every viewer is shown it (the same for all: it is public)."""

from __future__ import annotations

from typing import Any

from domain.table import Table, awaited_seats


def shown(table: Table, game: Any) -> dict[str, Any] | None:
    """The clock as the table view shows it: what each seat had left at the last stamp
    (`since_ms`, server time) and whose clocks run since; a client ticks from there. With a
    deadline per move, a seat's time left is until its move's deadline."""
    clock = table.clock
    if clock is None:
        return None
    return {
        "initial_ms": clock.initial_ms,
        "increment_ms": clock.increment_ms,
        "on_timeout": clock.on_timeout,
        "per_move": clock.per_move,  # initial_ms is then each move's deadline
        "left_ms": [clock.left_ms(seat) for seat in range(table.seats)],
        "running": awaited_seats(game, table) if clock.since_ms else [],
        "since_ms": clock.since_ms,
    }
