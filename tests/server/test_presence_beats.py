"""Sockets that come or go in the same tick cost one presence write per game, which says
the seats as they are once the tick is over."""

from __future__ import annotations

import asyncio

from domain.kernel import SPECTATOR, Seat, Viewer
from server.live.connection import Connection
from server.live.fanout import Hub
from server.ops.metrics import Metrics
from server.store.adapters import open_store
from server.table.service import GameService


class CountingPresence:
    def __init__(self) -> None:
        self.beats: list[tuple[str, list[int]]] = []

    async def beat(self, game_id: str, seats: list[int]) -> None:
        self.beats.append((game_id, seats))

    async def seats(self, game_id: str) -> list[int]:
        return []


async def settle() -> None:
    for _ in range(3):
        await asyncio.sleep(0)


async def test_a_storm_of_sockets_is_one_beat_per_game() -> None:
    service = GameService(open_store(None), Metrics())
    presence = CountingPresence()
    hub = Hub(service, presence)
    game_id = await service.create(b'{"game": "eiffel_mania", "seats": 4}')
    for n in range(4):
        await service.join(game_id, b'{"name": "p%d"}' % n)
    live = await service.load(game_id, fresh=True)

    async def close(code: int) -> None:
        raise AssertionError(f"closed with {code}")

    viewers: list[Viewer] = [Seat(n % 4) for n in range(8)] + [SPECTATOR] * 12
    conns = [Connection(game_id, v, 10, close, None, lambda f: True) for v in viewers]
    for conn in conns:
        await hub.attach(conn, live, None, None)
    await settle()
    assert presence.beats == [(game_id, [0, 1, 2, 3])]

    for conn in conns[4:]:  # all but the first four seats leave at once
        hub.detach(conn)
    await settle()
    assert presence.beats[1:] == [(game_id, [0, 1, 2, 3])]
    for conn in conns[:3]:
        hub.detach(conn)
    await settle()
    assert presence.beats[2:] == [(game_id, [3])]
    hub.detach(conns[3])
    await settle()
    assert presence.beats[3:] == [(game_id, [])]
