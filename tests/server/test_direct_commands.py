"""Commands taken straight from the protocol (`server.sockets.direct_commands`) keep every socket's
frames in order, and really are taken so."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from domain.kernel import Seat
from server.live.connection import Connection
from server.sockets.direct_commands import DirectCommands
from server.sockets.rate_limit import Bucket
from tests.server.conftest import Running
from tests.server.test_frame_reader import REQUEST, frame


class RawSocket:
    """A websocket client on a bare TCP stream: several frames go out in one write."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, server: Running) -> RawSocket:
        port = int(server.url.rsplit(":", 1)[1])
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(REQUEST)
        await reader.readuntil(b"\r\n\r\n")
        return cls(reader, writer)

    def send(self, *frames: dict[str, Any]) -> None:
        """Every frame, masked as a client's must be, in a single write."""
        self.writer.write(b"".join(frame(0x1, json.dumps(f).encode()) for f in frames))

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
    offer = DirectCommands.offer

    def spied(self: DirectCommands, text: str) -> bool:
        taken.append(offer(self, text))
        return taken[-1]

    monkeypatch.setattr(DirectCommands, "offer", spied)
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


async def test_a_command_is_taken_only_when_nothing_else_is_under_way() -> None:
    """Each condition under which the protocol keeps a frame for the loop, one at a time."""
    done = asyncio.Event()
    answered: list[str] = []

    async def answer(frame: Any) -> None:
        answered.append(frame.id)
        await done.wait()

    async def closer(code: int) -> None:
        pass

    conn = Connection("g", Seat(0), 10, closer)
    frames = Bucket(1000, 3)
    direct = DirectCommands(conn, frames, 200, answer)

    def command(command_id: str) -> str:
        return json.dumps({"type": "command", "id": command_id, "seen_version": 1, "command": {}})

    assert not direct.offer('{"type": "ping"}')  # not a command: the loop answers it
    assert not direct.offer("not json")  # the loop says what is wrong with it
    assert not direct.offer(command("x" * 200))  # too large: the loop refuses it
    assert frames.tokens == 3  # and none of those took a frame from the rate
    assert direct.offer(command("c1"))
    assert not direct.offer(command("c2"))  # c1 is under way
    await asyncio.sleep(0)
    done.set()
    await direct.settle()
    assert direct.busy is None and answered == ["c1"]
    direct.handling = True  # the loop is handling a frame
    assert not direct.offer(command("c3"))
    direct.handling = False
    conn.closed = True
    assert not direct.offer(command("c4"))
    conn.closed = False
    frames.tokens = 0  # over the frame rate: the loop counts the strike
    assert not direct.offer(command("c5"))
    frames.tokens = 1
    assert direct.offer(command("c6"))
    await direct.settle()
    assert answered == ["c1", "c6"]
