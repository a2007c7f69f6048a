"""A table's turn clock as the server handles it: the creator's request checked into a
`ClockSet` (a time per player) or a `DeadlineSet` (a time per move), the stamp that begins
each append, and what a seat has left now."""

from __future__ import annotations

import math
import time
from typing import Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

from domain.clocks import ClockSet, ClockStamped, DeadlineSet, TimeRanOut
from domain.kernel import Reason, Rejected
from domain.table import Table, awaited_seats

MAX_INITIAL_S = 30 * 24 * 3600  # a correspondence game's month
MAX_INCREMENT_S = 7 * 24 * 3600
MAX_PER_MOVE_S = 30 * 24 * 3600


class ClockRequest(msgspec.Struct, forbid_unknown_fields=True):
    """Either a time per player (`initial_s`, `increment_s`) or one per move (`per_move_s`);
    a field not given is UNSET."""

    initial_s: float | UnsetType = UNSET
    increment_s: float = 0
    per_move_s: float | UnsetType = UNSET
    on_timeout: Literal["bot"] = "bot"


def wall_ms() -> int:
    return int(time.time() * 1000)


def clock_set(asked: ClockRequest | None) -> list[Any]:
    """The `ClockSet` of a new table (none without a clock); Rejected for bad values."""
    if asked is None:
        return []
    if not isinstance(asked.per_move_s, UnsetType):
        return [deadline_set(asked, asked.per_move_s)]
    if isinstance(asked.initial_s, UnsetType):
        raise Rejected(Reason.BAD_REQUEST, "clock: initial_s (per player) or per_move_s")
    initial, increment = asked.initial_s, asked.increment_s
    if not (math.isfinite(initial) and 1 <= initial <= MAX_INITIAL_S):
        raise Rejected(Reason.BAD_REQUEST, f"clock.initial_s: from 1 to {MAX_INITIAL_S} seconds")
    if not (math.isfinite(increment) and 0 <= increment <= MAX_INCREMENT_S):
        raise Rejected(
            Reason.BAD_REQUEST, f"clock.increment_s: from 0 to {MAX_INCREMENT_S} seconds"
        )
    return [ClockSet(round(initial * 1000), round(increment * 1000), asked.on_timeout)]


def deadline_set(asked: ClockRequest, per_move: float) -> DeadlineSet:
    if not isinstance(asked.initial_s, UnsetType) or asked.increment_s:
        raise Rejected(
            Reason.BAD_REQUEST,
            "clock.per_move_s: a time per move, without initial_s or increment_s",
        )
    if not (math.isfinite(per_move) and 1 <= per_move <= MAX_PER_MOVE_S):
        raise Rejected(Reason.BAD_REQUEST, f"clock.per_move_s: from 1 to {MAX_PER_MOVE_S} seconds")
    return DeadlineSet(round(per_move * 1000), asked.on_timeout)


def stamps(
    table: Table, game: Any, now_ms: int, seat: int | None = None, ran_out: bool = False
) -> list[Any]:
    """The events an append of a clocked table begins with: its time and the seats awaited
    until then (charged the time since the last stamp), and whether the move is a bot's for a
    seat out of time. Never before the last stamp: a process whose clock is behind another's
    gives no time back."""
    clock = table.clock
    if clock is None:
        return []
    at = max(now_ms, clock.since_ms)
    stamp = ClockStamped(at, seat, tuple(awaited_seats(game, table)))
    return [stamp, *([TimeRanOut(seat)] if ran_out and seat is not None else [])]


def left_now(table: Table, game: Any, now_ms: int) -> list[int]:
    """Per seat, the time it has left at `now_ms`."""
    clock = table.clock
    assert clock is not None
    running = set(awaited_seats(game, table))
    return [clock.left_now(seat, seat in running, now_ms) for seat in range(table.seats)]


def out_of_time(table: Table, game: Any, now_ms: int) -> list[int]:
    """The awaited seats whose time has run out at `now_ms`."""
    if table.clock is None:
        return []
    left = left_now(table, game, now_ms)
    return [seat for seat in awaited_seats(game, table) if left[seat] <= 0]


def deadline(table: Table, game: Any) -> int | None:
    """When the first awaited seat runs out of time, or None (no clock, nobody awaited)."""
    clock = table.clock
    if clock is None or not clock.since_ms:
        return None
    ends = [clock.since_ms + clock.left_ms(seat) for seat in awaited_seats(game, table)]
    return min(ends, default=None)
