"""The folded state of one game, kept current from its stream, with checkpoints for seeking."""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

import msgspec

from domain import games
from domain.kernel import Game, Viewer
from domain.protocol import LogEntry
from domain.table import TABLE_EVENTS, Table, apply, open_table, redact
from projections.codec import decoder, opening

CHECKPOINT_EVERY = 100
_TABLE_EVENTS = frozenset(TABLE_EVENTS)
_replace = msgspec.structs.replace


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

    def __init__(self, game_id: str, first_data: bytes, first_hash: str) -> None:
        opened = opening(first_data)
        self.game_id = game_id
        self.game: Game[Any, Any, Any] = games.get(opened.game)
        self._decode = decoder(opened.game).decode
        self._evolve = self.game.evolve
        self.table: Table = open_table(opened)
        self.events: list[Any] = [opened]  # events[i] is version i + 1
        self.hashes: list[str] = [first_hash]
        self.checkpoints: dict[int, Table] = {1: self.table}
        # per viewer: its redacted log so far and how many events it covers (seeks and
        # snapshots of long games would otherwise redact every event again each time)
        self._logs: dict[Viewer, _SeenLog] = {}

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def hash(self) -> str:
        return self.hashes[-1]

    @property
    def over(self) -> bool:
        return self.table.started and self.game.is_over(self.table.state)

    def apply(self, version: int, data: bytes, digest: str, prev_hash: str) -> bool:
        """Fold one record; False if already folded. Raises GameGap on a gap or a fork."""
        hashes = self.hashes
        current = len(hashes)
        if version <= current:
            if hashes[version - 1] != digest:
                raise GameGap(f"{self.game_id}: version {version} was rewritten")
            return False
        if version != current + 1 or prev_hash != hashes[-1]:
            raise GameGap(f"{self.game_id}: expected version {current + 1}, got {version}")
        event = self._decode(data)
        self.table = table = self._step(self.table, event)
        self.events.append(event)
        hashes.append(digest)
        if version % CHECKPOINT_EVERY == 0:
            self.checkpoints[version] = table
        return True

    def _step(self, table: Table, event: Any) -> Table:
        """`domain.table.apply`, with the game's own events (nearly all) on a short path.

        This is the replay hot loop: the type test and the direct `evolve` keep it about
        twice as fast as the general function, with the same result (a test checks it)."""
        if type(event) in _TABLE_EVENTS:
            return apply(self.game, table, event)
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
        return self.hashes[version - 1] if 1 <= version <= self.version else None
