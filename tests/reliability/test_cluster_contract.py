"""The event-store contract suite (tests/store) run unchanged on a real 3-master cluster."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from server.store import EventStore
from server.store.adapters import open_store
from tests.reliability.cluster import Cluster
from tests.store import test_contract

# the contract's tests, collected here with the `store` fixture below
globals().update(
    {name: value for name, value in vars(test_contract).items() if name.startswith("test_")}
)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    built = Cluster(3).start()
    yield built
    built.stop()


@pytest.fixture
async def store(cluster: Cluster) -> AsyncIterator[EventStore]:
    opened = open_store(cluster.url)
    yield opened
    await opened.close()
