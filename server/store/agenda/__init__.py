"""What the store keeps beside the streams, for the server's own chores: the games due for a
bot's move or a clock's timeout, the lease a process takes before playing one, and the
answers kept for idempotency keys.

None of it is history: the streams stay the truth. A game left off the agenda is put back by
the next append to it, or by any process that folds it and finds a bot or a clock awaited.
"""

from __future__ import annotations

from typing import Protocol

from server.store import EventStore


class Agenda(Protocol):
    async def due(self, now_ms: int, limit: int) -> list[str]:
        """Games whose time has come (due at or before `now_ms`), the earliest first."""
        ...

    async def schedule(self, game_id: str, at_ms: int, sooner_only: bool = False) -> None:
        """The game is next due at `at_ms`; with `sooner_only`, unless it is due earlier."""
        ...

    async def unschedule(self, game_id: str) -> None: ...

    async def lease(self, game_id: str, owner: str, ttl_ms: int) -> bool:
        """Take the game for `ttl_ms` unless another owner holds it; True if taken."""
        ...

    async def release(self, game_id: str, owner: str) -> None:
        """Give the game back, if `owner` still holds it."""
        ...

    async def claim(self, key: str, value: bytes, ttl_s: int) -> bytes:
        """Keep `value` under `key` for `ttl_s` unless a value is kept there already;
        the value kept (the first one)."""
        ...


def agenda_for(store: EventStore) -> Agenda:
    """The agenda in the same place as the store: Redis beside Redis, SQLite in its file."""
    from server.store.redis import RedisStore

    if isinstance(store, RedisStore):
        from server.store.agenda.redis import RedisAgenda

        return RedisAgenda(store.client)
    from server.store.agenda.sqlite import SqliteAgenda
    from server.store.sqlite import SqliteStore

    assert isinstance(store, SqliteStore), type(store)
    return SqliteAgenda(store.db)
