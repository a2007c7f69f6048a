"""The pending undo request as the table part of every view shows it (public: who asked,
for which command, who accepted), so a browser can offer Accept and Refuse."""

from __future__ import annotations

from typing import Any

from domain.undo import UndoAsked


def undo_part(asked: UndoAsked | None) -> dict[str, Any] | None:
    if asked is None:
        return None
    return {"seat": asked.seat, "version": asked.version, "accepted": list(asked.accepted)}
