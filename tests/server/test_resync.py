"""A socket shown versions the stream no longer has (a lost tail, played again differently)
gets no update on top of them: the hub closes it with 1012 and its client resumes. Sockets
shown the stream as it is go on."""

from __future__ import annotations

import asyncio

from domain.kernel import SPECTATOR, Seat
from server.live.connection import RESYNC, Connection
from server.live.fanout import Hub
from server.ops.metrics import Metrics
from server.store.adapters import open_store
from server.table.service import GameService


async def test_a_socket_shown_a_lost_version_is_closed_and_gets_no_update() -> None:
    service = GameService(open_store(None), Metrics())
    hub = Hub(service)  # not started: the service's own folds are published
    game_id = await service.create(b'{"game": "eiffel_mania", "seats": 4}')
    for n in range(4):
        await service.join(game_id, b'{"name": "p%d"}' % n)
    live = await service.load(game_id, fresh=True)

    closed: dict[str, int] = {}
    written: dict[str, list[bytes]] = {"lost": [], "kept": []}

    def socket(name: str, seat: int | None) -> Connection:
        async def close(code: int) -> None:
            closed[name] = code

        viewer = SPECTATOR if seat is None else Seat(seat)
        return Connection(game_id, viewer, 10, close, None, lambda f: not written[name].append(f))

    lost, kept = socket("lost", 0), socket("kept", None)
    for conn in (lost, kept):
        await hub.attach(conn, live, None, None)
    lost.sent_hash = "a version this stream no longer has"
    before = {name: len(frames) for name, frames in written.items()}

    await service.chat(game_id, 1, "hello")  # the game moves on
    await service.load(game_id, fresh=True)  # and this process folds it (no pump here)
    await asyncio.sleep(0)  # the close runs in a task of its own

    assert closed == {"lost": RESYNC}
    assert lost.closed and len(written["lost"]) == before["lost"]
    assert not kept.closed and len(written["kept"]) == before["kept"] + 1
    await service.store.close()
