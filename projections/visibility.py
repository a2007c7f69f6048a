"""Who may see what: a live seat sees itself, spectators public facts, all see all once over."""

from __future__ import annotations

from typing import Any

from domain.kernel import OMNISCIENT, Game, Viewer
from domain.table import Table


def effective(game: Game[Any, Any, Any], table: Table, viewer: Viewer) -> Viewer:
    if table.started and game.is_over(table.state):
        return OMNISCIENT
    return viewer
