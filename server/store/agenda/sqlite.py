"""The agenda in the embedded store's SQLite file: two tables of its own, beside the events.

The embedded store serves one process, so a lease needs no more than this process's memory.
The tables are created if missing and are not part of the events' schema version: a file
without them is upgraded by creating them, and an older Plateau reading the file ignores them.
"""

from __future__ import annotations

import sqlite3
import time

from server.store.due_games import SqliteDueGames

TABLES = (
    "CREATE TABLE IF NOT EXISTS agenda (game_id TEXT PRIMARY KEY, due_ms INTEGER NOT NULL)",
    "CREATE INDEX IF NOT EXISTS agenda_due ON agenda (due_ms)",
    """CREATE TABLE IF NOT EXISTS kept (key TEXT PRIMARY KEY, value BLOB NOT NULL,
    expires_ms INTEGER NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS kept_expiry ON kept (expires_ms)",
)


def now_ms() -> int:
    return int(time.time() * 1000)


class SqliteAgenda(SqliteDueGames):
    def __init__(self, db: sqlite3.Connection) -> None:
        super().__init__(db, "agenda")
        for statement in TABLES:
            db.execute(statement)
        self.leases: dict[str, tuple[str, float]] = {}  # game -> (owner, until: monotonic)

    async def lease(self, game_id: str, owner: str, ttl_ms: int) -> bool:
        held = self.leases.get(game_id)
        if held is not None and held[0] != owner and held[1] > time.monotonic():
            return False
        self.leases[game_id] = (owner, time.monotonic() + ttl_ms / 1000)
        return True

    async def release(self, game_id: str, owner: str) -> None:
        if self.leases.get(game_id, ("",))[0] == owner:
            del self.leases[game_id]

    async def claim(self, key: str, value: bytes, ttl_s: int) -> bytes:
        now = now_ms()
        self.db.execute("DELETE FROM kept WHERE expires_ms <= ?", (now,))
        self.db.execute(
            "INSERT OR IGNORE INTO kept VALUES (?, ?, ?)", (key, value, now + ttl_s * 1000)
        )
        (kept,) = self.db.execute("SELECT value FROM kept WHERE key = ?", (key,)).fetchone()
        return bytes(kept)
