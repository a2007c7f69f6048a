"""The lobby's summary of one game."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from projections.live import LiveGame


def summary(live: LiveGame, connected: list[int]) -> dict[str, Any]:
    table = live.table
    return {
        "game_id": live.game_id,
        "game": table.game,
        "title": live.game.title,
        "seats": table.seats,
        "names": list(table.names),
        "started": table.started,
        "over": live.over,
        "version": live.version,
        "last_move_at": _iso(live.moved_ms) if live.moved_ms else None,
        "connected": connected,
        "rules": table.rules,
    }


def _iso(ms: int) -> str:
    """A stored time as the lobby shows it: ISO 8601, UTC."""
    return datetime.fromtimestamp(ms / 1000, tz=UTC).isoformat(timespec="seconds")


def status(live: LiveGame) -> str:
    if live.over:
        return "finished"
    return "live" if live.table.started else "open"
