"""Turn clocks through the server, on both stores, with the server's time injected: a seat's
clock runs only while it is awaited (both of a simultaneous choice at once), each move earns
the increment, a seat out of time has its turn played by a bot as an event that says so, a
server restarted on the same file shows the same time left, and bad clocks are refused."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Running, running

CLOCK = {"initial_s": 60, "increment_s": 5}


class Time:
    """The server's time, moved by the test alone. It starts at the wall clock's: a server's
    bot player runs on the wall clock until the test injects this one, and a time far from
    it would run every clock out in that moment."""

    def __init__(self) -> None:
        self.ms = int(time.time() * 1000)

    def __call__(self) -> int:
        return self.ms


async def frozen(server: Running) -> Time:
    """Inject the time, and stop the background bot player: the test attends the agenda."""
    now = Time()
    server.state.service.now_ms = now
    server.state.bots.now_ms = now
    await server.state.bots.stop()
    return now


async def clocked(server: Running, seats: int = 3, **more: Any) -> tuple[str, list[str]]:
    made = await server.lobby.http.post(
        "/api/games", json={"game": "eiffel_mania", "seats": seats, "clock": CLOCK, **more}
    )
    assert made.status_code == 201, made.json()
    game_id = made.json()["game_id"]
    tokens = [(await server.lobby.join(game_id, f"p{n}"))[1] for n in range(seats)]
    await server.lobby.start(game_id, tokens[0])
    return game_id, tokens


async def left(server: Running, game_id: str) -> list[int]:
    shown = (await server.lobby.http.get(f"/api/games/{game_id}")).json()
    clock: list[int] = shown["clock"]["left_ms"]
    return clock


async def kinds(server: Running, game_id: str) -> list[str]:
    return [json.loads(r.data)["type"] for r in await server.state.store.read(game_id)]


async def test_clocks_run_only_while_a_seat_is_awaited(server: Running) -> None:
    now = await frozen(server)
    game_id, tokens = await clocked(server)
    seats = [await server.client(game_id, token) for token in tokens]
    try:
        table = seats[0].view["table"]
        running_seats = table["clock"]["running"]
        assert table["clock"]["left_ms"] == [60_000] * 3 and len(running_seats) == 2
        idle = ({0, 1, 2} - set(running_seats)).pop()
        now.ms += 10_000
        assert await left(server, game_id) == [
            60_000 if seat == idle else 50_000 for seat in range(3)
        ]  # a simultaneous choice: both awaited clocks run at once
        mover = seats[running_seats[0]]
        reply = await mover.command(mover.legal[0], seen_version=mover.version)
        assert reply["type"] == "ack", reply
        await mover.wait_version(reply["version"])
        clock = mover.view["table"]["clock"]
        assert clock["since_ms"] == now.ms
        assert clock["left_ms"][running_seats[0]] == 55_000  # 60 - 10 + the increment of 5
        assert clock["left_ms"][running_seats[1]] == 50_000
        assert clock["left_ms"][idle] == 60_000
        assert clock["running"] == [running_seats[1]]
    finally:
        for client in seats:
            await client.close()


async def test_a_seat_out_of_time_has_its_turn_played_by_a_bot(server: Running) -> None:
    now = await frozen(server)
    game_id, tokens = await clocked(server)
    watcher = await server.client(game_id, tokens[0])
    try:
        awaited = watcher.view["table"]["clock"]["running"]
        bots, agenda = server.state.bots, server.state.agenda
        assert await bots.attend(game_id) == 0  # nobody is out of time yet
        assert game_id not in await agenda.due(now.ms, 10_000)  # due when the first runs out
        now.ms += 59_999
        assert game_id not in await agenda.due(now.ms, 10_000)
        assert await bots.attend(game_id) == 0
        assert "time_ran_out" not in await kinds(server, game_id)
        now.ms += 1
        assert game_id in await agenda.due(now.ms, 10_000)
        assert await bots.attend(game_id) == len(awaited)  # both ran out
        stored = await server.state.store.read(game_id)
        ran_out = [json.loads(r.data) for r in stored if b'"time_ran_out"' in r.data]
        assert sorted(e["seat"] for e in ran_out) == sorted(awaited)
        assert sum(r.command_id.startswith("clock-") for r in stored) == len(awaited)
        after = await left(server, game_id)
        assert [after[seat] for seat in awaited] == [5_000] * len(awaited)  # 0, plus 5 s
    finally:
        await watcher.close()


async def test_a_move_after_the_time_ran_out_is_refused(server: Running) -> None:
    now = await frozen(server)
    game_id, tokens = await clocked(server)
    seats = [await server.client(game_id, token) for token in tokens]
    try:
        mover = next(client for client in seats if client.legal)
        stored = len(await server.state.store.read(game_id))
        now.ms += 60_000
        reply = await mover.command(mover.legal[0], seen_version=mover.version)
        assert reply["type"] == "rejected" and "time has run out" in reply["detail"]
        assert len(await server.state.store.read(game_id)) == stored
    finally:
        for client in seats:
            await client.close()


async def test_a_restart_neither_loses_time_nor_gives_it_back() -> None:
    path = Path(tempfile.mkdtemp()) / "clocks.db"
    async with running(f"sqlite:///{path}") as first:
        now = await frozen(first)
        game_id, _ = await clocked(first)
        now.ms += 12_345
        before = await left(first, game_id)
    async with running(f"sqlite:///{path}") as second:
        again = await frozen(second)
        again.ms = now.ms
        assert await left(second, game_id) == before
        again.ms += 1_000  # the time the servers were down counts, as a seat waited then
        later = await left(second, game_id)
        assert sum(before) - sum(later) == 2_000  # two awaited seats, one second each


async def test_bots_and_clocks_together_play_a_game_out(server: Running) -> None:
    now = await frozen(server)
    game_id = (
        await server.lobby.http.post(
            "/api/games",
            json={"game": "eiffel_mania", "seats": 3, "clock": CLOCK, "bots": [1, 2]},
        )
    ).json()["game_id"]
    _, token = await server.lobby.join(game_id, "Ada")
    await server.lobby.start(game_id, token)
    for _ in range(500):  # Ada never moves: each of her turns runs out, a bot plays it
        await server.state.bots.attend(game_id)
        if (await server.lobby.http.get(f"/api/games/{game_id}")).json()["over"]:
            break
        now.ms += 60_000
    else:
        raise AssertionError("the game did not end")
    assert "time_ran_out" in await kinds(server, game_id)


@pytest.mark.parametrize(
    ("clock", "words"),
    [
        ({"initial_s": 0}, "initial_s"),
        ({"initial_s": -5}, "initial_s"),
        ({"initial_s": 1e12}, "initial_s"),
        ({"initial_s": "60"}, "Expected `float`"),
        ({"initial_s": 60, "increment_s": -1}, "increment_s"),
        ({"initial_s": 60, "on_timeout": "lose"}, "on_timeout"),
        ({"initial_s": 60, "extra": 1}, "extra"),
        ({"increment_s": 1}, "initial_s"),
        ("60", "at `$.clock`"),
    ],
)
async def test_bad_clocks_are_refused_and_create_nothing(
    server: Running, clock: Any, words: str
) -> None:
    before = len(await server.state.store.streams())
    reply = await server.lobby.http.post(
        "/api/games", json={"game": "eiffel_mania", "seats": 3, "clock": clock}
    )
    assert reply.status_code == 400, reply.json()
    assert words in reply.json()["detail"]
    assert len(await server.state.store.streams()) == before


async def test_an_infinite_clock_is_refused(server: Running) -> None:
    raw = b'{"game": "eiffel_mania", "seats": 3, "clock": {"initial_s": Infinity}}'
    assert (await server.lobby.http.post("/api/games", content=raw)).status_code == 400
