"""The hardened edge, against a real server process: junk inputs, junk connections, floods,
caps, cross-origin pages and slow consumers. The server stays up, every input gets a clear
answer, and no stream grows."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import msgspec
import pytest
import websockets
from websockets.asyncio.client import connect

from domain import games
from domain.kernel import is_simultaneous
from server.store.redis import RedisStore
from tests.reliability.checks import full, report, verify_game
from tests.reliability.edge import answer, junk_connection, junk_frames, session
from tests.reliability.player import Player
from tests.reliability.processes import ServerProcess
from tests.reliability.scenario import open_tables
from tools.redis_server import RedisServer
from tools.tcp_proxy import TcpProxy

MAX_FRAME = 64 * 1024
# enough updates to fill the kernel buffers (up to 4 MiB) behind a stalled reader: an update
# sends what changed, so each is made big by its chat line, 480 cards of 4 bytes each in UTF-8
CHATS = 2000
CARDS = "\U0001f0a1" * 480
NO_ERRORS = ("Traceback", "command_failed", "internal_error", "Exception in ASGI")


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    server = RedisServer().start()
    yield server
    server.stop()


def rss_kib(server: ServerProcess) -> int:
    assert server.proc is not None
    status = Path(f"/proc/{server.proc.pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")))


async def lengths(store: RedisStore, ids: list[str]) -> dict[str, int]:
    return {g: len(await store.read(g)) for g in ids}


async def fuzz(redis: RedisServer, rounds: int, junk: int) -> None:
    server = ServerProcess(
        redis.url,
        PLATEAU_COMMANDS_PER_SECOND="100000",
        PLATEAU_COMMAND_BURST="100000",
        PLATEAU_MAX_CONNECTIONS_PER_ADDRESS="150",
    ).start()
    server.wait_ready()
    store = RedisStore.from_url(redis.url)
    rng = random.Random(29)
    try:
        (a, a_tokens), (b, _) = await open_tables([server.url], 2, rng)
        sockets = [await session(server.ws, a, t) for t in [*a_tokens, None]]
        # who may move: ask each seat for its legal commands through a seek of the present
        legal: list[list[object]] = []
        for ws in sockets:
            await ws.send(json.dumps({"type": "seek"}))
            legal.append((await answer(ws))["legal"])
        mover = next(i for i, moves in enumerate(legal[:4]) if moves)
        game = games.get("eiffel_mania")
        decoder = msgspec.json.Decoder(game.command_type)
        turn_based = [m for m in legal[mover] if not is_simultaneous(decoder.decode(json.dumps(m)))]
        version = (await lengths(store, [a]))[a]
        landed = {"type": "command", "id": "landed-1", "seen_version": version,
                  "command": legal[mover][0]}  # fmt: skip
        await sockets[mover].send(json.dumps(landed))
        first = await answer(sockets[mover])
        assert first["type"] == "ack", first
        await asyncio.sleep(0.3)
        for ws in sockets:
            await ws.send(json.dumps({"type": "seek"}))
        legal = [(await answer(ws))["legal"] for ws in sockets]
        idle = next(i for i, moves in enumerate(legal[:4]) if not moves)
        mover = next((i for i, moves in enumerate(legal[:4]) if moves), mover)
        elsewhere = [m for moves in legal for m in moves]
        before = await lengths(store, [a, b])
        rss_before = rss_kib(server)
        replies: Counter[str] = Counter()
        silent = 0
        tried = 0
        for _ in range(rounds):
            inputs = [(idle, f) for f in junk_frames(rng, elsewhere, MAX_FRAME)]
            inputs.append((4, json.dumps({"type": "ping"})))
            fresh = rng.getrandbits(64)
            # other seats' commands, from a seat that may not move and from the spectator
            others = [(idle, m) for m in elsewhere] + [(4, m) for m in elsewhere]
            for n, (seat, command) in enumerate(others):
                frame = {"type": "command", "id": f"o{fresh}-{n}", "seen_version": 0,
                         "command": command}  # fmt: skip
                frame["seen_version"] = (await lengths(store, [a]))[a] if tried % 7 else 1
                inputs.append((seat, json.dumps(frame)))
            # a replayed command id with another payload: the first result, nothing written
            replay = dict(landed, command={"type": "pick_card", "card": "L99"})
            inputs.append((mover, json.dumps(replay)))
            # a stale version on a turn-based command of the seat that may move
            if turn_based:
                stale = {"type": "command", "id": f"s{fresh}", "seen_version": 1,
                         "command": turn_based[0]}  # fmt: skip
                inputs.append((mover, json.dumps(stale)))
            for seat, frame in inputs:
                await sockets[seat].send(frame)
                tried += 1
                try:
                    reply = await answer(sockets[seat])
                except TimeoutError:
                    silent += 1
                    continue
                key = reply["type"] + (f" {reply['reason']}" if "reason" in reply else "")
                replies[key] += 1
        after = await lengths(store, [a, b])
        appended = sum(after[g] - before[g] for g in after)

        # thousands of junk connections, a hundred at a time
        gate = asyncio.Semaphore(100)

        async def one(n: int) -> str:
            async with gate:
                return await junk_connection(n % 6, "127.0.0.1", server.port, a)

        outcomes = Counter(await asyncio.gather(*(one(n) for n in range(junk))))
        # the per-address cap: 150 sockets from 127.0.0.1, five already open
        held, refused = [], 0
        for _ in range(160):
            try:
                held.append(await connect(server.ws, open_timeout=5))
            except websockets.InvalidStatus as exc:
                assert exc.response.status_code == 403
                refused += 1
        for ws in held:
            await ws.close()
        await asyncio.sleep(0.5)
        healthy = httpx.get(server.url + "/healthz", timeout=5).status_code
        # the legitimate player still plays
        for ws in sockets:
            await ws.send(json.dumps({"type": "seek"}))
        legal = [(await answer(ws))["legal"] for ws in sockets]
        mover = next(i for i, moves in enumerate(legal[:4]) if moves)
        now = (await lengths(store, [a]))[a]
        move = {"type": "command", "id": "after-fuzz", "seen_version": now,
                "command": legal[mover][0]}  # fmt: skip
        await sockets[mover].send(json.dumps(move))
        still = await answer(sockets[mover])
        log = server.log_text()
        crashes = sum(log.count(marker) for marker in NO_ERRORS)
        dead, rss_after = int(not server.alive), rss_kib(server)
        report(
            "fuzz and junk connections against one server process",
            [
                ("inputs tried (frames on live sockets)", tried),
                ("events appended by them", appended),
                ("inputs without an answer", silent),
                ("answers", ", ".join(f"{k}: {n}" for k, n in sorted(replies.items()))),
                ("junk connections", junk),
                ("their outcomes", ", ".join(f"{k}: {n}" for k, n in sorted(outcomes.items()))),
                ("sockets over the per-address cap (150) refused", f"{refused} of 160"),
                ("server crashes / unhandled exceptions logged", f"{dead} / {crashes}"),
                ("server RSS before / after", f"{rss_before // 1024} / {rss_after // 1024} MiB"),
                ("health after / a legal move after", f"{healthy} / {still['type']}"),
            ],
            "make faults (tests/reliability/test_edge.py::test_fuzz_full)",
        )
        assert appended == 0 and silent == 0
        assert not [k for k in replies if "internal" in k]
        assert replies["ack"] >= rounds  # the replayed id: answered with its first result
        assert "ACCEPTED cross-origin" not in outcomes
        assert all(not k.startswith(("failed", "answered")) for k in outcomes), outcomes
        assert refused >= 160 - (150 - len(sockets))
        assert server.alive and healthy == 200 and still["type"] == "ack"
        assert crashes == 0, server.log_tail()
        for ws in sockets:
            await ws.close()
    finally:
        await store.close()
        server.stop()


@pytest.mark.skipif(full(), reason="the full size runs under -m slow")
async def test_fuzz(redis: RedisServer) -> None:
    await fuzz(redis, rounds=20, junk=600)


@pytest.mark.slow
@pytest.mark.skipif(not full(), reason="PLATEAU_FAULTS=full (make faults)")
async def test_fuzz_full(redis: RedisServer) -> None:
    await fuzz(redis, rounds=400, junk=5000)


async def test_floods_are_refused_then_closed(redis: RedisServer) -> None:
    """20 commands a second (burst 40) per socket; 40 frames a second (burst 80) of anything;
    a socket that keeps flooding is closed with 1008."""
    server = ServerProcess(redis.url).start()
    server.wait_ready()
    store = RedisStore.from_url(redis.url)
    try:
        ((game_id, tokens),) = await open_tables([server.url], 1, random.Random(3))
        ws = await session(server.ws, game_id, tokens[0])
        before = len(await store.read(game_id))
        bogus = {"type": "pick_card", "card": "nothing"}
        for n in range(400):
            frame = {"type": "command", "id": f"f{n}", "seen_version": 1, "command": bogus}
            try:
                await ws.send(json.dumps(frame))
            except websockets.ConnectionClosed:
                break
        reasons: Counter[str] = Counter()
        try:
            async for raw in ws:
                message = json.loads(raw)
                reasons[message.get("reason", message["type"])] += 1
        except websockets.ConnectionClosed:
            pass
        assert ws.close_code == 1008
        assert reasons["rate_limited"] > 0 and reasons["bad_request"] <= 80
        assert len(await store.read(game_id)) == before
        again = await session(server.ws, game_id, tokens[0])  # a new socket is served
        await again.send(json.dumps({"type": "ping"}))
        assert (await answer(again))["type"] == "pong"
        await again.close()
        report(
            "flood on one socket (defaults: 20 commands/s, burst 40)",
            [
                ("frames sent", 400),
                ("answers", ", ".join(f"{k}: {n}" for k, n in sorted(reasons.items()))),
                ("close code", ws.close_code),
                ("events appended", len(await store.read(game_id)) - before),
            ],
            "make test (tests/reliability/test_edge.py::test_floods_are_refused_then_closed)",
        )
    finally:
        await store.close()
        server.stop()


async def test_slow_consumer_is_closed_and_resumes(redis: RedisServer) -> None:
    """A spectator that stops reading is closed with 1013 when its queue is full; it resumes
    with (last_version, last_hash) and misses nothing."""
    server = ServerProcess(
        redis.url, PLATEAU_QUEUE_FRAMES="4", PLATEAU_COMMANDS_PER_SECOND="1000",
        PLATEAU_COMMAND_BURST="1000", PLATEAU_CHAT_SEAT_BURST="100000",
        PLATEAU_CHAT_GAME_BURST="100000",
    ).start()  # fmt: skip
    server.wait_ready()
    store = RedisStore.from_url(redis.url)
    proxy = await TcpProxy("127.0.0.1", server.port, rcvbuf=4096).start()
    try:
        ((game_id, tokens),) = await open_tables([server.url], 1, random.Random(5))
        via = f"ws://127.0.0.1:{proxy.port}/ws"
        watcher = Player(game_id, None, lambda: [via], random.Random(1))
        stop = asyncio.Event()
        watching = asyncio.create_task(watcher.run(stop))
        for _ in range(100):
            if watcher.version:
                break
            await asyncio.sleep(0.05)
        proxy.stall()
        talker = await session(server.ws, game_id, tokens[0])
        base = len(await store.read(game_id))

        async def drain() -> None:  # the talker reads everything: it is not a slow consumer
            with contextlib.suppress(websockets.ConnectionClosed):
                async for _ in talker:
                    pass

        draining = asyncio.create_task(drain())
        for n in range(CHATS):
            await talker.send(json.dumps({"type": "chat", "text": f"line {n} " + CARDS}))
        top = 0
        for _ in range(400):
            top = len(await store.read(game_id))
            if top >= base + CHATS:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(1)
        proxy.resume()
        for _ in range(400):
            if watcher.version == top and 1013 in watcher.close_codes:
                break
            await asyncio.sleep(0.05)
        stop.set()
        await watching
        check = await verify_game(store, game_id, [watcher])
        report(
            "slow consumer (queue of 4 frames, reader stalled behind the proxy)",
            [
                ("updates while stalled", top - base),
                ("close codes seen", dict(watcher.close_codes)),
                ("resumed to the last version", watcher.version == top),
                ("frames differing from the replay", len(check.mismatches)),
            ],
            "make test (tests/reliability/test_edge.py::test_slow_consumer_is_closed_and_resumes)",
        )
        assert 1013 in watcher.close_codes
        assert watcher.version == top and watcher.duplicates == 0
        assert not check.mismatches, check.mismatches[:5]
        await talker.close()
        await draining
    finally:
        await proxy.stop()
        await store.close()
        server.stop()


async def test_cross_origin_pages_are_refused(redis: RedisServer) -> None:
    server = ServerProcess(redis.url, PLATEAU_ALLOWED_ORIGINS="https://plateau.example").start()
    server.wait_ready()
    try:
        ((game_id, tokens),) = await open_tables([server.url], 1, random.Random(2))
        outcomes = {}
        for origin in ["https://evil.example", "http://plateau.example", "null",
                       "https://plateau.example.evil", "https://plateau.example"]:  # fmt: skip
            try:
                ws = await session(server.ws, game_id, tokens[0], origin=origin)
                outcomes[origin] = "accepted"
                await ws.close()
            except websockets.InvalidStatus as refused:
                outcomes[origin] = str(refused.response.status_code)
        ws = await session(server.ws, game_id, tokens[0])  # no Origin: not a browser
        await ws.close()
        assert outcomes == {
            "https://evil.example": "403",
            "http://plateau.example": "403",
            "null": "403",
            "https://plateau.example.evil": "403",
            "https://plateau.example": "accepted",
        }
    finally:
        server.stop()
