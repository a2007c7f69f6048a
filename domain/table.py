"""The table: lifecycle events shared by every game, stored first in each game's stream.

A stream holds `TableOpened`, the `SeatClaimed`s, `GameStarted`, then the game's own events
(interleaved with `ChatPosted`). Raw seat tokens never enter the log; only their SHA-256 does.
A rated table has `RatingAsked` after `TableOpened`. A fork (`domain.forks`) also has
`GameForked` after `TableOpened`, and `ForkDealt` (the
position it starts from) before `GameStarted`.
The fairness events (`domain.fairness`), the result record (`domain.rules`), undo by
consent (`domain.undo`), who plays a seat (`domain.seat_bots`) and the turn clock
(`domain.clocks`) are table events too.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain import clocks, forks, seat_bots
from domain.fairness import FAIRNESS_EVENTS, Fairness
from domain.fairness import apply as fold_fairness
from domain.fairness import redact as redact_fairness
from domain.kernel import Game, Viewer
from domain.rules import FIRST, RULES_EVENTS, ResultRecorded, options_for
from domain.undo import CONSENT, UNDO_EVENTS, UndoAsked, UndoDone, pending, restored
from domain.undo import redact as redact_undo


class TableEvent(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class TableOpened(TableEvent, frozen=True, tag="table_opened"):
    game: str
    seats: int
    options: dict[str, Any] = {}
    rules: int = FIRST  # the game's rules version (`domain.rules`); 1 if stored before
    undo: str = CONSENT  # the creator's choice (`domain.undo.MODES`)
    # the SHA-256 of the creator's host token, which starts the table before every seat is
    # taken; "" for a table stored before, or made without one (any seated player starts it)
    host_hash: str = ""


class SeatClaimed(TableEvent, frozen=True, tag="seat_claimed"):
    seat: int
    name: str
    token_hash: str = ""  # blanked by `redact` for every viewer: it never leaves the server


class GameStarted(TableEvent, frozen=True, tag="game_started"):
    seats: int


class RatingAsked(TableEvent, frozen=True, tag="rating_asked"):
    """Stored after `TableOpened` when the creator asked for a rated table: its result counts
    for the ratings if every seat is then an account's (`projections.ratings`)."""


class ChatPosted(TableEvent, frozen=True, tag="chat_posted"):
    seat: int | None
    name: str
    text: str


TABLE_EVENTS = (
    TableOpened,
    SeatClaimed,
    GameStarted,
    ChatPosted,
    RatingAsked,
    *forks.FORK_EVENTS,
    *FAIRNESS_EVENTS,
    *RULES_EVENTS,
    *UNDO_EVENTS,
    *seat_bots.BOT_EVENTS,
    *clocks.CLOCK_EVENTS,
)
_TABLE_EVENT_TYPES = frozenset(TABLE_EVENTS)


class Table(msgspec.Struct, frozen=True):
    """Folded lifecycle plus the game state once started."""

    game: str
    seats: int
    options: dict[str, Any]
    names: tuple[str, ...] = ()  # by seat; "" for a seat not claimed yet (a fork's)
    token_hashes: tuple[str, ...] = ()
    started: bool = False
    state: Any = None
    rules: int = FIRST
    fairness: Fairness | None = None  # None for a game stored before fair randomness
    undo_asked: UndoAsked | None = None  # the pending undo request; a game event lapses it
    bots: tuple[str, ...] = ()  # by seat: the level of the bot playing it, "" for a human
    clock: clocks.Clock | None = None  # None: the table has no turn clock
    host_hash: str = ""  # `TableOpened.host_hash`
    rated: bool = False  # its creator asked for a rated table (`RatingAsked`)

    @property
    def claimed(self) -> int:
        return sum(1 for name in self.names if name)

    @property
    def free_seat(self) -> int:
        """The first seat nobody has claimed (== `seats` when every seat is taken)."""
        return next((seat for seat, name in enumerate(self.names) if not name), len(self.names))


def open_table(event: TableOpened) -> Table:
    return Table(
        game=event.game,
        seats=event.seats,
        options=event.options,
        rules=event.rules,
        host_hash=event.host_hash,
    )


