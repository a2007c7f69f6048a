"""The SQLite store keeps a command's id in its last event's row and finds ids through a cache
of the streams it used lately; a file of the earlier schema (ids in a table of their own) is
upgraded when opened."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from server.store import verify_chain
from server.store.sqlite import SqliteStore
from server.store.sqlite_commands import CommandIds
from server.store.sqlite_schema import TABLES, VERSION, NewerSchema, prepare
from tests.store import ev, unsalted


async def test_the_id_is_stored_with_the_last_event_of_its_append(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "events.db"))
    await store.append("s", 0, [ev(1), ev(2)], "two")
    await store.append("s", 2, [ev(3)])
    rows = store.db.execute("SELECT version, command_id FROM events ORDER BY version").fetchall()
    assert rows == [(1, None), (2, "two"), (3, None)]
    await store.close()


async def test_once_a_stream_is_known_an_append_reads_no_rows(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "events.db"))
    await store.append("s", 0, [ev(1)], "c1")  # reads the stream's ids once
    seen: list[str] = []
    store.db.set_trace_callback(seen.append)
    assert await store.append("s", 1, [ev(2)], "c2") == 2
    assert await store.append("s", 2, [ev(3)]) == 3
    assert await store.append("s", 3, [ev(4)], "c4") == 4
    assert [s.split()[0] for s in seen] == ["BEGIN", "INSERT", "COMMIT"] * 3
    await store.close()


async def test_a_retry_of_what_another_writer_landed_gets_its_first_answer(
    tmp_path: Path,
) -> None:
    path = str(tmp_path / "events.db")
    here, elsewhere = SqliteStore(path), SqliteStore(path)
    assert await here.append("s", 0, [ev(1)], "c1") == 1  # `here` knows the ids up to 1
    assert await elsewhere.append("s", 1, [ev(2)], "c2") == 2
    assert await here.append("s", 2, [ev(2)], "c2") == 2  # read past what it knew
    assert await here.append("s", 1, [ev(2)], "c2") == 2  # a stale retry: the same answer
    assert [r.data for r in await here.read("s")] == [ev(1), ev(2)]
    await here.close()
    await elsewhere.close()


async def test_streams_dropped_from_the_cache_are_read_again(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "events.db"), command_ids=2)
    for n in range(4):
        assert await store.append(f"s{n}", 0, [ev(n)], f"c{n}") == 1
        assert await store.append(f"s{n}", 1, [ev(n)], f"d{n}") == 2
    for n in range(4):  # s0 and s1 were dropped long ago
        assert await store.append(f"s{n}", 2, [ev(9)], f"c{n}") == 1
        assert await store.recall(f"s{n}", f"d{n}") == 2
    assert [len(await store.read(f"s{n}")) for n in range(4)] == [2, 2, 2, 2]
    await store.close()


def test_the_cache_keeps_its_limit_and_drops_the_least_recently_used() -> None:
    ids = CommandIds(limit=3)
    ids.learn("a", [("a1", 1), ("a2", 2)], 2)
    ids.learn("b", [("b1", 1)], 1)
    assert ids.covered("a") == 2  # now used after b
    ids.learn("c", [("c1", 1)], 1)
    assert ids.covered("b") is None and ids.find("b", "b1") is None
    assert ids.find("a", "a2") == 2 and ids.find("c", "c1") == 1
    ids.wrote("c", "c2", 1, 2)  # over the limit again: a goes
    assert ids.covered("a") is None and ids.covered("c") == 2 and ids.find("c", "c2") == 2


def test_a_write_is_kept_only_where_the_ids_were_known_up_to_it() -> None:
    ids = CommandIds()
    ids.wrote("new", "x", 0, 1)  # never read: the next use reads the rows
    assert ids.covered("new") is None
    ids.learn("s", [], 3)
    ids.wrote("s", "y", 5, 6)  # versions 4 and 5 are unknown here
    assert ids.covered("s") == 3 and ids.find("s", "y") is None
    ids.wrote("s", None, 3, 4)
    ids.wrote("s", "z", 4, 5)
    assert ids.covered("s") == 5 and ids.find("s", "z") == 5
    ids.wrote("s", "", 5, 6)  # no id, as its row stores none
    assert ids.covered("s") == 6 and ids.find("s", "") is None


VERSION_1 = """
CREATE TABLE events (
    stream TEXT NOT NULL, version INTEGER NOT NULL, data BLOB NOT NULL,
    prev_hash TEXT NOT NULL, hash TEXT NOT NULL, at_ms INTEGER NOT NULL,
    PRIMARY KEY (stream, version)) WITHOUT ROWID;
CREATE TABLE commands (
    stream TEXT NOT NULL, command_id TEXT NOT NULL, version INTEGER NOT NULL,
    PRIMARY KEY (stream, command_id)) WITHOUT ROWID;
