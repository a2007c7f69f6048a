"""The folded state of one game, kept current from its stream, with checkpoints for seeking.

Two hashes per version: the stored one (`hashes`, the store's chain, which this fold checks to
detect a rewritten stream) and the published one (`hash_at`, `digest`), what viewers are sent.
They are the same string for a salted record, whose hash hides what it covers until the salts
are published at the end (`server.store`). An event stored before salts has an unsalted hash
that any viewer could test guesses against: nothing is published for it (""), and a client
resuming there gets a fresh snapshot.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple, Protocol

import msgspec

from domain import games
from domain.fairness import DrawsRecorded, FairnessCommitted, SecretRevealed
from domain.kernel import Game, Viewer
from domain.protocol import LogEntry
from domain.rules import ResultRecorded
from domain.table import TABLE_EVENTS, Table, apply, open_table, redact
from projections.codec import decoder, opening

CHECKPOINT_EVERY = 100
# the command id of an append the server makes itself (create, seats, start, chat): not a move
SERVER_APPEND = "server-"
_TABLE_EVENTS = frozenset(TABLE_EVENTS)
# table events that change no part of the table a viewer is shown (names, started, over,
# result): an update after them need not carry the table again
UNSEEN_TABLE_EVENTS = frozenset((DrawsRecorded, FairnessCommitted, SecretRevealed, ResultRecorded))
_replace = msgspec.structs.replace


class Record(Protocol):
    """A stored event as the stores return it (`server.store.Recorded`)."""

    @property
    def version(self) -> int: ...
    @property
    def data(self) -> bytes: ...
    @property
    def hash(self) -> str: ...
    @property
    def prev_hash(self) -> str: ...
    @property
    def salt(self) -> bytes: ...
    @property
    def at_ms(self) -> int: ...
    @property
    def command_id(self) -> str: ...


class _Foreseen(NamedTuple):
    """An append about to be made on version `at` (hash `head`), with its fold done."""

    at: int
    head: str
    data: list[bytes]  # its events as they will be stored
    states: Iterator[Any]  # the game's state after each game event among them, still to take


class GameGap(Exception):
    """Records arrived that do not follow the folded version (the cache must be rebuilt)."""


class _SeenLog:
    """One viewer's redacted log, as far as it was asked for."""

    __slots__ = ("covered", "entries")

    def __init__(self) -> None:
        self.entries: list[LogEntry] = []
        self.covered = 0  # the events redacted so far


def _version(entry: LogEntry) -> int:
    return entry.version


