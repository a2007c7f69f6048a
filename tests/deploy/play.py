"""Games played against a stack through nginx: `plateau bots` as an operator runs it, and
fault-proof players (tests/reliability) whose every acknowledged command is checked."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import httpx

from server.store.redis import RedisStore
from tests.reliability.checks import Tally, verify_game
from tests.reliability.scenario import Table, everyone, inject, play, seat_players

# a game of each kind that bots finish in seconds
GAMES = [("eiffel_mania", 4), ("bienvenue_a_bord", 2), ("vertigo", 3), ("18zoo", 3)]


async def bots(url: str, game: str, players: int, seed: int) -> dict[str, Any]:
    """`plateau bots URL GAME --players N --seed S`: its JSON report."""
    command = [sys.executable, "-m", "plateau", "bots", url, game]
    command += ["--players", str(players), "--seed", str(seed)]
    process = await asyncio.create_subprocess_exec(
        *command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    out, err = await asyncio.wait_for(process.communicate(), 300)
    if process.returncode != 0:
        raise AssertionError(f"plateau bots {game} failed:\n{err.decode()[-3000:]}")
    report: dict[str, Any] = json.loads(out.decode().strip().splitlines()[-1])
    return report


async def request(http: httpx.AsyncClient, method: str, path: str, **kwargs: Any) -> Any:
    """One lobby call; nginx's rate limit (429) and a restarting stack (502) are waited out."""
    for attempt in range(60):
        try:
            reply = await http.request(method, path, **kwargs)
        except httpx.TransportError:
            reply = None
        if reply is not None and reply.status_code < 400:
            return reply.json()
        if reply is not None and reply.status_code not in (429, 502, 503):
            raise AssertionError(f"{method} {path}: {reply.status_code} {reply.text[:300]}")
        await asyncio.sleep(0.1 * (1 + attempt % 5))
    raise AssertionError(f"{method} {path}: no answer")


async def open_games(url: str, kinds: list[tuple[str, int]]) -> list[tuple[str, list[str]]]:
    """Started games, one per (game, seats): created, joined and started over HTTP."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:

        async def one(game: str, seats: int) -> tuple[str, list[str]]:
            body = {"game": game, "seats": seats, "options": {}}
            game_id = (await request(http, "POST", "/api/games", json=body))["game_id"]
            tokens = []
            for n in range(seats):
                seat = f"/api/games/{game_id}/seats"
                tokens.append((await request(http, "POST", seat, json={"name": f"p{n}"}))["token"])
            auth = {"authorization": f"Bearer {tokens[0]}"}
            await request(http, "POST", f"/api/games/{game_id}/start", headers=auth, json={})
            return game_id, tokens

        return [await one(game, seats) for game, seats in kinds]


def totals(tables: list[Table]) -> dict[str, int]:
    players = everyone(tables)
    busy = sum(p.rejected.get("busy", 0) for p in players)
    return {
        "reconnects": sum(p.disconnects for p in players),
        "resume_snapshots": sum(p.resume_snapshots for p in players),
        "duplicates": sum(p.duplicates for p in players),
        "busy": busy,
        "closed_1012": sum(p.close_codes.get(1012, 0) for p in players),
    }


async def play_through_fault(
    ws_url: str,
    http_url: str,
    redis_url: str,
    fault: Callable[[], Awaitable[bool]],
    faults: int,
    seed: int,
    kinds: list[tuple[str, int]],
) -> tuple[list[Table], Tally, dict[str, int], int]:
    """Play `kinds` through nginx with one spectator each while `fault` strikes `faults`
    times mid-game; then check every game's stream against what its players were told.
    Returns the tables, the tally, the players' totals and the faults that struck."""
    rng = random.Random(seed)
    opened = await open_games(http_url, kinds)
    tables = seat_players(opened, lambda k: lambda: [ws_url], rng, spectators=1)
    stop = asyncio.Event()
    chaos = asyncio.create_task(inject(fault, faults, (0.5, 1.5), tables, stop, rng))
    await play(tables, stop, timeout=240, think=0.05, stagger=0.2)
    struck = len(await chaos)
    store = RedisStore.from_url(redis_url)
    try:
        checks = [await verify_game(store, t.game_id, t.players) for t in tables]
    finally:
        await store.close()
    return tables, Tally.of(checks), totals(tables), struck
