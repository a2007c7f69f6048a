"""Who may do what: seat tokens act only for their seat in their game; spectators, strangers,
finished and unstarted games accept no command; tokens never leak to logs or frames."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from websockets.asyncio.client import ClientConnection, connect

from clients.python.client import Lobby
from server.store.redis import RedisStore
from tests.reliability.checks import report
from tests.reliability.edge import answer
from tests.reliability.processes import ServerProcess
from tests.reliability.scenario import open_tables, play, seat_players
from tools.redis_server import RedisServer


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    server = RedisServer().start()
    yield server
    server.stop()


class Recorder:
    """Every raw frame any socket of the test received, to search for secrets afterwards."""

    def __init__(self) -> None:
        self.frames: list[str] = []

    async def hello(
        self, url: str, game_id: str, token: str | None
    ) -> tuple[ClientConnection | None, dict[str, Any]]:
        """A socket and its first answer: the snapshot, or the error that refused it."""
        ws = await connect(url, compression=None, max_size=2**24)
        await ws.send(json.dumps({"type": "hello", "game_id": game_id, "token": token}))
        first = await ws.recv()
        self.frames.append(str(first))
        message = json.loads(first)
        if message["type"] == "error":
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 5)
            assert ws.close_code == 1008
            return None, message
        snap = await ws.recv()
        self.frames.append(str(snap))
        return ws, json.loads(snap)

    async def ask(self, ws: ClientConnection, frame: dict[str, Any]) -> dict[str, Any]:
        await ws.send(json.dumps(frame))
        reply = await answer(ws)
        self.frames.append(json.dumps(reply))
        return reply


async def test_authorization_matrix(redis: RedisServer) -> None:
    server = ServerProcess(redis.url, PLATEAU_LOG_LEVEL="debug").start()
    server.wait_ready()
    store = RedisStore.from_url(redis.url)
    rng = random.Random(31)
    rec = Recorder()
    lobby = Lobby(server.url)
    try:
        (a, a_tokens), (b, b_tokens), (f, f_tokens) = await open_tables([server.url], 3, rng)
        o = await lobby.create("eiffel_mania", 4)
        o_tokens = [(await lobby.join(o, f"o{n}"))[1] for n in range(2)]
        # game f is played to its end
        (table,) = seat_players([(f, f_tokens)], lambda k: lambda: [server.ws], rng, spectators=0)
        await play([table], asyncio.Event(), timeout=120)
        assert all(p.over for p in table.players)

        sockets = {n: await rec.hello(server.ws, a, t) for n, t in enumerate(a_tokens)}
        mover = next(n for n, (_, snap) in sockets.items() if snap["legal"])
        idle = next(n for n, (_, snap) in sockets.items() if not snap["legal"])
        move = sockets[mover][1]["legal"][0]
        version = sockets[mover][1]["version"]
        before = {g: len(await store.read(g)) for g in (a, b, f, o)}

        def command(n: int, body: Any = None) -> dict[str, Any]:
            return {
                "type": "command",
                "id": f"auth-{n}-{rng.getrandbits(32)}",
                "seen_version": version,
                "command": move if body is None else body,
            }

        rows: list[tuple[str, str, str]] = []  # principal, action, outcome

        async def refused_hello(principal: str, game_id: str, token: str | None) -> None:
            ws, message = await rec.hello(server.ws, game_id, token)
            rows.append((principal, "open a socket", message.get("reason", "ACCEPTED")))
            assert ws is None

        await refused_hello("seat token of game B, on game A", a, b_tokens[mover])
        await refused_hello("forged token", a, "f" * 32)
        await refused_hello("empty token", a, "")
        await refused_hello("the token's hash instead of it", a, _sha(a_tokens[mover]))
        await refused_hello("a seat token of game A, on game B", b, a_tokens[mover])

        async def act(principal: str, ws: ClientConnection, frame: dict[str, Any]) -> None:
            reply = await rec.ask(ws, frame)
            rows.append((principal, frame["type"], reply.get("reason", reply["type"])))

        ws_idle = sockets[idle][0]
        assert ws_idle is not None
        await act("another seat of game A (the mover's command)", ws_idle, command(1))
        spectator, _ = await rec.hello(server.ws, a, None)
        assert spectator is not None
        await act("spectator", spectator, command(2))
        await act("spectator", spectator, {"type": "chat", "text": "let me play"})
        finished, _ = await rec.hello(server.ws, f, f_tokens[0])
        assert finished is not None
        await act("seat of a finished game", finished, command(3))
        unstarted, _ = await rec.hello(server.ws, o, o_tokens[0])
        assert unstarted is not None
        await act("seat of a game not started", unstarted, command(4))

        http = httpx.Client(base_url=server.url, timeout=10)

        def call(principal: str, method: str, path: str, token: str | None) -> None:
            headers = {"authorization": f"Bearer {token}"} if token else {}
            body = {} if method == "POST" else None  # a write is JSON, or refused with 415
            status = http.request(method, path, headers=headers, json=body).status_code
            shown = path.replace(o, "{O}").replace(a, "{A}")
            rows.append((principal, f"{method} {shown}", str(status)))

        call("seat token of game A", "POST", f"/api/games/{o}/start", a_tokens[0])
        call("no token", "POST", f"/api/games/{o}/start", None)
        call("forged token", "POST", f"/api/games/{o}/start", "f" * 32)
        call("seat token of game B", "GET", f"/api/games/{a}/events", b_tokens[0])
        call("seat token of game B", "GET", f"/api/games/{a}/view", b_tokens[0])
        call("seat token of game B", "POST", f"/api/games/{a}/fork", b_tokens[0])
        call("no token (a game in play)", "POST", f"/api/games/{a}/fork", None)
        call("forged token", "POST", f"/api/games/{a}/fork", "f" * 32)
        after = {g: len(await store.read(g)) for g in (a, b, f, o)}
        appended = sum(after[g] - before[g] for g in after)

        # and the owner is served: the control row
        ws_mover = sockets[mover][0]
        assert ws_mover is not None
        owner = await rec.ask(ws_mover, command(5))
        rows.append(("the seat that may move", "command", owner["type"]))
        await asyncio.sleep(0.5)  # let the update reach every socket
        for ws in [ws_idle, spectator, finished, unstarted, ws_mover]:
            while True:
                try:
                    rec.frames.append(str(await asyncio.wait_for(ws.recv(), 0.2)))
                except TimeoutError:
                    break
            await ws.close()

        tokens = [*a_tokens, *b_tokens, *f_tokens, *o_tokens]
        secrets = tokens + [_sha(t) for t in tokens]
        frames_leaking = sum(any(s in frame for s in secrets) for frame in rec.frames)
        await asyncio.sleep(0.2)
        log = server.log_text()
        log_leaks = sum(log.count(s) for s in secrets)
        expected = {
            "open a socket": {"unauthorized"},
            "command": {"not_your_turn", "illegal", "forbidden", "game_over", "not_started"},
            "chat": {"forbidden"},
        }
        wrong = [
            r
            for r in rows[:-1]
            if r[2] not in expected.get(r[1], {"401", "403"}) or r[2] in ("ack", "ACCEPTED")
        ]
        width = max(len(r[0]) for r in rows)
        print("\n" + "\n".join(f"  {p.ljust(width)}  {a_:<36} {o_}" for p, a_, o_ in rows))
        report(
            "authorisation matrix",
            [
                ("unauthorised attempts", len(rows) - 1),
                ("of them accepted", len(wrong)),
                ("events appended by unauthorised principals", appended),
                ("frames received by the test", len(rec.frames)),
                ("frames holding a token or a token hash", frames_leaking),
                ("tokens or token hashes in the server log (debug level)", log_leaks),
            ],
            "make test (tests/reliability/test_authorization.py)",
        )
        assert not wrong, wrong
        assert appended == 0
        assert owner["type"] == "ack"
        assert frames_leaking == 0 and log_leaks == 0
        http.close()
    finally:
        await lobby.close()
        await store.close()
        server.stop()


def _sha(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
