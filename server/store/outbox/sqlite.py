"""The outbox in the embedded store's SQLite file: tables of its own beside the events,
created if missing and outside the events' schema version, like the agenda's."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from server.store.due_games import SqliteDueGames
from server.store.outbox.waiting import WAITING, Waiting, encode_waiting

TABLES = (
    "CREATE TABLE IF NOT EXISTS notify_cursor (game_id TEXT PRIMARY KEY, version INTEGER NOT NULL)",
    """CREATE TABLE IF NOT EXISTS notify_waiting (game_id TEXT NOT NULL, id TEXT NOT NULL,
    due_ms INTEGER NOT NULL, waiting BLOB NOT NULL, PRIMARY KEY (game_id, id))""",
    "CREATE INDEX IF NOT EXISTS notify_waiting_due ON notify_waiting (game_id, due_ms)",
    "CREATE TABLE IF NOT EXISTS notify_due (game_id TEXT PRIMARY KEY, due_ms INTEGER NOT NULL)",
    "CREATE INDEX IF NOT EXISTS notify_due_at ON notify_due (due_ms)",
    """CREATE TABLE IF NOT EXISTS notify_channels (game_id TEXT NOT NULL, id TEXT NOT NULL,
    sealed BLOB NOT NULL, health BLOB, PRIMARY KEY (game_id, id))""",
)


class SqliteOutbox(SqliteDueGames):
    def __init__(self, db: sqlite3.Connection) -> None:
        super().__init__(db, "notify_due")
        for statement in TABLES:
            db.execute(statement)

    async def watch(self, game_id: str, version: int) -> None:
        self.db.execute("INSERT OR IGNORE INTO notify_cursor VALUES (?, ?)", (game_id, version))

    async def unwatch(self, game_id: str) -> None:
        self.db.execute("DELETE FROM notify_cursor WHERE game_id = ?", (game_id,))

    async def watched(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT game_id FROM notify_cursor")]

    async def cursors(self, game_ids: Sequence[str]) -> dict[str, int]:
        found = {}
        for game_id in game_ids:
            row = self.db.execute(
                "SELECT version FROM notify_cursor WHERE game_id = ?", (game_id,)
            ).fetchone()
            if row is not None:
                found[game_id] = int(row[0])
        return found

    async def record(
        self, game_id: str, after: int, upto: int, notices: Sequence[tuple[str, bytes, int]]
    ) -> bool:
        db = self.db
        # synchronous from BEGIN to COMMIT: no other task of the loop writes in between
        db.execute("BEGIN IMMEDIATE")
        try:
            moved = db.execute(
                "UPDATE notify_cursor SET version = ? WHERE game_id = ? AND version = ?",
                (upto, game_id, after),
            ).rowcount
            if moved:
                db.executemany(
                    "INSERT OR IGNORE INTO notify_waiting VALUES (?, ?, ?, ?)",
                    [(game_id, i, at, encode_waiting(Waiting(body))) for i, body, at in notices],
                )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return bool(moved)

    async def waiting(self, game_id: str, now_ms: int, limit: int) -> list[tuple[str, Waiting]]:
        rows = self.db.execute(
            "SELECT id, waiting FROM notify_waiting WHERE game_id = ? AND due_ms <= ?"
            " ORDER BY due_ms, id LIMIT ?",
            (game_id, now_ms, limit),
        ).fetchall()
        return [(row[0], WAITING.decode(row[1])) for row in rows]

    async def next_at(self, game_id: str) -> int | None:
        (at,) = self.db.execute(
            "SELECT MIN(due_ms) FROM notify_waiting WHERE game_id = ?", (game_id,)
        ).fetchone()
        return None if at is None else int(at)

    async def retry(self, game_id: str, notice_id: str, waiting: Waiting, at_ms: int) -> None:
        self.db.execute(
            "UPDATE notify_waiting SET due_ms = ?, waiting = ? WHERE game_id = ? AND id = ?",
            (at_ms, encode_waiting(waiting), game_id, notice_id),
        )

    async def done(self, game_id: str, notice_id: str) -> None:
        self.db.execute(
            "DELETE FROM notify_waiting WHERE game_id = ? AND id = ?", (game_id, notice_id)
        )

    async def add_channel(self, game_id: str, channel_id: str, sealed: bytes) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO notify_channels VALUES (?, ?, ?, NULL)",
            (game_id, channel_id, sealed),
        )

    async def remove_channel(self, game_id: str, channel_id: str) -> bool:
        gone = self.db.execute(
            "DELETE FROM notify_channels WHERE game_id = ? AND id = ?", (game_id, channel_id)
        ).rowcount
        return bool(gone)

    async def channels(self, game_id: str) -> dict[str, bytes]:
        rows = self.db.execute(
            "SELECT id, sealed FROM notify_channels WHERE game_id = ?", (game_id,)
        ).fetchall()
        return {row[0]: bytes(row[1]) for row in rows}

    async def set_health(self, game_id: str, channel_id: str, health: bytes) -> None:
        self.db.execute(
            "UPDATE notify_channels SET health = ? WHERE game_id = ? AND id = ?",
            (health, game_id, channel_id),
        )

    async def health(self, game_id: str) -> dict[str, bytes]:
        rows = self.db.execute(
            "SELECT id, health FROM notify_channels WHERE game_id = ? AND health IS NOT NULL",
            (game_id,),
        ).fetchall()
        return {row[0]: bytes(row[1]) for row in rows}
