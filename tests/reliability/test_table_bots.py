"""Server bots across real `plateau serve` processes on one real Redis: every bot turn is
played once, whichever process plays it, and a process killed while it holds a game's turn
loses nothing: another plays the turn."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
import redis

from server.store import verify_chain
from server.store.adapters import open_store
from server.store.agenda.redis import LEASE
from tests.reliability.checks import full, report
from tests.reliability.processes import ServerProcess, start_servers
from tools.redis_server import RedisServer

WAIT_S = 60  # a game not over by then has stalled: fail, saying where it stood


def bot_game(http: httpx.Client, seats: int, bots: list[int]) -> tuple[str, str]:
    made = http.post("/api/games", json={"game": "eiffel_mania", "seats": seats, "bots": bots})
    game_id = made.json()["game_id"]
    token = http.post(f"/api/games/{game_id}/seats", json={"name": "Ada"}).json()["token"]
    return game_id, token


def hand_over(http: httpx.Client, game_id: str, token: str) -> None:
    headers = {"authorization": f"Bearer {token}"}
    assert http.post(f"/api/games/{game_id}/start", headers=headers, json={}).status_code == 200
    reply = http.post(f"/api/games/{game_id}/seats/0/bot", headers=headers, json={"bot": True})
    assert reply.status_code == 200, reply.text


def until_over(url: str, game_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        shown: dict[str, Any] = httpx.get(f"{url}/api/games/{game_id}", timeout=5).json()
        if shown["over"]:
            return shown
        time.sleep(0.1)
    raise AssertionError(f"{game_id} stalled: {shown}")


def bot_moves(url: str) -> int:
    text = httpx.get(f"{url}/metrics", timeout=5).text
    lines = [line for line in text.splitlines() if "bot_moves" in line and line[0] != "#"]
    return sum(int(float(line.split()[-1])) for line in lines)


async def checked(store_url: str, game_id: str) -> tuple[int, int]:
    """The game's bot turns in its stream, each once (its command id unique), and its
    events, with the hash chain intact (on one Redis or a cluster)."""
    store = open_store(store_url)
    try:
        records = await store.read(game_id)
    finally:
        await store.close()
    assert verify_chain(records) is None
    assert [r.version for r in records] == list(range(1, len(records) + 1))
    ids = [r.command_id for r in records if r.command_id.startswith("bot-")]
    assert len(ids) == len(set(ids))
    kinds = [json.loads(r.data)["type"] for r in records]
    assert kinds.count("game_started") == 1
    return len(ids), len(records)


REDUCED = pytest.mark.skipif(full(), reason="the full size runs under -m slow")
FULL = [pytest.mark.slow, pytest.mark.skipif(not full(), reason="PLATEAU_FAULTS=full")]


@REDUCED
@pytest.mark.parametrize("leases", ["on", "off"])
async def test_bot_turns_are_played_once_across_three_processes(leases: str) -> None:
    await bots_on_three_processes(leases, games=4)


@FULL[0]
@FULL[1]
@pytest.mark.parametrize("leases", ["on", "off"])
async def test_bot_turns_are_played_once_across_three_processes_full(leases: str) -> None:
    await bots_on_three_processes(leases, games=12)


async def bots_on_three_processes(leases: str, games: int) -> None:
    """With leases off (1 ms, and bots thinking 20 ms) the processes race for every turn:
    the store still lets each be played once."""
    server = RedisServer().start()
    racing = {"PLATEAU_BOT_LEASE_MS": "1", "PLATEAU_BOT_THINK_MS": "20"}
    servers = start_servers(server.url, 3, **(racing if leases == "off" else {}))
    try:
        made = []
        for n in range(games):  # created, joined, started and handed over through different ones
            with httpx.Client(base_url=servers[n % 3].url) as http:
                game_id, token = bot_game(http, 3, [1, 2])
            with httpx.Client(base_url=servers[(n + 1) % 3].url) as http:
                hand_over(http, game_id, token)
            made.append(game_id)
        turns = events = 0
        for game_id in made:
            until_over(servers[0].url, game_id)
            played, stored = await checked(server.url, game_id)
            turns, events = turns + played, events + stored
        counted = [bot_moves(s.url) for s in servers]
        assert sum(counted) >= turns
        report(
            f"Server bots on three processes, one Redis, leases {leases}",
            [
                ("games, every seat a bot once started", games),
                ("bot turns in the streams", turns),
                ("bot turns each process played", " / ".join(map(str, counted))),
                # a second play of a turn is answered with the first's version, writing nothing
                ("second plays answered with the first play's version", sum(counted) - turns),
                ("events, hash chains intact", events),
            ],
            "make test (tests/reliability/test_table_bots.py)",
        )
    finally:
        for process in servers:
            process.stop()
        server.stop()


@REDUCED
async def test_a_process_killed_holding_a_bot_turn_loses_nothing() -> None:
    await kill_lease_holders(kills=2)


@FULL[0]
@FULL[1]
async def test_a_process_killed_holding_a_bot_turn_loses_nothing_full() -> None:
    await kill_lease_holders(kills=5)


async def kill_lease_holders(kills: int) -> None:
    server = RedisServer().start()
    slow = {"PLATEAU_BOT_THINK_MS": "800", "PLATEAU_BOT_LEASE_MS": "1500"}
    peek = redis.Redis.from_url(server.url)
    servers: list[ServerProcess] = []
    try:
        first = ServerProcess(server.url, **slow).start().wait_ready()
        servers.append(first)
        with httpx.Client(base_url=first.url) as http:
            game_id, token = bot_game(http, 3, [1, 2])
            hand_over(http, game_id, token)
        killed_holding = 0
        for _ in range(kills):  # each killed while it holds the game, thinking of a move
            holder = servers[-1]
            deadline = time.monotonic() + WAIT_S
            while peek.get(LEASE + game_id) is None:
                assert time.monotonic() < deadline, "no process took the game"
                time.sleep(0.02)
            holder.kill()
            killed_holding += 1
            servers.append(ServerProcess(server.url, **slow).start().wait_ready())
        rescuer = ServerProcess(server.url).start().wait_ready()  # plays the rest at once
        servers.append(rescuer)
        over = until_over(rescuer.url, game_id)
        played, stored = await checked(server.url, game_id)
        assert played == over["moves"]
        report(
            "Server bots: a process kill -9'd while it holds a game's bot turn",
            [
                ("kills while holding the turn's lease", killed_holding),
                ("bot turns lost", 0),
                ("game played to its end by the others", over["over"]),
                ("bot turns in the stream, each once", played),
                ("events, hash chain intact", stored),
            ],
            "make test (tests/reliability/test_table_bots.py)",
        )
    finally:
        for process in servers:
            process.stop()
        peek.close()
        server.stop()
