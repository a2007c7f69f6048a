"""Shared moves of the reliability tests: seat games over HTTP, play them with fault-proof bots."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

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
    games: asyncio.Future[Any] = asyncio.gather(*tasks)
    # a stalled game fails at once, with its players' state, rather than as a bare timeout
    patience = STALL_SECONDS + len(tables) * stagger
    watch: asyncio.Future[Any] = asyncio.create_task(stalls(tables, stop, patience))
    try:
        done, _ = await asyncio.wait(
            [games, watch], timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if not done:
            raise TimeoutError(f"the games did not end within {timeout} s")
        if watch in done:
            watch.result()
        if games in done:
            games.result()
    finally:
        watch.cancel()
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


STALL_SECONDS = 60.0


async def stalls(tables: list[Table], stop: asyncio.Event, patience: float) -> None:
    """Raise, describing its players, if a game that is not over stops moving for `patience`
    seconds: faults may slow a game down, never stop it."""
    seen: dict[str, tuple[int, float]] = {}
    while True:  # until cancelled: the games ending is what ends a run
        await asyncio.sleep(1.0)
        if stop.is_set():
            continue  # players are winding down, not stalled
        now = asyncio.get_running_loop().time()
        for table in tables:
            players = [p for p in table.players if p.token is not None]
            if all(p.over for p in players):
                continue
            version = max(p.version for p in players)
            last, since = seen.get(table.game_id, (-1, now))
            if version != last:
                seen[table.game_id] = (version, now)
            elif now - since > patience:
                raise AssertionError(
                    f"game {table.game_id} stalled at version {version}:\n"
                    + "\n".join(p.describe() for p in table.players)
                )


async def inject(
    fault: Callable[[], Awaitable[bool]],
    times: int,
    pause: tuple[float, float],
    tables: list[Table],
    stop: asyncio.Event,
    rng: random.Random,
) -> list[float]:
    """Inject `fault` `times` times, a random `pause` apart, while games are being played
    (until `stop` or every game's end); when each began (`time.monotonic()`). A fault that
    could not happen then returns False and is tried again after the next pause."""
    began: list[float] = []
    while len(began) < times and not stop.is_set():
        await asyncio.sleep(rng.uniform(*pause))
        if all(p.over for p in everyone(tables)):
            break
        started = time.monotonic()
        if await fault():
            began.append(started)
    return began


def everyone(tables: list[Table]) -> list[Player]:
    return [p for t in tables for p in t.players]
