"""Games due at a time, kept in the store: the bot agenda's (`server.store.agenda`) and the
notices' (`server.store.outbox`) are one mechanism, each under its own table or key.

`due` lists the games whose time has come, earliest first; `schedule` sets a game's time (with
`sooner_only`, only if it brings it forward); `unschedule` forgets it."""

from __future__ import annotations

import sqlite3
from typing import cast

from server.store.redis import Client, reaching


class SqliteDueGames:
    """Due games in a table `(game_id TEXT PRIMARY KEY, due_ms INTEGER)` of the SQLite file."""

    def __init__(self, db: sqlite3.Connection, table: str) -> None:
        self.db = db
        self._table = table

    async def due(self, now_ms: int, limit: int) -> list[str]:
        rows = self.db.execute(
            f"SELECT game_id FROM {self._table} WHERE due_ms <= ? ORDER BY due_ms LIMIT ?",
            (now_ms, limit),
        ).fetchall()
        return [row[0] for row in rows]

    async def schedule(self, game_id: str, at_ms: int, sooner_only: bool = False) -> None:
        keep = "MIN(due_ms, excluded.due_ms)" if sooner_only else "excluded.due_ms"
        self.db.execute(
            f"INSERT INTO {self._table} VALUES (?, ?)"
            f" ON CONFLICT (game_id) DO UPDATE SET due_ms = {keep}",
            (game_id, at_ms),
        )

    async def unschedule(self, game_id: str) -> None:
        self.db.execute(f"DELETE FROM {self._table} WHERE game_id = ?", (game_id,))


class RedisDueGames:
    """Due games in one sorted set of Redis (one key: a Redis Cluster serves it too)."""

    def __init__(self, client: Client, key: str) -> None:
        self.client = client
        self._key = key

    async def due(self, now_ms: int, limit: int) -> list[str]:
        with reaching():
            found = await self.client.zrangebyscore(self._key, "-inf", now_ms, start=0, num=limit)
        return [game_id.decode() for game_id in cast(list[bytes], found)]

    async def schedule(self, game_id: str, at_ms: int, sooner_only: bool = False) -> None:
        with reaching():
            await self.client.zadd(self._key, {game_id: at_ms}, lt=sooner_only)

    async def unschedule(self, game_id: str) -> None:
        with reaching():
            await self.client.zrem(self._key, game_id)
