"""The Redis store's appends on an open connection: replies go straight to their appenders."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Coroutine, Generator
from typing import Any

import pytest

from server.store import WrongExpectedVersion
from server.store.adapters import open_store
from server.store.redis import RedisStore


@pytest.fixture
async def store(redis_url: str) -> AsyncIterator[RedisStore]:
    opened = open_store(redis_url)
    assert isinstance(opened, RedisStore)
    yield opened
    await opened.close()


async def test_appends_on_an_open_connection_start_no_task(store: RedisStore) -> None:
    """Each task between the store's reply and the appender is a pass of the event loop: the
    ack would then trail the update the pump reads back, and they could not share a write."""
    stream = uuid.uuid4().hex[:12]
    assert await store.append(stream, 0, [b"{}"], "c1") == 1  # connects, loads the script
    loop, started = asyncio.get_running_loop(), []

    def counting(
        loop: asyncio.AbstractEventLoop, coro: Generator[Any, None, Any] | Coroutine[Any, Any, Any]
    ) -> asyncio.Task[Any]:
        started.append(coro)
        return asyncio.Task(coro, loop=loop)

    versions = []
    for version in range(1, 5):
        head = (await store.read(stream))[-1].hash  # as the service knows it from its fold
        loop.set_task_factory(counting)  # type: ignore[arg-type]
        try:
            if version < 4:
                versions.append(
                    await store.append(stream, version, [b"{}"], f"c{version + 1}", head)
                )
            else:
                with pytest.raises(WrongExpectedVersion):
                    await store.append(stream, 1, [b"{}"], "late", head)
        finally:
            loop.set_task_factory(None)
    assert versions == [2, 3, 4] and started == []


async def test_an_append_after_redis_lost_its_scripts_loads_them_again(store: RedisStore) -> None:
    stream = uuid.uuid4().hex[:12]
    assert await store.append(stream, 0, [b"{}"], "c1") == 1
    await store.client.script_flush()  # as a restarted Redis without its scripts
    assert await store.append(stream, 1, [b"{}"], "c2") == 2
    assert [r.version for r in await store.read(stream)] == [1, 2]
