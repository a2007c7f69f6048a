"""Helpers for the edge tests: a raw websocket session, junk inputs, junk connections."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection, connect


async def session(ws_url: str, game_id: str, token: str | None, **kw: Any) -> ClientConnection:
    """A socket past its hello: welcome and first snapshot read."""
    ws = await connect(ws_url, compression=None, max_size=2**24, **kw)
    await ws.send(json.dumps({"type": "hello", "game_id": game_id, "token": token}))
    welcome = json.loads(await ws.recv())
    assert welcome["type"] == "welcome", welcome
    first = json.loads(await ws.recv())
    assert first["type"] == "snapshot", first
    return ws


async def answer(ws: ClientConnection, timeout: float = 5) -> dict[str, Any]:
    """The next reply that is not a broadcast update."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if message["type"] not in ("update",):
            return message  # type: ignore[no-any-return]


def junk_frames(rng: random.Random, legal_elsewhere: list[Any], max_frame: int) -> list[Any]:
    """One input of each kind, in random flavours: str for text frames, bytes for binary."""
    command = legal_elsewhere[0] if legal_elsewhere else {"type": "pick_card", "card": "L01"}
    valid = json.dumps({"type": "command", "id": "x", "seen_version": 1, "command": command})
    word = "".join(rng.choice("abcdefghij_") for _ in range(rng.randint(1, 12)))
    huge = rng.choice([2**63, 2**64, -(2**63) - 1, 10**30])
    return [
        bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 300))),  # binary junk
        "".join(chr(rng.randint(32, 126)) for _ in range(rng.randint(1, 200))),  # text junk
        valid[: rng.randint(1, len(valid) - 1)],  # truncated JSON
        "[" * rng.randint(500, 5000) + "]" * rng.randint(0, 500),  # deep nesting
        '{"type": "command", "id": 5, "seen_version": 1, "command": {}}',  # wrong types
        '{"type": "command", "id": "a", "seen_version": "one", "command": {}}',
        '{"type": "command", "id": "a", "seen_version": 1}',  # a missing field
        json.dumps({"type": word}),  # an unknown tag
        json.dumps([1, 2, {"type": "command"}]),
        '{"type": "command", "id": "a", "seen_version": NaN, "command": {}}',
        f'{{"type": "command", "id": "a", "seen_version": {huge}, "command": {{}}}}',
        json.dumps({"type": "command", "id": "i" * 200, "seen_version": 1, "command": command}),
        json.dumps({"type": "seek", "version": 1, "extra": word}),
        json.dumps({"type": "chat", "text": ""}),  # an empty chat line
        json.dumps({"type": "chat", "text": "c" * 600}),  # too long a chat line
        "x" * (max_frame + rng.randint(1, 10_000)),  # over the frame cap
        json.dumps({"type": "hello", "game_id": "nope"}),  # a second hello
        json.dumps({"type": "command", "id": word, "seen_version": 1, "command": {"type": word}}),
        json.dumps(
            {"type": "command", "id": word, "seen_version": 1, "command": {**command, "x": 1}}
        ),
    ]


async def junk_connection(kind: int, host: str, port: int, game_id: str) -> str:
    """Open one junk connection of the given kind; what the server did with it."""
    url = f"ws://{host}:{port}/ws"
    try:
        if kind == 0:  # connect and go away
            _, writer = await asyncio.open_connection(host, port)
            writer.close()
            return "closed by us"
        if kind == 1:  # garbage instead of HTTP
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(bytes(random.getrandbits(8) for _ in range(200)) + b"\r\n\r\n")
            data = await asyncio.wait_for(reader.read(200), 5)
            writer.close()
            return "http 400" if b" 400 " in data else f"answered {data[:12]!r}"
        if kind == 2:  # half an upgrade request, then silence
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n")
            await asyncio.sleep(0.05)
            writer.close()
            return "closed by us"
        if kind == 3:  # a hello that is not JSON
            async with connect(url, open_timeout=5) as ws:
                await ws.send("hello?")
                reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
                await asyncio.wait_for(ws.wait_closed(), 5)
                return f"error {reply['reason']}, close {ws.close_code}"
        if kind == 4:  # a hello with a forged token
            async with connect(url, open_timeout=5) as ws:
                hello = {"type": "hello", "game_id": game_id, "token": "forged-" + str(kind)}
                await ws.send(json.dumps(hello))
                reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
                await asyncio.wait_for(ws.wait_closed(), 5)
                return f"error {reply['reason']}, close {ws.close_code}"
        # kind 5: a page of another site opening a socket
        try:
            async with connect(url, open_timeout=5, origin="https://evil.example"):  # type: ignore[arg-type]
                return "ACCEPTED cross-origin"
        except websockets.InvalidStatus as refused:
            return f"http {refused.response.status_code}"
    except (OSError, TimeoutError, websockets.WebSocketException) as exc:
        return f"failed {type(exc).__name__}"
