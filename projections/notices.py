"""The notices a game's events make due: the table is full, it has started, a seat's turn has
come, an undo is asked of a seat, the game is over. Derived from the stored events alone, so
any process that derives the same versions finds the same notices with the same ids.

A notice goes to one seat (its holder's channels) or to the table (`seat` None: the channels
of the table's creator, a group's). It carries only what its reader is shown anyway: the
table's public part (`projections.frames.table_part`: title, names, result), the seats the
game awaits (public: `domain.table.awaited_seats`) and, for a seat, the kinds of its own legal
commands, which its frames list. Never an event, never a view of the game's state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.clocks import ClockStamped
from domain.kernel import Game
from domain.table import Table, apply, awaited_seats
from domain.undo import UndoAsked

# what a notice is about; `turn` and `undo` go to seats only, the rest also to the table
FULL, STARTED, TURN, UNDO, OVER = "full", "started", "turn", "undo", "over"
CLOCK = "clock"  # a seat's turn clock runs low: to the seat only, with its turn's notice
KINDS = (FULL, STARTED, TURN, UNDO, OVER, CLOCK)
REMIND_MIN_MS = 60_000  # a turn that began with less time than this gets no reminder
TEST = "test"  # sent on demand by a channel's owner, never derived
TABLE = "table"  # the seat part of the id of a notice to the table


class Notice(msgspec.Struct, frozen=True, omit_defaults=True):
    id: str  # "<game>:<version>:<seat or 'table'>:<kind>", the same in every process
    kind: str
    game_id: str
    version: int  # the version whose event made it due
    game: str
    title: str
    names: list[str]
    awaited: list[int]  # the seats the game waits for at `version`
    seat: int | None = None  # None: to the table
    commands: list[str] = []  # a seat's turn: the kinds of its legal commands
    asked_by: int | None = None  # an undo: the seat that asks
    result: Any = None  # the game is over: `Game.result`, as every view shows it
    # the clock runs low: when (server time), and what the seat has left then (a quarter of
    # what it had when its turn began); the clock is public
    remind_at_ms: int | None = None
    left_ms: int | None = None


def notice_id(game_id: str, version: int, seat: int | None, kind: str) -> str:
    return f"{game_id}:{version}:{TABLE if seat is None else seat}:{kind}"


def notices_between(
    game_id: str, game: Game[Any, Any, Any], start: Table, events: Sequence[Any], first: int
) -> list[Notice]:
    """The notices `events` (versions `first` on) make due, folded from `start`, the table at
    the version before them: each full, start, undo asked and end, and each turn that is still
    running after the last of them. A turn that began and ended among them is over: nobody is
    told of it (a closed loop of bots, or moves appended while no process derived them). A
    turn running since before `first` was told when its start was derived."""
    tables = [start]
    for event in events:
        tables.append(apply(game, tables[-1], event))
    due: list[tuple[int, int | None, str]] = []  # (index in tables, seat, kind)
    for index in range(1, len(tables)):
        due += _lifecycle(game, tables[index - 1], tables[index], index)
    due += _turns(game, tables, events)
    return [_notice(game_id, game, tables[i], first + i - 1, seat, kind) for i, seat, kind in due]


def _lifecycle(
    game: Game[Any, Any, Any], before: Table, after: Table, index: int
) -> list[tuple[int, int | None, str]]:
    humans = _humans(after)
    due: list[tuple[int, int | None, str]] = []
    if not after.started and after.claimed == after.seats > before.claimed:
        due += [(index, s, FULL) for s in [None, *humans]]
    if after.started and not before.started:
        due += [(index, s, STARTED) for s in [None, *humans]]
    if _over(game, after) and not _over(game, before):
        due += [(index, s, OVER) for s in [None, *humans]]
    asked = after.undo_asked
    if asked is not None and not _same_request(before.undo_asked, asked):
        due += [(index, s, UNDO) for s in humans if s != asked.seat]
    return due


def _turns(
    game: Game[Any, Any, Any], tables: list[Table], events: Sequence[Any]
) -> list[tuple[int, int | None, str]]:
    """Each seat awaited after the last event whose turn began among the events: at the index
    of the table where it began; and the table's, at the latest such index. A seat's reminder
    is due where its time began: its turn's start, or with a deadline per move, its last move
    since (which gave it the whole deadline again)."""
    last = tables[-1]
    began: dict[int, int] = {}  # 0: before these events
    for seat in awaited_seats(game, last):
        index = len(tables) - 1
        while index > 0 and _awaits(game, tables[index - 1], seat):
            index -= 1
        began[seat] = index
    humans = set(_humans(last))
    latest = max(began.values(), default=0)
    due: list[tuple[int, int | None, str]] = [(latest, None, TURN)] if latest else []
    per_move = last.clock is not None and last.clock.per_move
    for seat, index in sorted(began.items()):
        if seat not in humans:
            continue
        if index > 0:
            due.append((index, seat, TURN))
        timed = max(index, _last_move(events, seat)) if per_move else index
        if timed > 0 and _reminded(tables[timed], seat):
            due.append((timed, seat, CLOCK))
    return due


def _last_move(events: Sequence[Any], seat: int) -> int:
    """The index of the table just after the stamp of `seat`'s last move among `events` (its
    clock reset there), or 0."""
    stamped = [
        i + 1 for i, e in enumerate(events) if isinstance(e, ClockStamped) and e.seat == seat
    ]
    return max(stamped, default=0)


def _reminded(table: Table, seat: int) -> bool:
    """Whether a turn beginning at `table` gets a reminder: its clock runs, with time enough."""
    clock = table.clock
    return clock is not None and clock.since_ms > 0 and clock.left_ms(seat) >= REMIND_MIN_MS


def _notice(
    game_id: str, game: Game[Any, Any, Any], table: Table, version: int, seat: int | None, kind: str
) -> Notice:
    commands: list[str] = []
    if kind == TURN and seat is not None:
        legal = game.legal(table.state, seat)
        commands = sorted({str(type(c).__struct_config__.tag) for c in legal})
    over = kind == OVER
    remind_at = left = None
    if kind == CLOCK and table.clock is not None and seat is not None:
        had = table.clock.left_ms(seat)
        left = had // 4
        remind_at = table.clock.since_ms + had - left
    return Notice(
        id=notice_id(game_id, version, seat, kind),
        kind=kind,
        game_id=game_id,
        version=version,
        game=table.game,
        title=game.title,
        names=list(table.names),
        awaited=awaited_seats(game, table),
        seat=seat,
        commands=commands,
        asked_by=table.undo_asked.seat if kind == UNDO and table.undo_asked else None,
        result=msgspec.to_builtins(game.result(table.state)) if over else None,
        remind_at_ms=remind_at,
        left_ms=left,
    )


def _awaits(game: Game[Any, Any, Any], table: Table, seat: int) -> bool:
    """Whether the game awaits `seat` at `table` (as `domain.table.awaited_seats` says)."""
    return table.started and not game.is_over(table.state) and bool(game.legal(table.state, seat))


def _over(game: Game[Any, Any, Any], table: Table) -> bool:
    return table.started and game.is_over(table.state)


def _humans(table: Table) -> list[int]:
    """The seats a person holds (claimed, not played by a server bot)."""
    return [s for s in range(table.seats) if not _bot(table, s) and _seated(table, s)]


def _same_request(before: UndoAsked | None, after: UndoAsked) -> bool:
    """Whether `after` is the request pending before (a seat accepting changes no more)."""
    return before is not None and (before.seat, before.version) == (after.seat, after.version)


def _bot(table: Table, seat: int) -> bool:
    return seat < len(table.bots) and bool(table.bots[seat])


def _seated(table: Table, seat: int) -> bool:
    return seat < len(table.names) and bool(table.names[seat])
