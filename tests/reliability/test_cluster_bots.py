"""Server bots and the idempotency keys on a real 3-master Redis Cluster: the agenda, the
leases and the kept answers are single-key commands, each served by its own slot's master."""

from __future__ import annotations

import uuid

import httpx

from tests.redis_cluster import Cluster
from tests.reliability.processes import start_servers
from tests.reliability.test_table_bots import bot_game, checked, hand_over, until_over


async def test_bots_play_out_games_on_a_cluster() -> None:
    cluster = Cluster(3).start()
    servers = start_servers(cluster.url, 2)
    try:
        made = []
        for n in range(3):
            with httpx.Client(base_url=servers[n % 2].url) as http:
                game_id, token = bot_game(http, 3, [1, 2])
            with httpx.Client(base_url=servers[(n + 1) % 2].url) as http:
                hand_over(http, game_id, token)
            made.append(game_id)
        for game_id in made:
            assert until_over(servers[0].url, game_id)["over"]
            await checked(cluster.url, game_id)
        key = {"idempotency-key": str(uuid.uuid4())}
        body = {"game": "eiffel_mania", "seats": 3}
        first = httpx.post(f"{servers[0].url}/api/games", json=body, headers=key).json()
        again = httpx.post(f"{servers[1].url}/api/games", json=body, headers=key).json()
        assert first == again
    finally:
        for process in servers:
            process.stop()
        cluster.stop()
