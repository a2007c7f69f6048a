"""deploy/compose.cluster.yaml: the same servers and nginx on a Redis Cluster of three masters,
formed by its cluster-init service; games played through nginx land on every master."""

from __future__ import annotations

import asyncio
import re

import httpx
import pytest

from tests.deploy.conftest import Started
from tests.deploy.play import GAMES, bots, open_games
from tests.reliability.checks import report

pytestmark = pytest.mark.deploy

MASTERS = ["redis-1", "redis-2", "redis-3"]


def test_cluster_init_forms_a_cluster_of_three_masters(cluster: Started) -> None:
    stack = cluster.stack
    init = stack.inspect("cluster-init")["State"]  # the fixture waited for it
    assert not init["Running"] and init["ExitCode"] == 0
    assert "the cluster is formed" in stack.logs("cluster-init")[0]
    for master in MASTERS:
        info = stack.exec(master, "redis-cli", "cluster", "info")
        assert "cluster_state:ok" in info and "cluster_size:3" in info, info
        assert stack.exec(master, "redis-cli", "config", "get", "appendfsync").split() == [
            "appendfsync",
            "always",
        ]
    report(
        "the compose stack starting (Redis Cluster, three masters)",
        [
            ("compose up -d (image built; the cluster formed)", f"{cluster.up_seconds:.1f} s"),
            ("then healthy through nginx", f"{cluster.healthy_seconds:.1f} s"),
        ],
        "make deploy-test (tests/deploy/test_cluster.py)",
    )


async def test_every_game_plays_through_nginx_with_games_on_every_master(
    cluster: Started,
) -> None:
    stack = cluster.stack
    reports = await asyncio.gather(
        *(bots(stack.url, game, seats, seed) for seed, (game, seats) in enumerate(GAMES))
    )
    # more tables, so that the games' slots fall on every master (one in 3^11 they do not)
    opened = await open_games(stack.url, [("eiffel_mania", 3)] * 8)
    async with httpx.AsyncClient(base_url=stack.url, timeout=10) as http:
        for played in reports:
            summary = (await http.get(f"/api/games/{played['game_id']}")).json()
            assert summary["over"] and summary["version"] == played["version"]
    games = {r["game_id"]: r["version"] for r in reports} | {g: None for g, _ in opened}
    held: dict[str, set[str]] = {}
    for master in MASTERS:
        keys = stack.exec(master, "redis-cli", "--scan", "--pattern", "game:*:events").split()
        held[master] = {re.sub(r"^game:\{(.+)\}:events$", r"\1", key) for key in keys}
    assert all(held.values()), f"a master holds no game: { {m: len(g) for m, g in held.items()} }"
    assert sum(len(g) for g in held.values()) == len(set().union(*held.values()))  # one each
    assert set(games) <= set().union(*held.values())
    for game_id, version in games.items():
        if version is not None:  # the stream holds every event the bots were shown
            owner = next(m for m, g in held.items() if game_id in g)
            length = stack.exec(owner, "redis-cli", "xlen", f"game:{{{game_id}}}:events")
            assert int(length) == version
    report(
        "bots through nginx on the Redis Cluster",
        [(f"{r['game']} ({r['players']} bots)", f"{r['commands']} commands") for r in reports]
        + [(f"games on {m}", len(held[m])) for m in MASTERS],
        "make deploy-test (tests/deploy/test_cluster.py)",
    )
