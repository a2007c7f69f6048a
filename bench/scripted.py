"""The moves of real games, decided before the run, for the driver to replay (scenario 8).

`record(game, seats, seed)` plays one game with the game's greedy bots through the server's
own code (`GameService` over a SQLite store in memory), every game dealt from `SECRET`, and
returns each command with the seat that sent it. A server started by `bench.serve` with
`PLATEAU_BENCH_SECRET` set deals every game from that secret too, so the same commands are
legal there in the same order: the driver (`bench/peer/driver.js`) sends them through
websockets and thinks about nothing, and the bots' thinking costs the measured server nothing.
`stored` returns the events the server stored for that game: scenarios 4 and 5 and
`bench.ab --fold` fold them.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import msgspec

from domain import games
from domain.bots import strategy
from server.ops.logs import configure
from server.ops.metrics import Metrics
from server.store.adapters import open_store
from server.table.service import GameService

SECRET = bytes(range(32))  # every game's secret, here and in the benchmark's server
ENV = "PLATEAU_BENCH_SECRET"  # `bench.serve` deals every game from this secret (hex)
MOST_COMMANDS = 5_000


async def _record(name: str, seats: int, seed: int) -> tuple[list[dict[str, Any]], list[bytes]]:
    """The game's commands and its stored events."""
    game = games.get(name)
    greedy = strategy(name, "greedy")
    rng = random.Random(seed)
    store = open_store(None)
    service = GameService(store, Metrics(), new_secret=lambda: SECRET)
    try:
        game_id = await service.create(msgspec.json.encode({"game": name, "seats": seats}))
        tokens = []
        for seat in range(seats):  # the names the driver's players take
            tokens.append((await service.join(game_id, f'{{"name": "p{seat}"}}'.encode()))[1])
        await service.start(game_id, tokens[0])
        moves: list[dict[str, Any]] = []
        while len(moves) < MOST_COMMANDS:
            live = await service.load(game_id, fresh=True)  # its appends, folded
            state = live.table.state
            if game.is_over(state):
                return moves, [record.data for record in await store.read(game_id)]
            legal = {seat: game.legal(state, seat) for seat in range(seats)}
            movers = [seat for seat, commands in legal.items() if commands]
            seat = movers[rng.randrange(len(movers))]
            command = greedy(game, state, seat, legal[seat], rng)
            raw = msgspec.json.encode(command)
            await service.submit(game_id, seat, f"m{len(moves)}", live.version, raw)
            moves.append({"seat": seat, "command": json.loads(raw)})
        raise RuntimeError(f"{name}: no end after {MOST_COMMANDS} commands")
    finally:
        await store.close()


def record(name: str, seats: int, seed: int = 1) -> list[dict[str, Any]]:
    """One game of `name` played by its greedy bots: `{"seat", "command"}` per command."""
    configure("console", "warning")
    return asyncio.run(_record(name, seats, seed))[0]


def stored(name: str, seats: int, seed: int = 1) -> list[bytes]:
    """The events the server stored for `record`'s game, as stored (msgspec JSON)."""
    configure("console", "warning")
    return asyncio.run(_record(name, seats, seed))[1]


def script(folder: Path, name: str, seats: int, seed: int = 1) -> Path:
    """The moves of `record`, written as JSON for the driver (again each run: they follow the
    rules of the code under test); the file's path."""
    path = folder / f"script-{name}-{seats}-{seed}.json"
    path.write_text(json.dumps({"game": name, "seats": seats, "moves": record(name, seats, seed)}))
    return path
