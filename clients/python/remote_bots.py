"""Bots over websockets: create a game, seat the bots, play it to the end (`plateau bots`)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from clients.python.client import GameClient, Lobby
from domain import choices


async def _until(client: GameClient, stop: asyncio.Event, predicate: Any) -> None:
    """Wait for `predicate` (at most 120 s), or for `stop`, whichever comes first."""
    waiting = asyncio.ensure_future(client.wait_for(predicate, timeout=120))
    stopping = asyncio.ensure_future(stop.wait())
    done, pending = await asyncio.wait({waiting, stopping}, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    if waiting in done:
        waiting.result()  # a timeout or a lost connection


def _choose(offered: list[Any], rng: random.Random) -> Any:
    """A random choice, then a random value of it (a price range is one choice)."""
    return choices.pick(rng.choice(offered), rng)


async def play_seat(client: GameClient, rng: random.Random, stop: asyncio.Event) -> int:
    """Play legal commands until the game ends or `stop` is set; the commands accepted."""
    accepted = 0
    while not client.over and not stop.is_set():
        if not client.legal:
            await _until(client, stop, lambda c: c.legal or c.over)
            continue
        seen = client.version
        reply = await client.command(_choose(client.choices, rng), seen_version=seen)
        if reply["type"] == "ack":
            accepted += 1
            await client.wait_version(reply["version"])
        elif reply["reason"] == "rate_limited":
            await asyncio.sleep(0.25)  # the server asks us to slow down: do, then retry
        elif reply["reason"] in ("stale_version", "busy", "not_your_turn", "illegal"):
            # the game moved on under us: wait for the update we have not seen yet
            await _until(client, stop, lambda c, v=seen: c.version > v or c.over)
        else:
            raise RuntimeError(f"bot command refused: {reply}")
    return accepted


async def run_bots(
    base_url: str,
    game: str,
    players: int,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    lobby = Lobby(base_url)
    rng = random.Random(seed)
    try:
        game_id = await lobby.create(game, players, options)
        tokens = [(await lobby.join(game_id, f"bot-{n}"))[1] for n in range(players)]
        clients = [await GameClient(lobby.ws_url(), game_id, token).connect() for token in tokens]
        await lobby.start(game_id, tokens[0])
        stop = asyncio.Event()
        counts = await asyncio.gather(
            *(play_seat(c, random.Random(rng.random()), stop) for c in clients)
        )
        await clients[0].wait_for(lambda c: c.over)
        result = clients[0].view["table"]["result"]
        for client in clients:
            await client.close()
        return {
            "game_id": game_id,
            "game": game,
            "players": players,
            "commands": sum(counts),
            "version": clients[0].version,
            "result": result,
        }
    finally:
        await lobby.close()
