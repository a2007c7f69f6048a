"""Commands taken straight from the protocol (`server.ws.DirectCommands`) keep every socket's
frames in order, and really are taken so."""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

import pytest

from server import ws as ws_module
from tests.server.conftest import Running


class RawSocket:
    """A websocket client on a bare TCP stream: several frames go out in one write."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, server: Running) -> RawSocket:
        port = int(server.url.rsplit(":", 1)[1])
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        await reader.readuntil(b"\r\n\r\n")
        return cls(reader, writer)

    def send(self, *frames: dict[str, Any]) -> None:
        """Every frame, masked as a client's must be, in a single write."""
        out = b""
        for frame in frames:
            payload = json.dumps(frame).encode()
            key = os.urandom(4)
            assert len(payload) < 1 << 16
            size = bytes([0x80 | len(payload)]) if len(payload) < 126 else b"\xfe"
            if len(payload) >= 126:
                size += len(payload).to_bytes(2, "big")
            masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
            out += b"\x81" + size + key + masked
        self.writer.write(out)

    async def recv(self) -> dict[str, Any]:
        head = await self.reader.readexactly(2)
        size = head[1] & 0x7F
        if size == 126:
            size = int.from_bytes(await self.reader.readexactly(2), "big")
        elif size == 127:
            size = int.from_bytes(await self.reader.readexactly(8), "big")
        frame: dict[str, Any] = json.loads(await self.reader.readexactly(size))
        return frame

    async def seated(self, game_id: str, token: str) -> dict[str, Any]:
        """Say hello; the snapshot."""
        self.send({"type": "hello", "game_id": game_id, "token": token})
        while (frame := await self.recv())["type"] != "snapshot":
            pass
        return frame

    def close(self) -> None:
        self.writer.close()


async def mover(server: Running) -> tuple[RawSocket, dict[str, Any]]:
    """A player's raw socket and snapshot, for a seat with a legal command."""
    game_id, tokens = await server.seated_game()
    for token in tokens:
        sock = await RawSocket.open(server)
        snapshot = await sock.seated(game_id, token)
        if snapshot["legal"]:
            return sock, snapshot
        sock.close()
    raise AssertionError("no seat may act")


async def test_a_frame_sent_with_a_command_is_answered_after_it(embedded: Running) -> None:
    """The command is taken at once; the ping in the same write waits in the queue, and the
    loop lets the command finish before it answers the ping."""
    sock, snapshot = await mover(embedded)
    command = {
        "type": "command",
        "id": "c1",
        "seen_version": snapshot["version"],
        "command": snapshot["legal"][0],
    }
    sock.send(command, {"type": "ping"})
    kinds: list[str] = []
    while "pong" not in kinds:
        kinds.append((await sock.recv())["type"])
    assert "ack" in kinds and kinds.index("ack") < kinds.index("pong"), kinds
    sock.close()


async def test_a_players_command_is_taken_straight_from_the_protocol(
    embedded: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first command is taken; the second, sent with it, waits for it in the loop (and is
    stale by then); a ping is never taken."""
    taken: list[bool] = []
    offer = ws_module.DirectCommands.offer

    def spied(self: ws_module.DirectCommands, text: str) -> bool:
        taken.append(offer(self, text))
        return taken[-1]

    monkeypatch.setattr(ws_module.DirectCommands, "offer", spied)
    sock, snapshot = await mover(embedded)
    command = {"seen_version": snapshot["version"], "command": snapshot["legal"][0]}
    sock.send(
        {"type": "command", "id": "c1", **command}, {"type": "command", "id": "c2", **command}
    )
    replies = {}
    while len(replies) < 2:
        frame = await sock.recv()
        if frame.get("id") in ("c1", "c2"):
            replies[frame["id"]] = frame["type"]
    assert replies == {"c1": "ack", "c2": "rejected"}
    sock.send({"type": "ping"})
    while (await sock.recv())["type"] != "pong":
        pass
    assert taken == [True, False, False]
    sock.close()