class LiveGame:
    """Events, hashes and state of one stream; `apply` only accepts the next versions."""

    def __init__(
        self, game_id: str, first_data: bytes, first_hash: str, first_salted: bool = True
    ) -> None:
        opened = opening(first_data)
        self.game_id = game_id
        self.game: Game[Any, Any, Any] = games.get(opened.game)
        self._decode = decoder(opened.game).decode
        self._evolve = self.game.evolve
        self.table: Table = open_table(opened)
        self.events: list[Any] = [opened]  # events[i] is version i + 1
        self.hashes: list[str] = [first_hash]  # as stored
        self.unsalted: set[int] = set() if first_salted else {1}  # versions stored before salts
        self.checkpoints: dict[int, Table] = {1: self.table}
        self.table_version = 1  # the version of the last table event (seats, start, chat...)
        self.moved_ms = 0  # when the last of the game's own events was stored (0: none yet)
        self.moves = 0  # commands of players (and bots) folded: appends with their own id
        # the first and last versions of the last such append (0, 0: none yet): what an undo
        # may take back (`server.table.undo`); `_next_append` is where the next append starts
        self.last_command = (0, 0)
        self._next_append = 2
        # per viewer: its redacted log so far and how many events it covers (seeks and
        # snapshots of long games would otherwise redact every event again each time)
        self._logs: dict[Viewer, _SeenLog] = {}
        self._foreseen: _Foreseen | None = None

    @classmethod
    def replay(cls, game_id: str, records: Sequence[Record]) -> LiveGame:
        """The fold of a whole stream, from its first record."""
        first = records[0]
        live = cls(game_id, first.data, first.hash, bool(first.salt))
        live.extend(records[1:])
        return live

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def hash(self) -> str:
        """The stored hash of the last version (the store's chain; see `digest`)."""
        return self.hashes[-1]

    @property
    def digest(self) -> str:
        """The published hash of the last version ("" if it was stored before salts)."""
        return "" if self.unsalted and self.version in self.unsalted else self.hashes[-1]

    @property
    def over(self) -> bool:
        return self.table.started and self.game.is_over(self.table.state)

    def foresee(self, at: int, head: str, data: list[bytes], states: list[Any]) -> None:
        """The fold of an append this process is about to make on version `at` (hash `head`):
        `data` as it will be stored, and the state after each game event in it, in order (the
        decision folded them once, `server.table.decisions`). `extend` takes those states for
        those records, when they come from the store exactly so, instead of folding again."""
        self._foreseen = _Foreseen(at, head, data, iter(states))

    def extend(self, records: Iterable[Record]) -> int:
        """Fold records in order; how many were new. Raises GameGap on a gap or a fork,
        keeping what it folded before it.

        This is the replay hot loop (loads, catch-ups, the pump). The game's events, nearly
        all of them, go straight to `evolve` on the bare state; the table around it is rebuilt
        only for a table event, a checkpoint and at the end. Same result as folding with
        `domain.table.apply` event by event (a test checks it), about twice as fast."""
        hashes, events, checkpoints, unsalted = (
            self.hashes,
            self.events,
            self.checkpoints,
            self.unsalted,
        )
        decode, evolve, game = self._decode, self._evolve, self.game
        keep_event, keep_hash, table_events = events.append, hashes.append, _TABLE_EVENTS
        table = self.table
        state = table.state
        moved_ms, moves = self.moved_ms, self.moves
        last_command, next_append = self.last_command, self._next_append  # locals: per command
        current = last = len(hashes)
        prev = hashes[-1]
        checkpoint = current - current % CHECKPOINT_EVERY + CHECKPOINT_EVERY  # the next one
        ahead = self._foreseen  # its records are versions first..last (`foresee`)
        if ahead is not None:
            first, last_ahead = ahead.at + 1, ahead.at + len(ahead.data)
            ahead_data, ahead_states = ahead.data, ahead.states
            if not (first <= current + 1 <= last_ahead and hashes[ahead.at - 1] == ahead.head):
                ahead = self._foreseen = None  # made on another fold: of no use now
        try:
            for record in records:
                version = record.version
                if version <= current:
                    if hashes[version - 1] != record.hash:
                        raise GameGap(f"{self.game_id}: version {version} was rewritten")
                    continue
                if version != current + 1 or record.prev_hash != prev:
                    raise GameGap(f"{self.game_id}: expected version {current + 1}, got {version}")
                if ahead is not None:
                    if version > last_ahead or record.data != ahead_data[version - first]:
                        ahead = self._foreseen = None  # past it, or not the append foreseen
                    elif version == last_ahead:
                        self._foreseen = None  # taken whole (`ahead` serves this record still)
                event = decode(record.data)
                if type(event) in table_events:
                    if table.state is not state:
                        table = _replace(table, state=state)
                    table = apply(game, table, event)
                    state = table.state
                    if type(event) not in UNSEEN_TABLE_EVENTS:
                        self.table_version = version
                else:
                    # the decision's own fold of this very event, if foreseen
                    state = evolve(state, event) if ahead is None else next(ahead_states)
                    moved_ms = record.at_ms
                    if table.undo_asked is not None:  # a move lapses a pending undo request
                        table = _replace(table, undo_asked=None)
                        self.table_version = version
                command_id = record.command_id  # only on an append's last event
                if command_id:
                    if not command_id.startswith(SERVER_APPEND):
                        moves += 1
                        last_command = (next_append, version)
                    next_append = version + 1
                keep_event(event)
                keep_hash(prev := record.hash)
                if not record.salt:
                    unsalted.add(version)
                current = version
                if version == checkpoint:
                    if table.state is not state:
                        table = _replace(table, state=state)
                    checkpoints[version] = table
                    checkpoint += CHECKPOINT_EVERY
        finally:
            self.table = table if table.state is state else _replace(table, state=state)
            self.moved_ms, self.moves = moved_ms, moves
            self.last_command, self._next_append = last_command, next_append
        return current - last

    def _step(self, table: Table, event: Any) -> Table:
        """`domain.table.apply`, with the game's own events on a short path (as `extend`)."""
        if type(event) in _TABLE_EVENTS:
            return apply(self.game, table, event)
        if table.undo_asked is not None:
            table = _replace(table, undo_asked=None)
        result: Table = _replace(table, state=self._evolve(table.state, event))
        return result

    def table_at(self, version: int) -> Table:
        """The table as it was at `version` (1..current): nearest checkpoint, then fold."""
        version = max(1, min(version, self.version))
        base = version - (version % CHECKPOINT_EVERY) if version >= CHECKPOINT_EVERY else 1
        table = self.checkpoints[base]
        step = self._step
        for event in self.events[base:version]:
            table = step(table, event)
        return table

    def log(self, seen: Viewer, upto: int) -> list[LogEntry]:
        """The entries of versions 1..upto as `seen` sees them (redaction is per event)."""
        known = self._logs.get(seen)
        if known is None:
            known = self._logs[seen] = _SeenLog()
        upto = min(upto, self.version)
        if known.covered < upto:
            game, first = self.game, known.covered
            for offset, event in enumerate(self.events[first:upto], start=first + 1):
                shown = redact(game, event, seen)
                if shown is not None:
                    known.entries.append(LogEntry(version=offset, event=shown))
            known.covered = upto
        return known.entries[: bisect_right(known.entries, upto, key=_version)]

    def hash_at(self, version: int) -> str | None:
        """The published hash of `version` ("" if stored before salts), None beyond."""
        if not 1 <= version <= self.version:
            return None
        return "" if version in self.unsalted else self.hashes[version - 1]
