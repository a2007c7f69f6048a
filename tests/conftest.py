from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.redis_server import RedisServer


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    server = RedisServer().start()
    yield server.url
    server.stop()
