"""Embedded event store on SQLite (WAL): the default when no Redis URL is given.

Single process by design: `wait` is woken by this process's own appends. Calls are synchronous
and short (WAL, synchronous=NORMAL), so they run on the event loop without a thread hop.

Appends issued in the same event-loop tick are written in one transaction ("group commit"), as
the Redis store sends them in one pipeline: with a few hundred games the writes of one append
land on pages of their own, and a commit per append cost about twice as much (its locks and its
WAL frames). Each append is still all or nothing, and still answered only once it is committed.
A database in a file is checkpointed by a thread of its own (`server.store.sqlite_checkpoints`).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Mapping, Sequence

import msgspec

from server.ops.logs import log
from server.store import Recorded, WrongExpectedVersion, chained
from server.store.sqlite_checkpoints import LIMIT, Checkpointer
from server.store.sqlite_commands import LIMIT as IDS
from server.store.sqlite_commands import CommandIds
from server.store.sqlite_schema import prepare

Head = tuple[int, str]  # a stream's last version and its hash
Pending = tuple[str, int, Sequence[bytes], str | None, str | None, "asyncio.Future[int]"]
TAIL = 8  # records kept in memory per stream for the followers, who mostly want the last few
TAILS = 4096  # streams with a tail kept; past it they are all dropped (reads fall back to SQL)
HOLD_SECONDS = 1.0  # the longest commits wait for the checkpoint thread's drain


class SqliteStore:
    def __init__(
        self, path: str = ":memory:", wal_limit: int = LIMIT, command_ids: int = IDS
    ) -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        (mode,) = self.db.execute("PRAGMA journal_mode=WAL").fetchone()
        self.db.execute("PRAGMA synchronous=NORMAL")
        prepare(self.db, path)
        self._checkpointer: Checkpointer | None = None
        if mode == "wal":  # a file (an in-memory database keeps its journal in memory)
            self.db.execute("PRAGMA wal_autocheckpoint=0")
            self._checkpointer = Checkpointer(path, wal_limit)
        self._waiters: set[asyncio.Future[None]] = set()
        # last version and hash per stream, as committed; trusted only where it agrees with
        # the appender's expected version (the primary key catches any other writer)
        self._heads: dict[str, Head] = {}
        self._pending: list[Pending] = []
        self._tails: dict[str, list[Recorded]] = {}  # the last records committed, per stream
        self._ids = CommandIds(command_ids)  # as written, including the open transaction's
        # set while commits wait for the checkpoint thread's drain (see `_hold`): the
        # timer that ends the wait if the thread does not answer
        self._holding: asyncio.TimerHandle | None = None

    # -- append, with group commit ---------------------------------------------------------

    async def append(
        self,
        stream: str,
        expected: int,
        events: Sequence[bytes],
        command_id: str | None = None,
        expected_hash: str | None = None,
    ) -> int:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[int] = loop.create_future()
        if not self._pending:
            loop.call_soon(self._commit)
        self._pending.append((stream, expected, events, command_id, expected_hash, done))
        return await done

    def _commit(self) -> None:
        """Write every append of the tick in one transaction, then answer each."""
        if self._holding is not None or not self._pending:
            return  # the WAL is draining (`_resume` commits what waits), or `close` committed
        if self._checkpointer is not None and self._checkpointer.full:
            self._hold(self._checkpointer)
            return
        batch, self._pending = self._pending, []
        db = self.db
        heads: dict[str, Head] = {}  # the heads this transaction moves, kept once it commits
        outcomes: list[int | BaseException] = []
        written: list[tuple[str, list[Recorded]]] = []
        try:
            db.execute("BEGIN IMMEDIATE")
            for stream, expected, events, command_id, expected_hash, _ in batch:
                try:
                    outcomes.append(
                        self._write(
                            heads, written, stream, expected, events, command_id, expected_hash
                        )
                    )
                except WrongExpectedVersion as refusal:
                    outcomes.append(refusal)
            db.execute("COMMIT")
        except BaseException as exc:  # the disk or the file failed: nothing of the tick landed
            if db.in_transaction:
                db.execute("ROLLBACK")
            self._heads.clear()  # re-read heads and ids from the file from now on
            self._ids.clear()
            for *_, done in batch:
                if not done.done():
                    done.set_exception(exc)
            if not isinstance(exc, Exception):
                raise
            return
        self._heads.update(heads)
        self._keep(written)
        for (*_, done), outcome in zip(batch, outcomes, strict=True):
            if done.done():
                continue  # its appender was cancelled; what it wrote stands, as in Redis
            if isinstance(outcome, BaseException):
                done.set_exception(outcome)
            else:
                done.set_result(outcome)
        self._notify()
        if self._checkpointer is not None:
            self._checkpoint(self._checkpointer)

    def _checkpoint(self, checkpointer: Checkpointer) -> None:
        """After a commit: have the thread copy it or, if the thread is gone, hand
        checkpoints back to SQLite."""
        checkpointer.poke()
        if not checkpointer.alive:
            self.db.execute("PRAGMA wal_autocheckpoint=1000")
            self._checkpointer = None

    def _hold(self, checkpointer: Checkpointer) -> None:
        """The WAL is full. A RESTART now would copy on the loop what was committed since the
        thread's last checkpoint, and wait for its fsyncs: 5 ms and more with the loop
        stopped. Instead, commits wait, off the loop, while the thread copies the rest; then
        the RESTART finds nothing to copy (`_resume`)."""
        loop = asyncio.get_running_loop()
        self._holding = loop.call_later(HOLD_SECONDS, self._resume)

        def drained() -> None:  # on the thread
            with contextlib.suppress(RuntimeError):  # the loop is closed: nothing waits
                loop.call_soon_threadsafe(self._resume)

        checkpointer.drain(drained)

    def _resume(self) -> None:
        """The WAL is drained (or the thread did not answer in time): restart it and commit
        what waited."""
        if self._holding is None:
            return
        self._holding.cancel()
        self._holding = None
        try:
            self.db.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()
        except sqlite3.Error as exc:
            log.warning("sqlite_checkpoint_failed", path=self.path, error=str(exc))
        if self._checkpointer is not None:
            self._checkpointer.restarted()
        if self._pending:
            self._commit()

    def _write(
        self,
        heads: dict[str, Head],
        written: list[tuple[str, list[Recorded]]],
        stream: str,
        expected: int,
        events: Sequence[bytes],
        command_id: str | None,
        expected_hash: str | None,
    ) -> int:
        """One append inside the open transaction: its new last version, or a refusal."""
        db = self.db
        version, prev = heads.get(stream) or self._heads.get(stream) or self._head(stream)
        if version != expected or (expected_hash is not None and prev != expected_hash):
            version, prev = self._head(stream)  # the cached head may be another writer's past
        if command_id:
            landed = self._landed(stream, command_id, version)
            if landed is not None:
                return landed  # a retry of a command that landed: its first answer
        if version != expected or (expected_hash is not None and prev != expected_hash):
            raise WrongExpectedVersion(version)
        records = chained(events, version, prev, int(time.time() * 1000))
        records[-1] = msgspec.structs.replace(records[-1], command_id=command_id or "")
        try:
            rows: list[tuple[str, int, bytes, str, str, int, str | None, bytes]] = [
                (stream, r.version, r.data, r.prev_hash, r.hash, r.at_ms, None, r.salt)
                for r in records
            ]
            row = rows[-1]  # the command's id goes with its last event
            rows[-1] = (*row[:6], command_id or None, row[7])
            db.executemany(
                "INSERT INTO events (stream, version, data, prev_hash, hash, at_ms, command_id,"
                " salt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
        except sqlite3.IntegrityError:  # another writer took these versions since the cache
            heads.pop(stream, None)
            self._heads.pop(stream, None)
            raise WrongExpectedVersion(self._head(stream)[0]) from None
        last = records[-1]
        heads[stream] = (last.version, last.hash)
        self._ids.wrote(stream, command_id, version, last.version)
        written.append((stream, records))
        return last.version

    def _keep(self, written: list[tuple[str, list[Recorded]]]) -> None:
        """Remember the last records of each stream just committed, for `wait` to hand out."""
        tails = self._tails
        if len(tails) > TAILS:
            tails.clear()
        for stream, records in written:
            tail = tails.get(stream)
            if tail and tail[-1].version + 1 == records[0].version:
                tail.extend(records)
                del tail[:-TAIL]
            else:
                tails[stream] = records[-TAIL:]

    def _head(self, stream: str) -> Head:
        row = self.db.execute(
            "SELECT version, hash FROM events WHERE stream=? ORDER BY version DESC LIMIT 1",
            (stream,),
        ).fetchone()
        return (int(row[0]), str(row[1])) if row else (0, "")

    def _landed(self, stream: str, command_id: str, head: int) -> int | None:
        """Where `command_id` landed in `stream`, whose last version is `head`, if it did."""
        ids = self._ids
        covered = ids.covered(stream)
        if covered is None or covered < head:
            rows = self.db.execute(
                "SELECT command_id, version FROM events"
                " WHERE stream=? AND version>? AND command_id IS NOT NULL",
                (stream, covered or 0),
            ).fetchall()
            ids.learn(stream, rows, head)
        return ids.find(stream, command_id)

    # -- reads -----------------------------------------------------------------------------

    async def recall(self, stream: str, command_id: str) -> int | None:
        return self._landed(stream, command_id, self._head(stream)[0])

    async def read(self, stream: str, after: int = 0, upto: int | None = None) -> list[Recorded]:
        rows = self.db.execute(
            "SELECT version, data, prev_hash, hash, at_ms, salt, command_id FROM events"
            " WHERE stream=? AND version>? AND version<=? ORDER BY version",
            (stream, after, upto if upto is not None else 1 << 62),
        ).fetchall()
        return [
            Recorded(v, bytes(d), p, h, t, bytes(s or b""), c or "") for v, d, p, h, t, s, c in rows
        ]

    async def heads(self, streams: Sequence[str]) -> dict[str, tuple[int, str]]:
        found = {}
        for stream in streams:
            head = self._head(stream)  # from the file: the cache may be another writer's past
            if head[0]:
                found[stream] = head
        return found

    async def wait(self, positions: Mapping[str, int], timeout: float) -> dict[str, list[Recorded]]:
        # register before reading, so an append between the read and the wait is not lost
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.add(woken)
        try:
            found = await self._read_many(positions)
            if found:
                return found
            # not `wait_for`: on 3.11 it swallows a cancel that lands as `woken` is set (an
            # append's), and the pump of a process asked to stop then went on for ever
            await asyncio.wait({woken}, timeout=timeout)
            return await self._read_many(positions) if woken.done() else {}
        finally:
            self._waiters.discard(woken)

    async def _read_many(self, positions: Mapping[str, int]) -> dict[str, list[Recorded]]:
        found = {}
        tails = self._tails
        for stream, after in positions.items():
            if self._last_version(stream) > after:
                tail = tails.get(stream)
                if (
                    tail
                    and tail[0].version <= after + 1
                    and tail[-1].version == self._heads[stream][0]
                ):
                    found[stream] = tail[after + 1 - tail[0].version :]
                else:
                    found[stream] = await self.read(stream, after)
        return found

    def _last_version(self, stream: str) -> int:
        head = self._heads.get(stream)
        if head is None:
            head = self._heads[stream] = self._head(stream)
        return head[0]

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
        row: tuple[int] | None = self.db.execute("SELECT 1").fetchone()
        return row == (1,)

    async def close(self) -> None:
        self._resume()  # commits waiting for a drain land before the file closes
        if self._pending:  # and those of this tick, whose commit is not due yet
            self._commit()
        if self._checkpointer is not None:
            self._checkpointer.stop()
        self.db.close()
