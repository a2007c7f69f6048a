"""A deadline per move, as a fold: given a table's clock events, when a stamp comes, then what
each seat has left. A mover gets the whole deadline again at each of its moves; a seat still
awaited keeps running towards its deadline; a seat not awaited is not charged. A time per
player (`ClockSet`) folds and is stored exactly as before `DeadlineSet` existed."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.clocks import (
    Clock,
    ClockEvent,
    ClockSet,
    ClockStamped,
    DeadlineSet,
    TimeRanOut,
    apply,
)

HOUR = 3_600_000
EVENT = msgspec.json.Decoder(ClockSet | DeadlineSet | ClockStamped | TimeRanOut)


def given(*events: ClockEvent, seats: int = 2) -> Clock:
    clock: Clock | None = None
    for event in events:
        clock = apply(clock, event, seats)
    assert clock is not None
    return clock


def when(clock: Clock, event: ClockEvent, seats: int = 2) -> Clock:
    after = apply(clock, event, seats)
    assert after is not None
    return after


def then_left(clock: Clock, *left: int) -> None:
    assert [clock.left_ms(seat) for seat in range(len(left))] == list(left)


START = 1_000_000


def test_a_mover_has_the_whole_deadline_again_after_its_move() -> None:
    clock = given(DeadlineSet(per_move_ms=24 * HOUR), ClockStamped(START, None, ()))
    assert clock.per_move and clock.increment_ms == 0
    # seat 0 awaited for 5 hours, then moves
    clock = when(clock, ClockStamped(START + 5 * HOUR, 0, (0,)))
    then_left(clock, 24 * HOUR, 24 * HOUR)
    # both awaited 3 hours; seat 1 moves: seat 0 runs on, seat 1 starts again
    clock = when(clock, ClockStamped(START + 8 * HOUR, 1, (0, 1)))
    then_left(clock, 21 * HOUR, 24 * HOUR)


def test_a_seat_awaited_past_its_deadline_stops_at_zero_and_its_timeout_resets_it() -> None:
    clock = given(DeadlineSet(per_move_ms=HOUR), ClockStamped(START, None, ()))
    assert clock.left_now(0, True, START + 2 * HOUR) == 0
    # the bot's move for the seat out of time: stamped, and said so
    clock = when(clock, ClockStamped(START + 2 * HOUR, 0, (0,)))
    clock = when(clock, TimeRanOut(0))
    then_left(clock, HOUR, HOUR)
    assert clock.ran_out == 1


def test_a_deadline_is_never_added_to_what_is_left() -> None:
    """Moving early leaves the deadline as it is: nothing saved up for later moves."""
    clock = given(DeadlineSet(per_move_ms=HOUR), ClockStamped(START, None, ()))
    for minute in range(1, 6):
        clock = when(clock, ClockStamped(START + minute * 60_000, 0, (0,)))
    then_left(clock, HOUR, HOUR)


def test_a_time_per_player_still_earns_its_increment_and_keeps_its_spending() -> None:
    clock = given(ClockSet(initial_ms=HOUR, increment_ms=10_000), ClockStamped(START, None, ()))
    assert not clock.per_move
    clock = when(clock, ClockStamped(START + 60_000, 0, (0,)))
    then_left(clock, HOUR - 60_000 + 10_000, HOUR)


def test_a_stored_clock_set_reads_and_writes_the_same_bytes() -> None:
    stored = b'{"type":"clock_set","initial_ms":600000,"increment_ms":5000,"on_timeout":"bot"}'
    event: Any = EVENT.decode(stored)
    assert event == ClockSet(600_000, 5_000)
    assert msgspec.json.encode(event) == stored


def test_a_deadline_set_is_stored_under_its_own_type() -> None:
    event = DeadlineSet(per_move_ms=2 * HOUR)
    stored = msgspec.json.encode(event)
    assert stored == b'{"type":"deadline_set","per_move_ms":7200000,"on_timeout":"bot"}'
    assert EVENT.decode(stored) == event
