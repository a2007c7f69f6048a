"""A real 3-master Redis Cluster: games spread over its slots, played through two processes."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from redis.crc import key_slot

from server.store.adapters import open_store
from server.store.redis import events_key
from tests.redis_cluster import Cluster
from tests.reliability.checks import Tally, full, report, verify_game
from tests.reliability.processes import restart_redis, start_servers
from tests.reliability.scenario import everyone, inject, open_tables, play, seat_players


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    built = Cluster(3).start()
    yield built
    built.stop()


async def cluster_games(cluster: Cluster, games: int, master_kills: int = 0) -> None:
    servers = start_servers(cluster.url, 2)
    store = open_store(cluster.url)
    rng = random.Random(23)
    try:
        opened = await open_tables([s.url for s in servers], games, rng)
        slots = [key_slot(events_key(g).encode()) for g, _ in opened]
        per_master = Counter(cluster.owner(s) for s in slots)
        tables = seat_players(opened, lambda k: lambda: [servers[k % 2].ws], rng, spectators=1)
        stop = asyncio.Event()

        async def kill() -> bool:
            node = rng.choice(cluster.nodes)
            await asyncio.to_thread(restart_redis, node)  # kill -9, restart from its AOF
            await asyncio.to_thread(cluster.wait_ok)
            return True

        chaos = asyncio.create_task(inject(kill, master_kills, (0.1, 0.3), tables, stop, rng))
        await play(tables, stop, timeout=600, think=0.03, stagger=0.2)
        killed = len(await chaos)
        tally = Tally.of([await verify_game(store, t.game_id, t.players) for t in tables])
        players = everyone(tables)
        report(
            "Redis Cluster (3 masters), two server processes",
            [
                ("games", len(tables)),
                ("distinct slots", len(set(slots))),
                ("games per master", " / ".join(str(per_master[i]) for i in range(3))),
                ("commands acknowledged", tally.acked),
                ("acknowledged commands lost", f"{tally.lost} of {tally.acked}"),
                ("events in the streams (hash chains intact)", tally.events),
                ("frames checked against a replay", tally.frames),
                ("frames differing from the replay", len(tally.mismatches)),
                ("masters killed -9 and restarted mid-game", killed),
            ],
            "make faults (tests/reliability/test_cluster.py::test_cluster_games_full)",
        )
        assert len(per_master) == 3 or games < 6
        assert killed >= min(master_kills, 1)
        assert not tally.mismatches, tally.mismatches[:10]
        assert tally.lost == 0
        assert all(p.over for p in players)
    finally:
        await store.close()
        for server in servers:
            server.stop()


@pytest.mark.skipif(full(), reason="the full size runs under -m slow")
async def test_cluster_games(cluster: Cluster) -> None:
    await cluster_games(cluster, games=4, master_kills=1)


@pytest.mark.slow
@pytest.mark.skipif(not full(), reason="PLATEAU_FAULTS=full (make faults)")
async def test_cluster_games_full(cluster: Cluster) -> None:
    await cluster_games(cluster, games=30, master_kills=5)
