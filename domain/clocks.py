"""Turn clocks, kept as events: each seat has `initial_ms`, plus `increment_ms` per move of its
own, spent only while the seat is awaited (it has a legal command; in a simultaneous choice
every awaited seat's clock runs at once).

Every append that can change who is awaited (the start, every move) begins with a
`ClockStamped`: the server's time of the append and the seats awaited until then (those with a
legal command in the state before the append's own events, decided where the stamp is made).
Folding it charges each of them with the time since the previous stamp, and credits the mover
its increment; the fold asks no rule who was awaited. (A stamp stored before it named them
leaves `awaited` None: `domain.table` asks the game then, for those stamps only.) The time a
seat has left is thus a fold of stored events, whatever process folds them and however often
every process restarts: a restart neither loses time nor gives it back. `TimeRanOut` says
that the move following it in the same append is a bot's, played because the seat's time had
run out.

A table may instead give each move a deadline (`DeadlineSet`, played over hours or days): the
same clock, whose `initial_ms` is the time per move, no increment, and a mover's time reset to
the whole of it at each of its moves. What runs out, and what `on_timeout` does then, is the
same for both kinds. (`DeadlineSet` is an event of its own: a `ClockSet` stored before it
folds, and is stored, exactly as it always did.)

Who is awaited is public, and so are the stamps (when each append was made): a clock tells
nothing a viewer could not already tell, and nothing of a seat's secrets.
"""

from __future__ import annotations

import msgspec

BOT = "bot"  # on timeout: a bot plays the seat's turn


class ClockEvent(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class ClockSet(ClockEvent, frozen=True, tag="clock_set"):
    initial_ms: int
    increment_ms: int
    on_timeout: str = BOT


class DeadlineSet(ClockEvent, frozen=True, tag="deadline_set"):
    per_move_ms: int  # each move within this, from when its seat is awaited or last moved
    on_timeout: str = BOT


class ClockStamped(ClockEvent, frozen=True, tag="clock_stamped"):
    at_ms: int
    seat: int | None = None  # whose move follows (credited its increment); None: the start
    # the seats awaited until this stamp (charged the time since the last); None: a stamp
    # stored before stamps named them
    awaited: tuple[int, ...] | None = None


class TimeRanOut(ClockEvent, frozen=True, tag="time_ran_out"):
    seat: int


CLOCK_EVENTS = (ClockSet, DeadlineSet, ClockStamped, TimeRanOut)


class Clock(msgspec.Struct, frozen=True):
    initial_ms: int
    increment_ms: int
    on_timeout: str = BOT
    spent: tuple[int, ...] = ()  # per seat: time used, less the increments earned
    since_ms: int = 0  # the last stamp (0: the game has not started)
    ran_out: int = 0  # moves bots played for seats out of time
    per_move: bool = False  # a deadline per move: a mover's time is reset, not incremented

    def left_ms(self, seat: int) -> int:
        """What `seat` had left at the last stamp (never below 0)."""
        used = self.spent[seat] if seat < len(self.spent) else 0
        return max(0, self.initial_ms - used)

    def left_now(self, seat: int, running: bool, now_ms: int) -> int:
        """What `seat` has left at `now_ms`, its clock running since the last stamp or not."""
        elapsed = max(0, now_ms - self.since_ms) if running and self.since_ms else 0
        return max(0, self.left_ms(seat) - elapsed)


def start(event: ClockSet | DeadlineSet) -> Clock:
    if isinstance(event, DeadlineSet):
        return Clock(event.per_move_ms, 0, event.on_timeout, per_move=True)
    return Clock(event.initial_ms, event.increment_ms, event.on_timeout)


def apply(clock: Clock | None, event: ClockEvent, seats: int) -> Clock | None:
    """The clock after `event` (a stamp charges the seats it names as awaited)."""
    if isinstance(event, ClockSet | DeadlineSet):
        return start(event)
    if clock is None:
        return None
    if isinstance(event, TimeRanOut):
        return msgspec.structs.replace(clock, ran_out=clock.ran_out + 1)
    if not isinstance(event, ClockStamped):
        return clock
    spent = [*clock.spent, *(0,) * (seats - len(clock.spent))]
    if clock.since_ms:
        elapsed = max(0, event.at_ms - clock.since_ms)
        for seat in event.awaited or ():
            # a seat out of time stays at 0 left: time past the end is not carried as debt
            spent[seat] = min(clock.initial_ms, spent[seat] + elapsed)
    if event.seat is not None and 0 <= event.seat < seats:
        if clock.per_move:
            spent[event.seat] = 0  # its next move has the whole deadline again
        else:
            spent[event.seat] -= clock.increment_ms
    return msgspec.structs.replace(
        clock, spent=tuple(spent), since_ms=max(clock.since_ms, event.at_ms)
    )
