from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.markers import unmarked_browser_tests
from tools.redis_server import RedisServer


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    server = RedisServer().start()
    yield server.url
    server.stop()


# Tests marked `no_cover` (pytest-cov's marker) run with the coverage tracer paused: the
# loops over hundreds of random games and the noninterference worlds, which run three times
# slower under it (vertigo's random games: 8 s bare, 28 s traced) and reach few lines the rest
# of the suite leaves unmeasured (`make test`'s figure: 96.17 % with them traced, 96.13 %
# without). They run and assert as before.


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("deploy") is not None:
            # one image, built once: the container tests share one worker (`--dist loadgroup`)
            item.add_marker(pytest.mark.xdist_group("deploy"))
    unmarked = unmarked_browser_tests(items)
    if unmarked:
        raise pytest.UsageError(
            "these tests drive Chromium without @pytest.mark.browser: " + ", ".join(unmarked)
        )
