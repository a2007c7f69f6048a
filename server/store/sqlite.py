"""Embedded event store on SQLite (WAL): the default when no Redis URL is given.

Single process by design: `wait` is woken by this process's own appends. Calls are synchronous
and short (WAL, synchronous=NORMAL), so they run on the event loop without a thread hop.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Mapping, Sequence

from server.store import Recorded, WrongExpectedVersion, chained

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    stream TEXT NOT NULL, version INTEGER NOT NULL, data BLOB NOT NULL,
    prev_hash TEXT NOT NULL, hash TEXT NOT NULL, at_ms INTEGER NOT NULL,
    PRIMARY KEY (stream, version)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS commands (
    stream TEXT NOT NULL, command_id TEXT NOT NULL, version INTEGER NOT NULL,
    PRIMARY KEY (stream, command_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS streams (stream TEXT PRIMARY KEY, created_ms INTEGER NOT NULL);
"""


class SqliteStore:
    def __init__(self, path: str = ":memory:") -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self._waiters: set[asyncio.Future[None]] = set()
        self._top: dict[str, int] = {}  # last version per stream: this process is the only writer

    async def append(
        self,
        stream: str,
        expected: int,
        events: Sequence[bytes],
        command_id: str | None = None,
    ) -> int:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            if command_id:
                row = db.execute(
                    "SELECT version FROM commands WHERE stream=? AND command_id=?",
                    (stream, command_id),
                ).fetchone()
                if row:
                    db.execute("ROLLBACK")
                    return int(row[0])
            top = db.execute(
                "SELECT version, hash FROM events WHERE stream=? ORDER BY version DESC LIMIT 1",
                (stream,),
            ).fetchone()
            version, prev = (top[0], top[1]) if top else (0, "")
            if version != expected:
                raise WrongExpectedVersion(version)
            records = chained(events, version, prev, int(time.time() * 1000))
            version += len(records)
            db.executemany(
                "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)",
                [(stream, r.version, r.data, r.prev_hash, r.hash, r.at_ms) for r in records],
            )
            if command_id:
                db.execute("INSERT INTO commands VALUES (?, ?, ?)", (stream, command_id, version))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        self._top[stream] = version
        self._notify()
        return version

    async def recall(self, stream: str, command_id: str) -> int | None:
        row = self.db.execute(
            "SELECT version FROM commands WHERE stream=? AND command_id=?", (stream, command_id)
        ).fetchone()
        return None if row is None else int(row[0])

    async def read(self, stream: str, after: int = 0, upto: int | None = None) -> list[Recorded]:
        rows = self.db.execute(
            "SELECT version, data, prev_hash, hash, at_ms FROM events"
            " WHERE stream=? AND version>? AND version<=? ORDER BY version",
            (stream, after, upto if upto is not None else 1 << 62),
        ).fetchall()
        return [Recorded(v, bytes(d), p, h, t) for v, d, p, h, t in rows]

    async def wait(self, positions: Mapping[str, int], timeout: float) -> dict[str, list[Recorded]]:
        # register before reading, so an append between the read and the wait is not lost
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.add(woken)
        try:
            found = await self._read_many(positions)
            if found:
                return found
            try:
                await asyncio.wait_for(woken, timeout)
            except TimeoutError:
                return {}
            return await self._read_many(positions)
        finally:
            self._waiters.discard(woken)

    async def _read_many(self, positions: Mapping[str, int]) -> dict[str, list[Recorded]]:
        found = {}
        for stream, after in positions.items():
            if self._last_version(stream) > after:
                found[stream] = await self.read(stream, after)
        return found

    def _last_version(self, stream: str) -> int:
        if stream not in self._top:
            row = self.db.execute(
                "SELECT max(version) FROM events WHERE stream=?", (stream,)
            ).fetchone()
            self._top[stream] = row[0] or 0
        return self._top[stream]

    def _notify(self) -> None:
        for woken in self._waiters:
            if not woken.done():
                woken.set_result(None)

    async def wake(self) -> None:
        self._notify()

    async def register(self, stream: str) -> None:
        self.db.execute(
            "INSERT OR IGNORE INTO streams VALUES (?, ?)", (stream, int(time.time() * 1000))
        )

    async def streams(self) -> list[str]:
        rows = self.db.execute("SELECT stream FROM streams ORDER BY created_ms, stream").fetchall()
        return [row[0] for row in rows]

    async def ping(self) -> bool:
        return self.db.execute("SELECT 1").fetchone() == (1,)

    async def close(self) -> None:
        self.db.close()
