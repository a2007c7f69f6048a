"""The event-store contract (test_contract.py) runs on every adapter: each test once per
store below, so an adapter is done when it passes them all, as the others do."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator

import pytest

from server.store import EventStore
from server.store.adapters import open_store
from tests.redis_cluster import Cluster

ADAPTERS = ["sqlite", "redis", "redis-cluster"]


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[Cluster]:
    """One 3-master cluster for the session: each test writes streams of its own."""
    started = Cluster(3).start()
    yield started
    started.stop()


@pytest.fixture(params=ADAPTERS)
async def store(request: pytest.FixtureRequest) -> AsyncIterator[EventStore]:
    url = None  # SQLite in memory
    if request.param == "redis":
        url = request.getfixturevalue("redis_url")
    elif request.param == "redis-cluster":
        url = request.getfixturevalue("redis_cluster").url
    opened = open_store(url)
    yield opened
    await opened.close()


@pytest.fixture
def stream() -> str:
    return uuid.uuid4().hex[:12]
