"""The SQLite store's WAL is checkpointed by a thread, never inside the event loop's commits;
once it is full, the store's commits wait while the thread drains it, and the store restarts
it with nothing left to copy."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from server.store import sqlite as sqlite_store
from server.store import verify_chain
from server.store.sqlite import SqliteStore
from server.store.sqlite_checkpoints import Checkpointer

PAYLOAD = b'{"type":"e","pad":"' + b"x" * 1000 + b'"}'  # about a quarter of a page


def statements(store: SqliteStore) -> list[str]:
    seen: list[str] = []
    store.db.set_trace_callback(seen.append)
    return seen


async def append_ticks(store: SqliteStore, ticks: int, first: int = 0, streams: int = 10) -> None:
    """`ticks` group commits, each appending one event to every stream (at `first` events)."""
    for tick in range(first, first + ticks):
        await asyncio.gather(*(store.append(f"g{s}", tick, [PAYLOAD]) for s in range(streams)))
        await asyncio.sleep(0.001)  # the server's other work between commits


async def until(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.01)
    return True


async def test_the_thread_copies_commits_into_the_file_and_the_loop_never_does(
    tmp_path: Path,
) -> None:
    path = tmp_path / "events.db"
    store = SqliteStore(str(path))
    seen = statements(store)
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    empty = path.stat().st_size
    await append_ticks(store, 10)  # 100 appends: some 60 pages, short of SQLite's own 1000
    # only a checkpoint writes pages into the database file itself
    assert await until(lambda: path.stat().st_size > empty + 50 * 4096)
    assert not [s for s in seen if "wal_checkpoint" in s]
    await store.close()


async def test_a_full_wal_starts_over_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "events.db"
    store = SqliteStore(str(path), wal_limit=40)
    seen = statements(store)
    await append_ticks(store, 120)  # 1,200 appends: some 4,200 frames if the WAL never restarted
    # the file keeps its largest size: how far the WAL ever grew. How soon the thread sees it
    # full depends on the machine's load (1,215 frames seen on a loaded machine), so what is
    # checked is that it started over, again and again, far short of never
    wal = Path(f"{path}-wal").stat().st_size // (4096 + 24)
    restarts = seen.count("PRAGMA wal_checkpoint(RESTART)")
    print(f"WAL at most {wal} frames, restarted {restarts} times")
    assert restarts >= 3, f"the WAL started over {restarts} times"
    assert wal < 2500, f"the WAL grew to {wal} frames"
    await store.close()
    again = SqliteStore(str(path))
    for s in range(10):
        records = await again.read(f"g{s}")
        assert len(records) == 120 and verify_chain(records) is None
    await again.close()


async def test_without_its_thread_the_store_hands_checkpoints_back_to_sqlite(
    tmp_path: Path,
) -> None:
    store = SqliteStore(str(tmp_path / "events.db"))
    checkpointer = store._checkpointer
    assert checkpointer is not None and checkpointer.alive
    checkpointer.stop()  # as if it had died
    await append_ticks(store, 1)
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (1000,)
    await append_ticks(store, 1, first=1)  # and goes on without it
    await store.close()


async def test_close_stops_the_thread_and_keeps_every_event(tmp_path: Path) -> None:
    path = tmp_path / "events.db"
    store = SqliteStore(str(path))
    checkpointer = store._checkpointer
    assert checkpointer is not None
    await append_ticks(store, 5)
    await store.close()
    assert not checkpointer.alive
    db = sqlite3.connect(path)
    assert db.execute("SELECT count(*) FROM events").fetchone() == (50,)
    db.close()


def test_a_database_in_memory_has_no_thread() -> None:
    assert SqliteStore()._checkpointer is None


async def test_a_full_wal_is_drained_while_commits_wait_and_the_loop_runs_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = time.monotonic
    drains: list[tuple[float, float]] = []  # the thread's copies asked for by the store
    ran_on: list[bool] = []  # per drain: whether the loop went on ticking meanwhile
    ticks: list[float] = []
    copy = Checkpointer._copy

    def slow_copy(self: Checkpointer, db: sqlite3.Connection) -> int:
        draining = self.full  # only a drain copies while the WAL is full
        started = clock()
        if draining:
            # a slow disk: the drain lasts until the event loop has ticked five more times
            # (never, were the loop blocked: then it gives up after 10 s and says so)
            before = len(ticks)
            deadline = clock() + 10
            while len(ticks) < before + 5 and clock() < deadline:
                time.sleep(0.001)
            ran_on.append(len(ticks) >= before + 5)
        frames = copy(self, db)
        if draining:
            drains.append((started, clock()))
        return frames

    monkeypatch.setattr(Checkpointer, "_copy", slow_copy)
    # no guard ending a wait early here (a loaded disk's fsync may take a second): this test
    # is about the drain; the guard has its own test below
    monkeypatch.setattr(sqlite_store, "HOLD_SECONDS", 60.0)
    store = SqliteStore(str(tmp_path / "events.db"), wal_limit=40)
    timed: list[tuple[float, str]] = []
    store.db.set_trace_callback(lambda statement: timed.append((clock(), statement)))

    async def ticker() -> None:
        while True:
            ticks.append(clock())
            await asyncio.sleep(0.002)

    running = asyncio.create_task(ticker())
    await append_ticks(store, 120)
    running.cancel()
    commits = [at for at, statement in timed if statement == "COMMIT"]
    restarts = [at for at, statement in timed if "wal_checkpoint(RESTART)" in statement]
    assert drains, "the WAL never filled"
    assert len(restarts) == len(drains)  # one restart per drain, none while the WAL fills
    for (started, ended), restart in zip(drains, restarts, strict=True):
        assert not [at for at in commits if started <= at <= ended]  # commits waited
        assert ended <= restart  # and the restart came once the copy was done
    assert all(ran_on), ran_on  # the loop ran on while each drain copied
    await store.close()
    again = SqliteStore(str(tmp_path / "events.db"))
    for s in range(10):
        records = await again.read(f"g{s}")
        assert len(records) == 120 and verify_chain(records) is None
    await again.close()


async def test_commits_go_on_when_the_thread_does_not_drain(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_store, "HOLD_SECONDS", 0.05)
    monkeypatch.setattr(Checkpointer, "drain", lambda self, done: None)  # never answers
    store = SqliteStore(str(tmp_path / "events.db"), wal_limit=40)
    seen = statements(store)
    await asyncio.wait_for(append_ticks(store, 60), timeout=30)
    assert "PRAGMA wal_checkpoint(RESTART)" in seen
    await store.close()


async def test_appends_waiting_for_a_drain_land_when_the_store_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "events.db"
    store = SqliteStore(str(path))
    checkpointer = store._checkpointer
    assert checkpointer is not None
    await append_ticks(store, 20)
    monkeypatch.setattr(sqlite_store, "HOLD_SECONDS", 60.0)
    monkeypatch.setattr(Checkpointer, "drain", lambda self, done: None)  # never answers
    checkpointer.full = True  # as the thread finds the WAL once it holds its limit
    waiting = asyncio.gather(*(store.append(f"g{s}", 20, [PAYLOAD]) for s in range(10)))
    await asyncio.sleep(0.05)
    assert not waiting.done()  # held for the drain that never comes
    await store.close()
    assert await asyncio.wait_for(waiting, timeout=5) == [21] * 10
    db = sqlite3.connect(path)
    assert db.execute("SELECT count(*) FROM events").fetchone() == (210,)
    db.close()


def test_a_restarted_wal_is_counted_from_the_next_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Until the store's next commit starts the WAL over, it still reports its old frames: a
    copy right after the RESTART would find it full again and hold commits for nothing."""
    copies: list[str] = []

    def copy(self: Checkpointer, db: sqlite3.Connection) -> int:
        copies.append(self.path)
        return 0

    monkeypatch.setattr(Checkpointer, "_copy", copy)
    path = str(tmp_path / "events.db")
    sqlite3.connect(path).execute("PRAGMA journal_mode=WAL").fetchone()
    checkpointer = Checkpointer(path, limit=40)
    checkpointer.full = True
    checkpointer.restarted()
    time.sleep(0.1)
    assert not checkpointer.full and copies == []
    checkpointer.poke()  # the store's next commit
    deadline = time.monotonic() + 10
    while not copies and time.monotonic() < deadline:
        time.sleep(0.01)
    checkpointer.stop()
    assert copies == [path]
