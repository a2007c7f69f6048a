"""A player's ack and its update share one write: whichever comes first is held, until the
pump's next read sent after it, the read that must bring the command's events. Only then, or
when the store is away, does it go on alone."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from domain.kernel import Seat
from server.live.connection import Connection
from server.live.fanout import Hub
from server.live.ws_frames import text_frame
from server.ops.metrics import Metrics
from server.store import EventStore, Recorded, StoreUnavailable
from server.store.adapters import open_store
from server.table.service import GameService


class Gated:
    """A store whose pump reads wait for the test to let each one through."""

    def __init__(self, inner: EventStore) -> None:
        self.inner = inner
        self.issued = 0  # reads the pump has sent
        self.through = asyncio.Queue[str]()  # "read" or "fail", one per read let through

    async def wait(self, positions: Mapping[str, int], timeout: float) -> dict[str, list[Recorded]]:
        self.issued += 1
        if await self.through.get() == "fail":
            raise StoreUnavailable("the store went away")
        return await self.inner.wait(positions, 0.01)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


@dataclass
class Table:
    store: Gated
    writer: GameService  # another process's service, appending to the same stream
    hub: Hub
    conn: Connection
    written: list[bytes]
    game_id: str

    async def reads_sent(self, count: int) -> None:
        for _ in range(200):
            if self.store.issued >= count:
                return
            await asyncio.sleep(0.005)
        raise AssertionError(f"the pump sent {self.store.issued} reads, not {count}")

    async def let_read_through(self, how: str = "read") -> None:
        sent = self.store.issued
        self.store.through.put_nowait(how)
        await self.reads_sent(sent + 1)  # this read is delivered, the next one sent


@pytest.fixture
async def table() -> AsyncIterator[Table]:
    store = open_store(None)
    gated = Gated(store)
    writer = GameService(store, Metrics())
    game_id = await writer.create(b'{"game": "eiffel_mania", "seats": 4}')
    await writer.join(game_id, b'{"name": "p0"}')
    await writer.load(game_id, fresh=True)  # its fold sees the seat, to chat from it

    async def close(code: int) -> None:
        raise AssertionError(f"closed with {code}")

    written: list[bytes] = []
    conn = Connection(game_id, Seat(0), 10, close, None, lambda f: written.append(f) or True)
    service = GameService(gated, Metrics())  # type: ignore[arg-type]
    hub = Hub(service)
    await hub.attach(conn, await service.load(game_id, fresh=True), None, None)
    written.clear()  # the snapshot
    hub.start()
    t = Table(gated, writer, hub, conn, written, game_id)
    await t.reads_sent(1)
    try:
        yield t
    finally:
        await hub.stop()
        await store.close()


async def test_an_ack_waits_past_a_read_sent_before_it_and_shares_its_updates_write(
    table: Table,
) -> None:
    version = table.conn.sent_version
    table.conn.ack(b"ack", version + 1)  # the reply came while the pump's read was out
    await table.let_read_through()  # that read may have left the command out: keep waiting
    assert table.written == []
    await table.writer.chat(table.game_id, 0, "hello")  # the command's event, at version + 1
    await table.let_read_through()
    assert len(table.written) == 1  # one write: the ack, then its update
    assert table.written[0].startswith(text_frame(b"ack") + b"\x81")
    assert b"hello" in table.written[0] and table.conn.sent_version == version + 1


async def test_an_ack_whose_update_the_next_read_does_not_bring_goes_alone(table: Table) -> None:
    table.conn.ack(b"ack", table.conn.sent_version + 1)
    await table.let_read_through()
    assert table.written == []
    await table.let_read_through()  # sent after the ack, and still no update
    assert table.written == [text_frame(b"ack")]


async def test_held_frames_go_at_once_when_the_store_is_away(table: Table) -> None:
    table.conn.ack(b"ack", table.conn.sent_version + 1)
    table.store.through.put_nowait("fail")
    for _ in range(50):  # well before the pump's half-second pause ends
        if table.written:
            break
        await asyncio.sleep(0.005)
    assert table.written == [text_frame(b"ack")]


async def test_held_frames_go_when_the_hub_stops(table: Table) -> None:
    table.conn.ack(b"ack", table.conn.sent_version + 1)  # its update will never be read now
    await table.hub.stop()
    assert table.written == [text_frame(b"ack")]
