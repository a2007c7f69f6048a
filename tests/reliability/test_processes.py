"""Three `plateau serve` processes on one Redis serve the same games (no containers)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator

import pytest

from server.store.redis import RedisStore
from tests.reliability.checks import Tally, full, report, verify_game
from tests.reliability.processes import ServerProcess, start_servers
from tests.reliability.scenario import everyone, open_tables, play, seat_players
from tools.redis_server import RedisServer


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    server = RedisServer("--appendonly", "yes").start()
    yield server
    server.stop()


async def three_processes_play(redis: RedisServer, games: int) -> None:
    servers: list[ServerProcess] = start_servers(redis.url, 3)
    store = RedisStore.from_url(redis.url)
    rng = random.Random(7)
    try:
        opened = await open_tables([s.url for s in servers], games, rng)
        # player k stays on process k % 3: the seats of one game sit on different processes,
        # so every command is decided by one process and seen by the others through Redis
        tables = seat_players(opened, lambda k: lambda: [servers[k % 3].ws], rng, spectators=2)
        await play(tables, asyncio.Event(), timeout=240)
        tally = Tally.of([await verify_game(store, t.game_id, t.players) for t in tables])
        players = everyone(tables)
        assert not tally.mismatches, tally.mismatches[:10]
        assert all(p.over for p in players)
        finals = {t.game_id: {(p.version, p.hash) for p in t.players} for t in tables}
        assert all(len(pairs) == 1 for pairs in finals.values())  # same end for everyone
        report(
            "three processes on one Redis",
            [
                ("server processes", 3),
                ("games played to the end", len(tables)),
                ("connections (players + spectators)", len(players)),
                ("commands acknowledged", tally.acked),
                ("events in the streams", tally.events),
                ("frames checked against a replay", tally.frames),
                ("frames differing from the replay", len(tally.mismatches)),
                ("duplicate frames", sum(p.duplicates for p in players)),
            ],
            "make faults (tests/reliability/test_processes.py)",
        )
    finally:
        await store.close()
        for server in servers:
            server.stop()


@pytest.mark.skipif(full(), reason="the full size runs under -m slow")
async def test_three_processes_share_games(redis: RedisServer) -> None:
    await three_processes_play(redis, games=3)


@pytest.mark.slow
@pytest.mark.skipif(not full(), reason="PLATEAU_FAULTS=full (make faults)")
async def test_three_processes_share_games_full(redis: RedisServer) -> None:
    await three_processes_play(redis, games=30)
