"""The hub's pump is every socket's news: an unexpected error in a cycle is logged and the
pump goes on. (A Redis Cluster client once raised a RuntimeError out of `wait` while a node
restarted, and the process never published again.)"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from domain.kernel import Seat
from server.live.connection import Connection
from server.live.fanout import Hub
from server.ops.metrics import Metrics
from server.store import EventStore, Recorded
from server.store.adapters import open_store
from server.table.service import GameService


class FailingOnce:
    """A store whose first `wait` fails as no store error would."""

    def __init__(self, inner: EventStore) -> None:
        self.inner = inner
        self.failed = False

    async def wait(self, positions: Mapping[str, int], timeout: float) -> dict[str, list[Recorded]]:
        if not self.failed:
            self.failed = True
            raise RuntimeError("unable to perform operation: the handler is closed")
        return await self.inner.wait(positions, timeout)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


async def test_the_pump_outlives_an_unexpected_error() -> None:
    store = open_store(None)
    flaky = FailingOnce(store)
    here = GameService(flaky, Metrics())  # type: ignore[arg-type]
    elsewhere = GameService(store, Metrics())
    game_id = await elsewhere.create(b'{"game": "eiffel_mania", "seats": 4}')
    tokens = [(await elsewhere.join(game_id, b'{"name": "p%d"}' % n))[1] for n in range(4)]

    async def close(code: int) -> None:
        raise AssertionError(f"closed with {code}")

    frames: list[bytes] = []
    conn = Connection(game_id, Seat(0), 10, close, None, lambda f: frames.append(f) or True)
    hub = Hub(here)
    await hub.attach(conn, await here.load(game_id, fresh=True), None, None)
    hub.start()
    try:
        for _ in range(50):
            if flaky.failed:
                break
            await asyncio.sleep(0.02)
        await elsewhere.start(game_id, tokens[0])  # reaches here only through the pump
        for _ in range(200):
            if conn.sent_version >= 10:
                break
            await asyncio.sleep(0.02)
        assert flaky.failed and conn.sent_version >= 10 and len(frames) == 2
    finally:
        await hub.stop()
        await store.close()
