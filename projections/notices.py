"""The notices a game's events make due: the table is full, it has started, a seat's turn has
come, an undo is asked of a seat, the game is over. Derived from the stored events alone, so
any process that folds a game finds the same notices with the same ids.

A notice goes to one seat (its holder's channels) or to the table (`seat` None: the channels
of the table's creator, a group's). It carries only what its reader is shown anyway: the
table's public part (`projections.frames.table_part`: title, names, result), the seats the
game awaits (public: `domain.table.awaited_seats`) and, for a seat, the kinds of its own legal
commands, which its frames list. Never an event, never a view of the game's state.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel import Game
from domain.table import Table, apply, awaited_seats
from domain.undo import UndoAsked

# what a notice is about; `turn` and `undo` go to seats only, the rest also to the table
FULL, STARTED, TURN, UNDO, OVER = "full", "started", "turn", "undo", "over"
KINDS = (FULL, STARTED, TURN, UNDO, OVER)
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


def notice_id(game_id: str, version: int, seat: int | None, kind: str) -> str:
    return f"{game_id}:{version}:{TABLE if seat is None else seat}:{kind}"


class NoticeFold:
    """A game's table folded event by event from some version on, saying at each step which
    notices the event made due."""

    def __init__(self, game_id: str, game: Game[Any, Any, Any], table: Table) -> None:
        self.game_id = game_id
        self.game = game
        self.table = table
        self.awaited = awaited_seats(game, table)

    def step(self, event: Any, version: int) -> list[Notice]:
        before, game = self.table, self.game
        after = self.table = apply(game, before, event)
        awaited_before, awaited = self.awaited, awaited_seats(game, after)
        self.awaited = awaited
        humans = [s for s in range(after.seats) if not _bot(after, s) and _seated(after, s)]
        due: list[tuple[int | None, str]] = []
        if not after.started and after.claimed == after.seats > before.claimed:
            due += [(s, FULL) for s in [None, *humans]]
        if after.started and not before.started:
            due += [(s, STARTED) for s in [None, *humans]]
        over = after.started and game.is_over(after.state)
        if over and not (before.started and game.is_over(before.state)):
            due += [(s, OVER) for s in [None, *humans]]
        came = [s for s in awaited if s not in awaited_before]
        if came:
            due.append((None, TURN))
            due += [(s, TURN) for s in came if s in humans]
        asked = after.undo_asked
        if asked is not None and not _same_request(before.undo_asked, asked):
            due += [(s, UNDO) for s in humans if s != asked.seat]
        return [self._notice(after, version, seat, kind, over) for seat, kind in due]

    def _notice(
        self, table: Table, version: int, seat: int | None, kind: str, over: bool
    ) -> Notice:
        game = self.game
        commands: list[str] = []
        if kind == TURN and seat is not None:
            commands = sorted(
                {str(type(c).__struct_config__.tag) for c in game.legal(table.state, seat)}
            )
        return Notice(
            id=notice_id(self.game_id, version, seat, kind),
            kind=kind,
            game_id=self.game_id,
            version=version,
            game=table.game,
            title=game.title,
            names=list(table.names),
            awaited=list(self.awaited),
            seat=seat,
            commands=commands,
            asked_by=table.undo_asked.seat if kind == UNDO and table.undo_asked else None,
            result=msgspec.to_builtins(game.result(table.state)) if over and kind == OVER else None,
        )


def _same_request(before: UndoAsked | None, after: UndoAsked) -> bool:
    """Whether `after` is the request pending before (a seat accepting changes no more)."""
    return before is not None and (before.seat, before.version) == (after.seat, after.version)


def _bot(table: Table, seat: int) -> bool:
    return seat < len(table.bots) and bool(table.bots[seat])


def _seated(table: Table, seat: int) -> bool:
    return seat < len(table.names) and bool(table.names[seat])