CREATE TABLE streams (stream TEXT PRIMARY KEY, created_ms INTEGER NOT NULL);
"""


def write_version_1(path: str) -> None:
    """A file as the store wrote it before schema version 2."""
    db = sqlite3.connect(path)
    db.executescript(VERSION_1)
    for stream in ("a", "b"):
        records = unsalted([ev(1), ev(2), ev(3)])
        db.executemany(
            "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)",
            [(stream, r.version, r.data, r.prev_hash, r.hash, r.at_ms) for r in records],
        )
        db.executemany(
            "INSERT INTO commands VALUES (?, ?, ?)", [(stream, "one-two", 2), (stream, "three", 3)]
        )
        db.execute("INSERT INTO streams VALUES (?, 1000)", (stream,))
    db.commit()
    db.close()


async def test_a_version_1_file_is_upgraded_and_keeps_its_events_and_ids(tmp_path: Path) -> None:
    path = str(tmp_path / "events.db")
    write_version_1(path)
    store = SqliteStore(path)
    assert store.db.execute("PRAGMA user_version").fetchone() == (VERSION,)
    tables = {name for (name,) in store.db.execute("SELECT name FROM sqlite_master")}
    assert "commands" not in tables
    for stream in ("a", "b"):
        records = await store.read(stream)
        assert [r.data for r in records] == [ev(1), ev(2), ev(3)]
        assert verify_chain(records) is None
        assert await store.recall(stream, "one-two") == 2
        assert await store.append(stream, 3, [ev(9)], "three") == 3  # a retry: no write
        assert await store.append(stream, 3, [ev(4)], "four") == 4
    assert await store.streams() == ["a", "b"]
    await store.close()
    again = SqliteStore(path)  # already upgraded: opened as it is
    assert await again.recall("a", "four") == 4
    assert len(await again.read("a")) == 4
    await again.close()


def test_a_file_of_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "events.db")
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={VERSION + 1}")
    db.close()
    with pytest.raises(NewerSchema, match="reads up to"):
        SqliteStore(path)


def test_a_file_another_process_creates_meanwhile_is_taken_as_it_is(tmp_path: Path) -> None:
    """Two processes open a new file at once: the second waits for the first's lock, then
    finds the schema made and changes nothing (running the upgrade on it would fail)."""
    path = str(tmp_path / "events.db")
    first = sqlite3.connect(path, isolation_level=None)
    first.execute("BEGIN IMMEDIATE")  # the first process is creating the tables
    second = sqlite3.connect(path, isolation_level=None, timeout=10, check_same_thread=False)
    failed: list[BaseException] = []

    def open_second() -> None:
        try:
            prepare(second, path)  # saw version 0, now waits for the lock
        except BaseException as exc:
            failed.append(exc)

    opening = threading.Thread(target=open_second)
    opening.start()
    opening.join(0.3)
    for statement in TABLES:
        first.execute(statement)
    first.execute(f"PRAGMA user_version={VERSION}")
    first.execute("COMMIT")
    opening.join()
    assert failed == []
    assert second.execute("PRAGMA user_version").fetchone() == (VERSION,)
    first.close()
    second.close()


VERSION_2 = """
CREATE TABLE events (
    stream TEXT NOT NULL, version INTEGER NOT NULL, data BLOB NOT NULL,
    prev_hash TEXT NOT NULL, hash TEXT NOT NULL, at_ms INTEGER NOT NULL,
    command_id TEXT,
    PRIMARY KEY (stream, version)) WITHOUT ROWID;
CREATE TABLE streams (stream TEXT PRIMARY KEY, created_ms INTEGER NOT NULL);
PRAGMA user_version=2;
"""


async def test_a_version_2_file_keeps_its_unsalted_events_and_salts_the_next(
    tmp_path: Path,
) -> None:
    """Events stored before salts keep their hashes; the chain goes on from them, salted."""
    path = str(tmp_path / "events.db")
    db = sqlite3.connect(path)
    db.executescript(VERSION_2)
    records = unsalted([ev(1), ev(2)])
    db.executemany(
        "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)",
        [("a", r.version, r.data, r.prev_hash, r.hash, r.at_ms, None) for r in records],
    )
    db.commit()
    db.close()
    store = SqliteStore(path)
    assert store.db.execute("PRAGMA user_version").fetchone() == (VERSION,)
    assert await store.read("a") == records
    assert await store.append("a", 2, [ev(3)], "three", records[-1].hash) == 3
    stored = await store.read("a")
    assert len(stored[-1].salt) == 16 and stored[-1].prev_hash == records[-1].hash
    assert verify_chain(stored) is None
    await store.close()
