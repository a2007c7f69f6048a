"""Turn clocks across `kill -9` of every `plateau serve` process on one real Redis: the time a
seat has left after the restart is exactly what it had before, less the time it was awaited
meanwhile (the processes were down, but the game was not: its seats were waited for), and a
turn whose time ran out while every process was down is played by a bot once one is back."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import redis

from server.store.redis import to_recorded
from tests.reliability.checks import report
from tests.reliability.processes import start_servers
from tools.redis_server import RedisServer

DOWN_S = 1.5  # every process down this long


def clock(url: str, game_id: str) -> tuple[list[int], int, list[int]]:
    """(time left per seat, the server time it was read at, the seats whose clocks run)."""
    shown: dict[str, Any] = httpx.get(f"{url}/api/games/{game_id}", timeout=5).json()
    running = httpx.get(f"{url}/api/games/{game_id}/view", timeout=5).json()
    return (
        shown["clock"]["left_ms"],
        shown["clock"]["at_ms"],
        running["view"]["table"]["clock"]["running"],
    )


def clocked_game(url: str, initial_s: float) -> str:
    with httpx.Client(base_url=url) as http:
        body = {"game": "eiffel_mania", "seats": 3, "clock": {"initial_s": initial_s}}
        game_id: str = http.post("/api/games", json=body).json()["game_id"]
        tokens = [
            http.post(f"/api/games/{game_id}/seats", json={"name": f"p{n}"}).json()["token"]
            for n in range(3)
        ]
        started = http.post(
            f"/api/games/{game_id}/start",
            headers={"authorization": f"Bearer {tokens[0]}"},
            json={},
        )
        assert started.status_code == 200
    return game_id


async def test_killing_every_process_loses_no_clock_time() -> None:
    server = RedisServer().start()
    peek = redis.Redis.from_url(server.url)
    servers = start_servers(server.url, 2)
    try:
        long_game = clocked_game(servers[0].url, 3600)
        short_game = clocked_game(servers[1].url, 0.5 + DOWN_S / 2)  # runs out while down
        before, read_at, running = clock(servers[1].url, long_game)
        for process in servers:
            process.kill()
        time.sleep(DOWN_S)
        servers = start_servers(server.url, 2)
        after, again_at, still = clock(servers[0].url, long_game)
        assert still == running
        waited = again_at - read_at
        lost = [before[s] - after[s] - (waited if s in running else 0) for s in range(3)]
        assert lost == [0, 0, 0]
        deadline = time.monotonic() + 30
        kinds: list[str] = []
        while "time_ran_out" not in kinds:
            assert time.monotonic() < deadline, "the run-out turn was never played"
            time.sleep(0.05)
            entries = peek.xrange(f"game:{{{short_game}}}:events")
            kinds = [json.loads(to_recorded(*entry).data)["type"] for entry in entries]
        report(
            "Turn clocks: every plateau serve process kill -9'd and restarted",
            [
                ("processes killed at once, then restarted", 2),
                ("every process down (s)", DOWN_S),
                ("server time between the two readings (ms)", waited),
                ("clock time lost or given back, per seat (ms)", lost),
                ("a turn that ran out while all were down", "played by a bot on restart"),
            ],
            "make test (tests/reliability/test_turn_clocks.py)",
        )
    finally:
        for process in servers:
            process.stop()
        peek.close()
        server.stop()
