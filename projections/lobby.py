"""The lobby's summary of one game."""

from __future__ import annotations

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
        "connected": connected,
    }


def status(live: LiveGame) -> str:
    if live.over:
        return "finished"
    return "live" if live.table.started else "open"
