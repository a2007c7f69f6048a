"""An append whose reply is lost may be sent again (a client retrying its command id): it
must not write twice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from server.ops.metrics import Metrics
from server.store import EventStore
from server.store.adapters import open_store
from server.table.service import GameService


class ResendingStore:
    """Runs every append twice with the same arguments, as a client retry after a lost reply
    would, and answers with the second result."""

    def __init__(self, inner: EventStore) -> None:
        self.inner = inner
        self.resent = 0

    async def append(
        self,
        stream: str,
        expected: int,
        events: Sequence[bytes],
        command_id: str | None = None,
        expected_hash: str | None = None,
    ) -> int:
        await self.inner.append(stream, expected, events, command_id, expected_hash)
        self.resent += 1
        return await self.inner.append(stream, expected, events, command_id, expected_hash)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


async def test_server_appends_survive_being_sent_twice(redis_url: str) -> None:
    for url in (None, redis_url):
        store = ResendingStore(open_store(url))
        service = GameService(store, Metrics())  # type: ignore[arg-type]
        try:
            game_id = await service.create(b'{"game": "eiffel_mania", "seats": 4}')
            tokens = [(await service.join(game_id, b'{"name": "p%d"}' % n))[1] for n in range(4)]
            await service.start(game_id, tokens[0])
            await service.chat(game_id, 1, "hello")
            live = await service.load(game_id, fresh=True)
            kinds = [msgspec.json.decode(r.data)["type"] for r in await store.inner.read(game_id)]
            assert kinds.count("table_opened") == 1
            assert kinds.count("seat_claimed") == 4
            assert kinds.count("game_started") == 1
            assert kinds.count("chat_posted") == 1
            assert live.table.names == ("p0", "p1", "p2", "p3")
            assert await service.seat_for(game_id, tokens[3]) == 3
            assert store.resent >= 7
        finally:
            await store.inner.close()
