"""Sockets of one game saying hello at once to a process that has not folded it yet share one
fold: with two, the hub compared what a socket was shown with the other one and closed
sockets with 1012 for a history that had not changed."""

from __future__ import annotations

import asyncio

from server.ops.metrics import Metrics
from server.store.adapters import open_store
from server.table.service import GameService


async def test_concurrent_first_loads_share_one_fold(redis_url: str) -> None:
    writer = GameService(open_store(redis_url), Metrics())
    game_id = await writer.create(b'{"game": "eiffel_mania", "seats": 4}')
    for n in range(4):
        await writer.join(game_id, b'{"name": "p%d"}' % n)

    fresh_process = GameService(open_store(redis_url), Metrics())
    try:
        folds = await asyncio.gather(*(fresh_process.load(game_id, fresh=True) for _ in range(8)))
        assert all(f is folds[0] for f in folds)
        assert fresh_process.games[game_id] is folds[0]
        assert folds[0].version == 5
    finally:
        await writer.store.close()
        await fresh_process.store.close()
