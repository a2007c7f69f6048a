"""The lobby's summary of one game."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from domain.forks import origin
from domain.undo import CONSENT
from projections.frames import bots_by_seat
from projections.live import LiveGame


def summary(live: LiveGame, connected: list[int]) -> dict[str, Any]:
    table = live.table
    return {
        "game_id": live.game_id,
        "game": table.game,
        "title": live.game.title,
        "seats": table.seats,
        "names": list(table.names),
        "bots": bots_by_seat(table),
        "started": table.started,
        "over": live.over,
        "version": live.version,
        "moves": live.moves,
        "last_move_at": _iso(live.moved_ms) if live.moved_ms else None,
        "connected": connected,
        "forked_from": _forked_from(live),
        "rules": table.rules,
        "awaiting": awaiting(live),
        "undo": getattr(live.events[0], "undo", CONSENT),  # the creator's choice (`domain.undo`)
        "clock": clock_part(live),
    }


ASYNC_MS = 24 * 3600 * 1000  # a table whose clock gives each player a day or more: played over days
ASYNC_MOVE_MS = 3600 * 1000  # a table whose every move may take an hour or more: so too


def clock_part(live: LiveGame) -> dict[str, Any] | None:
    """The table's clock as a list shows it (public, as the table view's): what each seat had
    left at `at_ms` (the last stamp), whose clocks run since, whether its time is per move
    (`per_move`: `initial_ms` is each move's deadline) and whether the table is played over
    days (`async`). None without a clock."""
    clock = live.table.clock
    if clock is None:
        return None
    return {
        "initial_ms": clock.initial_ms,
        "increment_ms": clock.increment_ms,
        "left_ms": [clock.left_ms(seat) for seat in range(live.table.seats)],
        "at_ms": clock.since_ms,
        "running": awaiting(live) if clock.since_ms else [],
        "per_move": clock.per_move,
        "async": clock.initial_ms >= (ASYNC_MOVE_MS if clock.per_move else ASYNC_MS),
    }


def awaiting(live: LiveGame) -> list[int]:
    """The seats with something to do now (a browser puts the games awaiting its seats
    first): public, as every seat's legal moves show whose turn it is."""
    table = live.table
    if not table.started or live.over:
        return []
    return [seat for seat in range(table.seats) if live.game.legal(table.state, seat)]


def _forked_from(live: LiveGame) -> dict[str, Any] | None:
    """For a fork: the original game, the version, the original seats' names (labels) and the
    forker's seat (public: it is the seat claimed with the fork)."""
    forked = origin(live.events)
    if forked is None:
        return None
    return {
        "game_id": forked.game_id,
        "version": forked.version,
        "labels": list(forked.labels),
        "forker": forked.knower,
    }


def _iso(ms: int) -> str:
    """A stored time as the lobby shows it: ISO 8601, UTC."""
    return datetime.fromtimestamp(ms / 1000, tz=UTC).isoformat(timespec="seconds")


def status(live: LiveGame) -> str:
    if live.over:
        return "finished"
    return "live" if live.table.started else "open"
