from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator

import pytest

from server.store import EventStore
from server.store.adapters import open_store
from tools.redis_server import RedisServer


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    server = RedisServer().start()
    yield server.url
    server.stop()


@pytest.fixture(params=["sqlite", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[EventStore]:
    url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    opened = open_store(url)
    yield opened
    await opened.close()


@pytest.fixture
def stream() -> str:
    return uuid.uuid4().hex[:12]
