"""Random bots played in process through `GameService` (no sockets): tests that need stored
games of any length."""

from __future__ import annotations

import random

import msgspec

from domain.bots import random_bot
from server.table.service import GameService


async def random_moves(service: GameService, game_id: str, seats: int, moves: int) -> None:
    """Up to `moves` random legal commands, each by a seat that has one, until the game ends."""
    bots = random.Random(7)
    for n in range(moves):
        live = await service.load(game_id, fresh=True)
        if live.over:
            return
        game, state = live.game, live.table.state
        seat = bots.choice([s for s in range(seats) if game.legal(state, s)])
        command = random_bot(game, state, seat, game.legal(state, seat), bots)
        await service.submit(game_id, seat, f"c{n}", live.version, msgspec.json.encode(command))