def apply(game: Game[Any, Any, Any], table: Table, event: Any) -> Table:
    """Fold one stored event (table or game) into the table."""
    if isinstance(event, SeatClaimed):
        return msgspec.structs.replace(
            table,
            names=_placed(table.names, event.seat, event.name),
            token_hashes=_placed(table.token_hashes, event.seat, event.token_hash),
        )
    if isinstance(event, GameStarted):
        options = options_for(game, table.options, table.rules)
        # a fork starts from the position it was dealt, any other game from the beginning
        state = game.initial(event.seats, options) if table.state is None else table.state
        return msgspec.structs.replace(table, started=True, seats=event.seats, state=state)
    if isinstance(event, forks.ForkDealt):
        state = forks.dealt_state(game, table.seats, table.options, table.rules, event)
        return msgspec.structs.replace(table, state=state)
    if isinstance(event, FAIRNESS_EVENTS):
        return msgspec.structs.replace(table, fairness=fold_fairness(table.fairness, event))
    if isinstance(event, UndoDone):
        state = restored(game, table.seats, table.options, table.rules, event)
        kept = table.state if state is None else state  # None: a blank copy (a viewer's)
        return msgspec.structs.replace(table, state=kept, undo_asked=None)
    if isinstance(event, UNDO_EVENTS):
        return msgspec.structs.replace(table, undo_asked=pending(table.undo_asked, event))
    if isinstance(event, clocks.ClockStamped) and event.awaited is None and _running(table):
        event = stamped_before(game, table, event)
    if isinstance(event, clocks.ClockEvent):
        clock = clocks.apply(table.clock, event, table.seats)
        return msgspec.structs.replace(table, clock=clock)
    if isinstance(event, seat_bots.BotEvent):
        return msgspec.structs.replace(table, bots=seat_bots.apply(table.bots, event))
    if isinstance(event, RatingAsked):
        return msgspec.structs.replace(table, rated=True)
    if isinstance(event, ChatPosted | TableOpened | forks.GameForked | ResultRecorded):
        return table
    return msgspec.structs.replace(table, state=game.evolve(table.state, event), undo_asked=None)


def awaited_seats(game: Game[Any, Any, Any], table: Table) -> list[int]:
    """The seats the game waits for now: those with a legal command (none before the start
    or after the end). Public: each seat's own legal list says it, and the view shows it."""
    if not table.started or game.is_over(table.state):
        return []
    return [seat for seat in range(table.seats) if game.legal(table.state, seat)]


def _running(table: Table) -> bool:
    """Whether the table's clock has a stamp to charge the time since (a stamp's charge)."""
    return table.clock is not None and table.clock.since_ms > 0


def stamped_before(
    game: Game[Any, Any, Any], table: Table, event: clocks.ClockStamped
) -> clocks.ClockStamped:
    """A stamp stored before stamps named the seats awaited, naming them as its day's fold
    did: by asking the game's rules. The one place a fold runs a rule, for those stamps only
    (tests/domain/test_evolve_reaches_no_rule.py)."""
    return msgspec.structs.replace(event, awaited=tuple(awaited_seats(game, table)))


def _placed(values: tuple[str, ...], seat: int, value: str) -> tuple[str, ...]:
    """`values` with `value` at `seat` (seats are claimed in order, but a fork's forker first)."""
    padded = (*values, *("",) * (seat + 1 - len(values)))
    return (*padded[:seat], value, *padded[seat + 1 :])


def redact(game: Game[Any, Any, Any], event: Any, viewer: Viewer) -> Any:
    if type(event) not in _TABLE_EVENT_TYPES:  # nearly every event: the game's own, first
        return game.redact(event, viewer)
    if isinstance(event, SeatClaimed):
        return msgspec.structs.replace(event, token_hash="")
    if isinstance(event, TableOpened) and event.host_hash:  # else shared, as any public event
        return msgspec.structs.replace(event, host_hash="")
    if isinstance(event, forks.ForkDealt):
        return forks.redact(event, viewer)
    if isinstance(event, FAIRNESS_EVENTS):
        return redact_fairness(event, viewer)
    if isinstance(event, UndoDone):
        return redact_undo(event, viewer)
    if isinstance(event, TableEvent | ResultRecorded | seat_bots.BotEvent | clocks.ClockEvent):
        return event
    return game.redact(event, viewer)
