"""Moving from one Redis to a Redis Cluster as deploy/README.md says: `redis-cli --cluster
import` copies every key, and servers on the cluster serve the games as they were (no
container engine needed: redis-server processes on this machine)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator

import pytest

from clients.python.remote_bots import run_bots
from server.store import verify_chain
from server.store.adapters import open_store
from server.store.redis import RedisStore
from tests.redis_cluster import Cluster
from tests.server.conftest import running
from tools.redis_server import RedisServer


@pytest.fixture
def single() -> Iterator[RedisServer]:
    server = RedisServer("--appendonly", "yes").start()
    yield server
    server.stop()


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    started = Cluster().start()
    yield started
    for node in started.nodes:
        node.stop()


async def test_games_copied_into_a_cluster_are_served_as_they_were(
    single: RedisServer, cluster: Cluster
) -> None:
    async with running(single.url) as server:
        played = [
            await run_bots(server.url, game, seats, seed=seed)
            for seed, (game, seats) in enumerate([("eiffel_mania", 3), ("bienvenue_a_bord", 2)])
        ]
        open_id = await server.lobby.create("vertigo", 3)  # a table nobody has joined yet
    source = RedisStore.from_url(single.url)
    games = sorted(await source.streams())
    before = {game: await source.read(game) for game in games}
    await source.close()
    assert sorted([p["game_id"] for p in played] + [open_id]) == games

    # the command of deploy/README.md: copy every key (the source keeps its copy)
    first = cluster.nodes[0]
    cli = shutil.which("redis-cli") or "redis-cli"
    command = [cli, "--cluster", "import", f"127.0.0.1:{first.port}"]
    command += ["--cluster-from", f"127.0.0.1:{single.port}", "--cluster-copy"]
    subprocess.run(command, check=True, capture_output=True, timeout=60)

    target = open_store(cluster.url)
    try:
        assert sorted(await target.streams()) == games  # the lobby's index came along
        for game in games:
            records = await target.read(game)
            assert records == before[game]
            assert verify_chain(records) is None
    finally:
        await target.close()
    async with running(cluster.url) as server:
        for game in played:
            summary = (await server.lobby.http.get(f"/api/games/{game['game_id']}")).json()
            assert summary["over"] and summary["version"] == game["version"]
        seat, token = await server.lobby.join(open_id, "late")  # and play goes on there
        assert seat == 0 and token
