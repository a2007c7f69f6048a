"""kill -9 of the processes that send notices, mid-game, on SQLite and on Redis: every notice
due for a channel arrives (the table full or started, the end; a turn only if it still runs
when derived and sent), and a receiver that deduplicates by `Idempotency-Key` sees each
exactly once (a notice sent but not marked done when its process died is sent again, with its
id). The moves are appended by this test's own service on the same store, like one more
process: whoever appends, the notices are derived from the log."""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

import httpx
import msgspec

from clients.python.client import Lobby
from domain.bots import random_bot
from projections.live import LiveGame
from projections.notices import CLOCK, TURN, notices_between
from server.ops.metrics import Metrics
from server.store.adapters import open_store
from server.table.service import GameService
from tests.reliability.processes import ServerProcess
from tests.webhook_receiver import Receiver, receiving
from tools.redis_server import RedisServer

GAMES = 6
SEATS = 2
ALLOW = {"PLATEAU_WEBHOOK_ALLOW_PRIVATE": "1", "PLATEAU_NOTICE_GRACE_S": "0.3"}


async def opened(lobby: Lobby, receiver: Receiver) -> dict[str, int]:
    """Started games with a webhook on every seat and on the table; the version each is
    watched from."""
    watched = {}
    async with httpx.AsyncClient(base_url=lobby.base_url) as http:
        for n in range(GAMES):
            game_id = await lobby.create("bienvenue_a_bord", SEATS)
            tokens = [(await lobby.join(game_id, f"p{s}"))[1] for s in range(SEATS)]
            owners = [*tokens, lobby.hosts[game_id]]
            for who, token in enumerate(owners):
                made = await http.post(
                    f"/api/games/{game_id}/channels",
                    json={"url": receiver.at(f"/g{n}/{who}")},
                    headers={"authorization": f"Bearer {token}"},
                )
                assert made.status_code == 201, made.text
            version = (await http.get(f"/api/games/{game_id}")).json()["version"]
            watched[game_id] = version
            await lobby.start(game_id, tokens[0])
    return watched


async def due(store_url: str, watched: dict[str, int]) -> tuple[set[str], set[str]]:
    """What the streams make due past the version each game is watched from: the notices
    that must arrive (all but turns), and every notice that may (a turn is told only if it
    still runs when derived, so which turns depends on when: each event derived alone finds
    them all)."""
    store = open_store(store_url)
    try:
        must, may = set(), set()
        for game_id, after in watched.items():
            live = LiveGame.replay(game_id, await store.read(game_id))
            for version in range(after + 1, live.version + 1):
                start, event = live.table_at(version - 1), live.events[version - 1]
                for notice in notices_between(game_id, live.game, start, [event], version):
                    may.add(notice.id)
                    if notice.kind not in (TURN, CLOCK):
                        must.add(notice.id)
        return must, may
    finally:
        await store.close()


async def moves(service: GameService, game_id: str, count: int, rng: random.Random) -> None:
    """Up to `count` random legal commands, each under an id of its own, until the end."""
    for _ in range(count):
        live = await service.load(game_id, fresh=True)
        if live.over:
            return
        game, state = live.game, live.table.state
        seat = rng.choice([s for s in range(SEATS) if game.legal(state, s)])
        command = random_bot(game, state, seat, game.legal(state, seat), rng)
        command_id = f"m{rng.getrandbits(64):x}"
        await service.submit(game_id, seat, command_id, live.version, msgspec.json.encode(command))


async def play_with_kills(store_url: str, servers: list[ServerProcess]) -> None:
    rng = random.Random(5)
    async with receiving() as receiver:
        receiver.delay_s = 0.1  # a backlog, so the kills land mid-sending
        lobby = Lobby(servers[0].url)
        try:
            watched = await opened(lobby, receiver)
        finally:
            await lobby.close()
        store = open_store(store_url)
        service = GameService(store, Metrics())
        try:
            for round_ in range(4):
                for game_id in watched:
                    await moves(service, game_id, rng.randint(2, 5), rng)
                await receiver.until(lambda: receiver.in_flight > 0)  # a notice being sent
                victim = servers[round_ % len(servers)]
                victim.kill()
                if round_ == 2:  # every process at once
                    for server in servers:
                        server.kill()
                await asyncio.sleep(0.2)
                for server in servers:
                    if not server.alive:
                        server.start().wait_ready()
            # the games wait for their seats a while: turns are told (the grace is 0.3 s)
            await receiver.until(lambda: any(k.endswith(":turn") for k in receiver.ids()))
            for game_id in watched:
                await moves(service, game_id, 200, rng)
                assert (await service.load(game_id, fresh=True)).over
        finally:
            await store.close()
        must, may = await due(store_url, watched)
        await receiver.until(lambda: set(receiver.ids()) >= must, timeout=120)
        # the deduplicating receiver: each id once, and nothing it was not due
        assert must <= set(receiver.ids()) <= may
        sent_twice = sum(n - 1 for n in receiver.ids().values())
        turns = len(set(receiver.ids()) - must)
        assert turns > 0
        # no webhook's URL in any process's log (httpx logs each URL at INFO)
        assert all(receiver.url not in server.log_text() for server in servers)
        print(f"{len(must)} notices and {turns} turns, {sent_twice} sent again after a kill")


async def test_kills_lose_no_notice_on_redis() -> None:
    redis = RedisServer("--appendonly", "yes", "--appendfsync", "always").start()
    servers = [ServerProcess(redis.url, **ALLOW).start() for _ in range(2)]
    try:
        for server in servers:
            server.wait_ready()
        await play_with_kills(redis.url, servers)
    finally:
        for server in servers:
            server.kill()
        redis.stop()


async def test_kills_lose_no_notice_on_sqlite() -> None:
    path = Path(tempfile.mkdtemp(prefix="plateau-notices-")) / "plateau.db"
    url = f"sqlite:///{path}"
    servers = [ServerProcess(url, **ALLOW).start().wait_ready()]
    try:
        await play_with_kills(url, servers)
    finally:
        servers[0].kill()
