"""A game being played whose players have all left and that nobody moved for a while (a
day by default, `PLATEAU_ABANDONED_AFTER_S`): the lobby lists it as abandoned instead of
being played forever. A player coming back and moving makes it live again."""

from __future__ import annotations

DAY_S = 24 * 3600.0


def abandoned(
    status: str, moved_ms: int, connected: list[int], now_s: float, after_s: float
) -> bool:
    """Whether a game of lobby `status`, last moved at `moved_ms` (store time; 0: never), with
    these seats `connected`, counts as abandoned at `now_s` (wall clock, seconds)."""
    if status != "live" or connected or not moved_ms:
        return False
    return now_s - moved_ms / 1000 >= after_s
