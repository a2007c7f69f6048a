"""Chat is paced per seat and per game, not per socket (issue 41, item 6)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from clients.python.client import GameClient
from server.table.chat_limit import ChatPace
from tests.server.conftest import Running, running

PACE = ChatPace()  # the server's default pace
SOCKETS = 20
LINES = 20  # per socket: within each socket's own pace (40 frames at once)


def chat_lines(frames: list[dict[str, Any]]) -> list[str]:
    return [e["event"]["text"] for e in frames if e["event"]["type"] == "chat_posted"]


async def stored_chat(server: Running, game_id: str) -> int:
    records = await server.state.store.read(game_id)
    return sum(1 for r in records if b'"type":"chat_posted"' in r.data)


async def until(ready: Callable[[], Awaitable[bool]], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not await ready():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def flood(clients: list[GameClient], lines: int) -> None:
    """Every client sends `lines` chat lines as fast as it can."""
    await asyncio.gather(
        *(
            c.send({"type": "chat", "text": f"{n} spam " + "x" * 480})
            for c in clients
            for n in range(lines)
        )
    )


async def test_one_seat_on_twenty_sockets_stores_a_seats_worth(server: Running) -> None:
    game_id, tokens = await server.seated_game("eiffel_mania", 4)
    sockets = [await server.client(game_id, tokens[0]) for _ in range(SOCKETS)]
    began = time.monotonic()
    await flood(sockets, LINES)

    async def answered() -> bool:  # every line stored or refused
        refused = sum(len(s.errors) for s in sockets)
        return refused + await stored_chat(server, game_id) >= SOCKETS * LINES

    await until(answered)
    elapsed = time.monotonic() - began
    stored = await stored_chat(server, game_id)
    assert 1 <= stored <= PACE.seat_burst + elapsed / PACE.seat_every_s + 1, (stored, elapsed)
    refusals = [e for s in sockets for e in s.errors]
    paced = [e for e in refusals if e["reason"] == "rate_limited"]
    assert paced and all("from your seat" in e["detail"] for e in paced)
    assert {e["reason"] for e in refusals} <= {"rate_limited", "busy"}  # busy: lines racing
    for client in sockets:
        await client.close()


async def test_a_table_is_paced_as_a_whole() -> None:
    async with running(None, chat_game_burst=6, chat_game_every_s=60.0) as server:
        game_id, tokens = await server.seated_game("eiffel_mania", 4)
        seats = [await server.client(game_id, token) for token in tokens]
        for n in range(12):  # three lines a seat, each seat within its own pace, one by one
            await seats[n % 4].send({"type": "chat", "text": f"line {n}"})

            async def answered(n: int = n) -> bool:
                refused = sum(len(s.errors) for s in seats)
                return refused + await stored_chat(server, game_id) > n

            await until(answered)
        assert await stored_chat(server, game_id) == 6
        refusals = [e for s in seats for e in s.errors]
        assert len(refusals) == 6
        assert all(e["reason"] == "rate_limited" for e in refusals)
        assert all("at this table" in e["detail"] for e in refusals)
        for client in seats:
            await client.close()


async def test_chat_at_a_human_pace_is_never_refused(server: Running) -> None:
    """A few quick lines, then a line every three seconds for a minute and a half (the
    limiter's clock is stepped; each socket's own pace runs on real time, well within)."""
    game_id, tokens = await server.seated_game("eiffel_mania", 4)
    now = [1000.0]
    server.state.service.chat_limits.clock = lambda: now[0]
    talker = await server.client(game_id, tokens[0])
    other = await server.client(game_id, tokens[1])
    said = ["gg", "wp", "nice move", "ha"] + [f"line {n}" for n in range(30)]
    for n, text in enumerate(said):
        speaker = other if n % 7 == 3 else talker
        await speaker.send({"type": "chat", "text": text})

        async def answered(text: str = text) -> bool:
            return text in chat_lines(talker.log) or bool(talker.errors or other.errors)

        await until(answered)
        assert talker.errors == other.errors == [], text
        now[0] += 3.0 if n >= 4 else 0.5
    assert talker.errors == other.errors == []
    assert chat_lines(talker.log) == said
    await talker.close()
    await other.close()
