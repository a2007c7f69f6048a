"""The SQLite store writes the appends of one event-loop tick in one transaction, and each of
them still lands or fails on its own."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from server.store import WrongExpectedVersion, verify_chain
from server.store.sqlite import SqliteStore
from tests.store import ev


def statements(store: SqliteStore) -> list[str]:
    seen: list[str] = []
    store.db.set_trace_callback(seen.append)
    return seen


async def land(store: SqliteStore, stream: str, expected: int, *ids: int, cid: str = "") -> Any:
    try:
        return await store.append(stream, expected, [ev(i) for i in ids], cid or None)
    except WrongExpectedVersion as refusal:
        return refusal


async def test_one_transaction_per_tick_for_many_streams() -> None:
    store = SqliteStore()
    seen = statements(store)
    versions = await asyncio.gather(*(land(store, f"g{n}", 0, n, cid=f"c{n}") for n in range(20)))
    assert versions == [1] * 20
    assert seen.count("BEGIN IMMEDIATE") == 1 and seen.count("COMMIT") == 1
    for n in range(20):
        records = await store.read(f"g{n}")
        assert [r.data for r in records] == [ev(n)] and verify_chain(records) is None
    await store.close()


async def test_a_refused_append_leaves_the_rest_of_its_tick() -> None:
    store = SqliteStore()
    await store.append("a", 0, [ev(0)])
    outcomes = await asyncio.gather(
        land(store, "a", 1, 1, cid="x"),  # wins
        land(store, "a", 1, 2, cid="y"),  # same expected version, later in the tick: refused
        land(store, "b", 0, 3, 4),
        land(store, "a", 2, 5, cid="x"),  # the winner's id again: its first answer
    )
    assert outcomes[0] == 2 and outcomes[2] == 2 and outcomes[3] == 2
    assert isinstance(outcomes[1], WrongExpectedVersion) and outcomes[1].actual == 2
    assert [r.data for r in await store.read("a")] == [ev(0), ev(1)]
    assert await store.recall("a", "y") is None  # the refused command left no trace
    assert await store.append("a", 2, [ev(6)], "y") == 3  # so it may land later
    records = await store.read("a")
    assert verify_chain(records) is None
    await store.close()


async def test_a_chain_continues_across_appends_of_one_tick() -> None:
    store = SqliteStore()
    outcomes = await asyncio.gather(*(land(store, "s", n, n) for n in range(10)))
    assert outcomes == list(range(1, 11))
    records = await store.read("s")
    assert [r.version for r in records] == list(range(1, 11)) and verify_chain(records) is None
    await store.close()


async def test_another_writer_behind_the_cached_head_is_noticed(tmp_path: Path) -> None:
    path = str(tmp_path / "events.db")
    here, elsewhere = SqliteStore(path), SqliteStore(path)
    assert await here.append("s", 0, [ev(1)], "c1") == 1
    assert await elsewhere.append("s", 1, [ev(2)], "c2") == 2  # unknown to `here`'s cache
    assert await here.append("s", 2, [ev(3)], "c3") == 3  # the right version lands
    assert await elsewhere.append("s", 3, [ev(4)], "c4") == 4
    with pytest.raises(WrongExpectedVersion) as raised:
        await here.append("s", 3, [ev(5)], "c5")  # what `here` last wrote: stale
    assert raised.value.actual == 4
    assert await here.recall("s", "c5") is None  # nothing of it stayed
    assert await here.append("s", 4, [ev(5)], "c5") == 5
    records = await here.read("s")
    assert [r.data for r in records] == [ev(n) for n in range(1, 6)]
    assert verify_chain(records) is None
    await here.close()
    await elsewhere.close()


class FailingCommit:
    """A connection whose COMMIT fails, as a full disk would make it."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def execute(self, sql: str, *args: Any) -> Any:
        if sql == "COMMIT":
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


async def test_a_failed_commit_fails_every_append_of_its_tick_and_writes_nothing() -> None:
    store = SqliteStore()
    await store.append("a", 0, [ev(0)])
    real = store.db
    store.db = FailingCommit(real)  # type: ignore[assignment]
    outcomes = await asyncio.gather(
        store.append("a", 1, [ev(1)], "x"), store.append("b", 0, [ev(2)]), return_exceptions=True
    )
    assert all(isinstance(o, sqlite3.OperationalError) for o in outcomes)
    store.db = real
    assert [r.data for r in await store.read("a")] == [ev(0)]
    assert await store.read("b") == [] and await store.recall("a", "x") is None
    assert await store.append("a", 1, [ev(1)], "x") == 2  # the heads were not left ahead
    await store.close()


async def test_wait_hands_out_what_a_read_would(tmp_path: Path) -> None:
    """Followers are served the last records from memory; whatever the position, what they
    get is exactly what the file holds after it."""
    path = str(tmp_path / "events.db")
    here, elsewhere = SqliteStore(path), SqliteStore(path)
    version = 0
    for n in range(30):  # past the in-memory tail, in appends of 1 to 3 events
        events = [ev(10 * n + i) for i in range(1 + n % 3)]
        version = await here.append("s", version, events)
    for after in (0, 1, version - 12, version - 8, version - 3, version - 1):
        got = await here.wait({"s": after}, timeout=0.1)
        assert got["s"] == await here.read("s", after), after
    assert await here.wait({"s": version}, timeout=0.01) == {}
    version = await elsewhere.append("s", version, [ev(999)])  # not in `here`'s memory
    with pytest.raises(WrongExpectedVersion):  # `here` learns the file moved on...
        await here.append("s", version - 1, [ev(1000)])
    got = await here.wait({"s": version - 2}, timeout=0.1)  # ...so its tail is not enough
    assert got["s"] == await here.read("s", version - 2) and got["s"][-1].data == ev(999)
    await here.close()
    await elsewhere.close()
