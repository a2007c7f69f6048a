"""The outbox: the notices due to be sent (`projections.notices`), kept beside the events, and
the channels they go to. Derived from the streams, never the other way round: each watched
game has a cursor, the version up to which its notices are recorded, and a notice is recorded
with the move of that cursor, at once, so that a process that dies before or after finds
them recorded once, or not at all and due to be derived again.

Per game: its cursor, its notices waiting (by the time each is next due), its channels
(sealed: `server.table.sealing`) and their health. Beside them, the games due (an agenda of
their own) and the set of games watched. On Redis each game's keys share its hash tag, so
what must be atomic is one script on one slot, on a Redis Cluster too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from server.store import EventStore
from server.store.outbox.waiting import Waiting


class Outbox(Protocol):
    async def watch(self, game_id: str, version: int) -> None:
        """Derive the game's notices from after `version` on, unless it is watched already."""
        ...

    async def unwatch(self, game_id: str) -> None:
        """Stop deriving the game's notices (its channels and waiting notices stay)."""
        ...

    async def watched(self) -> list[str]: ...

    async def cursors(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The version up to which each watched game's notices are recorded."""
        ...

    async def record(
        self, game_id: str, after: int, upto: int, notices: Sequence[tuple[str, bytes, int]]
    ) -> bool:
        """Keep `notices` (id, body, when it is due), and move the cursor from `after` to
        `upto`, all at once; nothing and False if the cursor was not at `after` (another
        process recorded them)."""
        ...

    async def waiting(self, game_id: str, now_ms: int, limit: int) -> list[tuple[str, Waiting]]:
        """The game's notices due at or before `now_ms`, the earliest first."""
        ...

    async def next_at(self, game_id: str) -> int | None:
        """When the game's next waiting notice is due; None when none waits."""
        ...

    async def retry(self, game_id: str, notice_id: str, waiting: Waiting, at_ms: int) -> None:
        """Keep the notice as `waiting` now is, due again at `at_ms`."""
        ...

    async def done(self, game_id: str, notice_id: str) -> None:
        """The notice reached every channel it will: it waits no more."""
        ...

    async def due(self, now_ms: int, limit: int) -> list[str]:
        """Games with notices to derive or send at or before `now_ms`, the earliest first."""
        ...

    async def schedule(self, game_id: str, at_ms: int, sooner_only: bool = False) -> None: ...

    async def unschedule(self, game_id: str) -> None: ...

    async def add_channel(self, game_id: str, channel_id: str, sealed: bytes) -> None: ...

    async def remove_channel(self, game_id: str, channel_id: str) -> bool:
        """Forget a channel and its health; False if there was none."""
        ...

    async def channels(self, game_id: str) -> dict[str, bytes]:
        """The game's channels: id -> sealed."""
        ...

    async def set_health(self, game_id: str, channel_id: str, health: bytes) -> None: ...

    async def health(self, game_id: str) -> dict[str, bytes]:
        """Each channel's health as last set (none for a channel never tried)."""
        ...


def outbox_for(store: EventStore) -> Outbox:
    """The outbox in the same place as the store: Redis beside Redis, SQLite in its file."""
    from server.store.redis import RedisStore

    if isinstance(store, RedisStore):
        from server.store.outbox.redis import RedisOutbox

        return RedisOutbox(store.client)
    from server.store.outbox.sqlite import SqliteOutbox
    from server.store.sqlite import SqliteStore

    assert isinstance(store, SqliteStore), type(store)
    return SqliteOutbox(store.db)
