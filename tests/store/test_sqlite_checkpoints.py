"""The SQLite store's WAL is checkpointed by a thread, never inside the event loop's commits,
and restarted by the store between two commits once it is full."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from server.store import verify_chain
from server.store.sqlite import SqliteStore

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
    wal = Path(f"{path}-wal").stat().st_size // (4096 + 24)
    assert wal < 1000, f"the WAL grew to {wal} frames"
    assert "PRAGMA wal_checkpoint(RESTART)" in seen
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
