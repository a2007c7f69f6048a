"""The lean server (the benchmark's floor with the game) does a Plateau server's work per
command: each viewer gets its own view, a refused command changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import msgspec
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import serve

from bench.counter_game import register, unregister
from bench.lean import Lean
from clients.python.client import with_table
from server.store.adapters import open_store


@pytest.fixture(autouse=True)
def counter_game() -> Iterator[None]:
    register()
    yield
    unregister()


@pytest.fixture
async def url() -> AsyncIterator[str]:
    lean = Lean(open_store(None))
    async with serve(lean.handler, "127.0.0.1", 0, compression=None) as server:
        port = server.sockets[0].getsockname()[1]
        yield f"ws://127.0.0.1:{port}"


async def hello(url: str, token: str | None) -> tuple[ClientConnection, dict[str, Any]]:
    ws = await connect(url, compression=None)
    await ws.send(msgspec.json.encode({"type": "hello", "game_id": "g1", "token": token}))
    return ws, msgspec.json.decode(await ws.recv())


def command(seen: int, amount: int = 1) -> bytes:
    bump = {"type": "bump", "amount": amount}
    return msgspec.json.encode(
        {"type": "command", "id": f"c{seen}-{amount}", "seen_version": seen, "command": bump}
    )


def hands_shown(view: dict[str, Any]) -> list[bool]:
    return [hand is not None for hand in view["game"]["hands"]]


async def test_each_viewer_gets_its_own_view_of_each_command(url: str) -> None:
    joined = [await hello(url, token) for token in ("0", "1", "2", "3", None)]
    sockets = [ws for ws, _ in joined]
    views = [first["view"] for _, first in joined]  # each socket's, the patches applied
    assert [s["version"] for _, s in joined] == [7] * 5  # opened, 4 seats, started, dealt
    for turn in range(3):
        mover = sockets[turn]
        await mover.send(command(7 + turn))
        ack = msgspec.json.decode(await mover.recv())
        assert ack == {"type": "ack", "id": f"c{7 + turn}-1", "version": 8 + turn}
        for viewer, ws in enumerate(sockets):  # 4 seats, then a spectator
            update = msgspec.json.decode(await ws.recv())
            assert update["type"] == "update" and update["version"] == 8 + turn
            assert update["events"][-1]["event"]["counter"] == turn + 1
            views[viewer] = with_table(update["view"], views[viewer])
            assert hands_shown(views[viewer]) == [seat == viewer for seat in range(4)]
            assert bool(update["legal"]) == (viewer == turn + 1)
    for ws in sockets:
        await ws.close()


async def test_a_refused_command_appends_nothing(url: str) -> None:
    first, snap = await hello(url, "0")
    second, _ = await hello(url, "1")
    await second.send(command(7))  # not seat 1's turn
    refused = msgspec.json.decode(await second.recv())
    assert refused["type"] == "rejected" and refused["reason"] == "not_your_turn"
    await first.send(command(7, amount=9))  # illegal amount
    assert msgspec.json.decode(await first.recv())["reason"] == "illegal"
    await first.send(command(7))
    assert msgspec.json.decode(await first.recv())["version"] == snap["version"] + 1
    for ws in (first, second):
        await ws.close()
