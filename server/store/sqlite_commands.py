"""The command ids of the SQLite store's recently used streams, kept in memory.

An append with a command id must know whether that id already landed in its stream: a retry
is answered with the version it landed at and writes nothing. The ids are stored in the rows of
their last events (`server.store.sqlite_schema`), where finding one means reading the stream.
So the store keeps every id of the streams it used lately, and the version each landed at:
read from the rows once, then kept up to date by its own appends. A stream's ids are known up
to a version (`covered`); whatever lies beyond it (another writer on the file) is read before
they are used. At most `limit` ids are kept: the streams used least recently are dropped, and
read again when they come back.
"""

from __future__ import annotations

from collections.abc import Iterable

LIMIT = 200_000  # ids kept in all, about 100 bytes each


class _Known:
    __slots__ = ("covered", "ids")

    def __init__(self) -> None:
        self.covered = 0  # the stream's ids are all here up to this version
        self.ids: dict[str, int] = {}  # command id -> the version its append ended at


class CommandIds:
    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._streams: dict[str, _Known] = {}  # least recently used first
        self._count = 0

    def covered(self, stream: str) -> int | None:
        """Up to which version `stream`'s ids are known, if they are; marks it as used."""
        known = self._streams.pop(stream, None)
        if known is None:
            return None
        self._streams[stream] = known
        return known.covered

    def find(self, stream: str, command_id: str) -> int | None:
        known = self._streams.get(stream)
        return None if known is None else known.ids.get(command_id)

    def learn(self, stream: str, ids: Iterable[tuple[str, int]], covered: int) -> None:
        """The ids read from `stream`'s rows, which are now all known up to `covered`."""
        known = self._streams.get(stream)
        if known is None:
            known = self._streams[stream] = _Known()
        before = len(known.ids)
        known.ids.update(ids)
        known.covered = covered
        self._count += len(known.ids) - before
        self._trim()

    def wrote(self, stream: str, command_id: str | None, after: int, last: int) -> None:
        """An append to `stream` after version `after`, ending at `last`, was written. Kept
        only where the ids were known up to `after`: else the next use reads what is missing."""
        known = self._streams.get(stream)
        if known is None or known.covered != after:
            return
        known.covered = last
        if command_id and command_id not in known.ids:  # as the row has it: '' is no id
            known.ids[command_id] = last
            self._count += 1
            self._trim()

    def clear(self) -> None:
        """Forget everything (what was learnt may not have been committed)."""
        self._streams.clear()
        self._count = 0

    def _trim(self) -> None:
        streams = self._streams
        while self._count > self.limit and len(streams) > 1:
            oldest = next(iter(streams))
            self._count -= len(streams.pop(oldest).ids)
