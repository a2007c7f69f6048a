"""What the contract cannot see on a cluster: streams spread over every master, one wait
following all of them (a reader per master), and readers of games no longer watched ending."""

from __future__ import annotations

import asyncio
from collections import Counter

from redis.crc import key_slot

from server.store.adapters import open_store
from server.store.redis import events_key
from server.store.redis_cluster import RedisClusterStore
from tests.redis_cluster import Cluster
from tests.store import ev


async def test_one_wait_follows_streams_on_every_master(redis_cluster: Cluster) -> None:
    store = open_store(redis_cluster.url)
    assert isinstance(store, RedisClusterStore)
    try:
        names = [f"spread-{n}" for n in range(24)]
        owners = Counter(redis_cluster.owner(key_slot(events_key(s).encode())) for s in names)
        assert len(owners) == 3  # the streams sit on all three masters
        for name in names:
            assert await store.append(name, 0, [ev(1), ev(2), ev(3)]) == 3
        got = await store.wait({n: 1 for n in names}, timeout=2)
        while len(got) < len(names):
            more = await store.wait({n: 1 for n in names if n not in got}, timeout=2)
            assert more, "a stream was never followed"
            got |= more
        assert all([r.version for r in got[n]] == [2, 3] for n in names)
        follower = asyncio.create_task(store.wait({n: 3 for n in names}, timeout=10))
        await asyncio.sleep(0.3)
        await store.append(names[-1], 3, [ev(4)])
        woken = await asyncio.wait_for(follower, 10)
        assert [r.version for r in woken[names[-1]]] == [4]
        # games no longer watched are dropped; readers left with none end
        await store.wait({names[0]: 3}, timeout=0.2)
        await asyncio.sleep(0.3)
        assert {s for r in store.readers.values() for s in r.streams} == {names[0]}
        running = [r for r in store.readers.values() if r.task and not r.task.done()]
        assert len(running) == 1
    finally:
        await store.close()
