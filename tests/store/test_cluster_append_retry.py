"""The cluster store sends an append again, once, when redis-py's cluster client itself fails."""

from __future__ import annotations

from typing import Any

import pytest

from server.store import StoreUnavailable
from server.store.redis_cluster import RedisClusterStore


class FlakyScript:
    """The append script, failing its first `fails` calls as redis-py's cluster client did
    under concurrent first use."""

    def __init__(self, fails: int) -> None:
        self.fails = fails
        self.calls: list[list[Any]] = []

    async def __call__(self, keys: list[str], args: list[Any]) -> int:
        self.calls.append(args)
        if len(self.calls) <= self.fails:
            raise AttributeError("'NoneType' object has no attribute 'writelines'")
        return int(args[0]) + 1


class FakeCluster:
    def __init__(self, script: FlakyScript) -> None:
        self.script = script

    def register_script(self, text: str) -> FlakyScript:
        return self.script


async def test_a_failing_client_call_is_sent_again_with_the_same_command_id() -> None:
    script = FlakyScript(fails=1)
    store = RedisClusterStore(FakeCluster(script))  # type: ignore[arg-type]
    assert await store.append("g", 6, [b'{"type":"e"}'], "cmd-1", "h6") == 7
    assert len(script.calls) == 2
    # same id, timestamp, salt and hash: idempotent in Redis
    assert script.calls[0] == script.calls[1]
    assert script.calls[0][1:3] == ["h6", "cmd-1"]


async def test_a_client_that_keeps_failing_makes_the_store_unavailable() -> None:
    script = FlakyScript(fails=2)
    store = RedisClusterStore(FakeCluster(script))  # type: ignore[arg-type]
    with pytest.raises(StoreUnavailable, match="AttributeError"):
        await store.append("g", 6, [b'{"type":"e"}'], "cmd-1", "h6")
    assert len(script.calls) == 2


class UnformedCluster(FakeCluster):
    """A cluster whose slots are not yet assigned, as redis-py's client finds it."""

    async def ping(self) -> bool:
        from redis.exceptions import RedisClusterException

        raise RedisClusterException("Redis Cluster cannot be connected: slots not covered")


async def test_a_cluster_not_formed_yet_is_unhealthy_not_an_error() -> None:
    store = RedisClusterStore(UnformedCluster(FlakyScript(fails=0)))  # type: ignore[arg-type]
    assert await store.ping() is False
