"""The bare relay (the benchmark's floor) answers a command with an ack and one update to every
socket of its game, whether it appends to a store or, with `none`, stores nothing; a command
on a stale version gets nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import msgspec
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import serve

from bench.relay import Relay
from server.store.adapters import open_store


@pytest.fixture(params=["memory", "none"])
async def url(request: pytest.FixtureRequest) -> AsyncIterator[str]:
    relay = Relay(open_store(None) if request.param == "memory" else None)
    async with serve(relay.handler, "127.0.0.1", 0, compression=None) as server:
        yield f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}"


async def hello(url: str, token: str | None) -> tuple[ClientConnection, dict[str, Any]]:
    ws = await connect(url, compression=None)
    await ws.send(msgspec.json.encode({"type": "hello", "game_id": "g1", "token": token}))
    return ws, msgspec.json.decode(await ws.recv())


def command(seen: int, name: str = "c") -> bytes:
    return msgspec.json.encode({"type": "command", "id": f"{name}{seen}", "seen_version": seen})


async def test_a_command_is_acked_and_every_socket_gets_its_update(url: str) -> None:
    joined = [await hello(url, token) for token in ("0", "1", None)]
    sockets = [ws for ws, _ in joined]
    assert [snapshot["version"] for _, snapshot in joined] == [0, 0, 0]
    for seen in range(3):
        mover = sockets[seen % 2]
        await mover.send(command(seen))
        assert msgspec.json.decode(await mover.recv()) == {
            "type": "ack",
            "id": f"c{seen}",
            "version": seen + 1,
        }
        for ws in sockets:
            update = msgspec.json.decode(await ws.recv())
            assert (update["type"], update["version"]) == ("update", seen + 1)
    await sockets[0].send(command(1, "late"))  # stale: the game is at 3
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(sockets[0].recv(), 0.2)
    for ws in sockets:
        await ws.close()
