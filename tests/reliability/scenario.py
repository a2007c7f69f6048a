"""Shared moves of the reliability tests: seat games over HTTP, play them with fault-proof bots."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass

from clients.python.client import Lobby
from tests.reliability.player import Player


@dataclass
class Table:
    game_id: str
    tokens: list[str]
    players: list[Player]


async def open_tables(
    base_urls: list[str], count: int, rng: random.Random, seats: int = 4
) -> list[tuple[str, list[str]]]:
    """`count` started games; each create, join and start goes to a random process."""
    lobbies = [Lobby(url) for url in base_urls]
    try:

        async def one() -> tuple[str, list[str]]:
            game_id = await rng.choice(lobbies).create("eiffel_mania", seats)
            tokens = [(await rng.choice(lobbies).join(game_id, f"p{n}"))[1] for n in range(seats)]
            await rng.choice(lobbies).start(game_id, tokens[0])
            return game_id, tokens

        return list(await asyncio.gather(*(one() for _ in range(count))))
    finally:
        for lobby in lobbies:
            await lobby.close()


def seat_players(
    opened: list[tuple[str, list[str]]],
    urls_for: Callable[[int], Callable[[], list[str]]],
    rng: random.Random,
    spectators: int = 1,
    max_commands: int = 10_000,
) -> list[Table]:
    """Players (and spectators) for every game; player k connects where `urls_for(k)` says."""
    tables, k = [], 0
    for game_id, tokens in opened:
        players = []
        for token in [*tokens, *([None] * spectators)]:
            players.append(
                Player(game_id, token, urls_for(k), random.Random(rng.random()), max_commands)
            )
            k += 1
        tables.append(Table(game_id, tokens, players))
    return tables


async def play(
    tables: list[Table],
    stop: asyncio.Event,
    timeout: float,
    think: float = 0.0,
    stagger: float = 0.0,
) -> None:
    """Run every player until its game ends (spectators until `stop` or the end).

    Players think up to `think` seconds before each command, and table i starts after
    i * `stagger` seconds, so that faults injected meanwhile land in the middle of games."""

    async def later(player: Player, delay: float) -> None:
        await asyncio.sleep(delay)
        await player.run(stop)

    tasks = []
    for i, table in enumerate(tables):
        for player in table.players:
            player.think = think
            tasks.append(asyncio.create_task(later(player, i * stagger)))
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout)
    finally:
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def everyone(tables: list[Table]) -> list[Player]:
    return [p for t in tables for p in t.players]
