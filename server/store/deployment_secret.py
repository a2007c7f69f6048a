"""The deployment's secret: what a join's token under an Idempotency-Key is derived with
(`server.web.idempotency`), so that the key alone does not give the token.

Every process of a deployment must hold the same one, or a retry served by another process
would not find the seat its first try took. It is the configuration's (PLATEAU_SECRET) when
set there; else it is generated once and kept beside the events, where every process over the
same store finds it: a row of the SQLite file, a Redis key written only if absent. A store in
memory keeps its secret as long as its process, which is as long as its games.

Losing it costs little: seats keep their tokens (only their hashes are stored); only a retry
of a join made before would no longer find its seat. It is never logged.
"""

from __future__ import annotations

import secrets
from typing import cast

from server.store import EventStore, StoreUnavailable
from server.store.redis import RedisStore, reaching
from server.store.sqlite import SqliteStore

MIN_LENGTH = 32  # characters of a configured secret: `openssl rand -hex 32` gives 64
REDIS_KEY = "plateau:secret"
# beside the agenda's tables, outside the events' schema version like them: a file without
# the table gets it, and an older Plateau reading the file ignores it
SQLITE_TABLE = "CREATE TABLE IF NOT EXISTS secrets (name TEXT PRIMARY KEY, value BLOB NOT NULL)"
SQLITE_NAME = "deployment"


class DeploymentSecret:
    """The configured secret, or the one kept in the store, read from it at first use (a
    server starts while its store is still out of reach, answering 503 until it is not)."""

    def __init__(self, configured: str | None, store: EventStore) -> None:
        if configured is not None and len(configured) < MIN_LENGTH:
            raise ValueError(f"PLATEAU_SECRET: at least {MIN_LENGTH} characters")
        self._value = configured.encode() if configured is not None else None
        self._store = store

    async def get(self) -> bytes:
        if self._value is None:
            self._value = await _kept(self._store)
        return self._value


async def _kept(store: EventStore) -> bytes:
    """The secret kept in `store`, kept there first if none is."""
    fresh = secrets.token_bytes(32)
    if isinstance(store, RedisStore):
        with reaching():
            if await store.client.set(REDIS_KEY, fresh, nx=True):
                return fresh
            kept = await store.client.get(REDIS_KEY)
        # deleted between the two calls: the next request tries again
        if kept is None:
            raise StoreUnavailable("the deployment's secret vanished from Redis")
        return cast(bytes, kept)
    assert isinstance(store, SqliteStore), type(store)
    store.db.execute(SQLITE_TABLE)
    store.db.execute("INSERT OR IGNORE INTO secrets VALUES (?, ?)", (SQLITE_NAME, fresh))
    found = store.db.execute("SELECT value FROM secrets WHERE name = ?", (SQLITE_NAME,))
    (kept,) = found.fetchone()
    return bytes(kept)
