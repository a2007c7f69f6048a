"""A deadline per move through the server, on both stores: a seat whose move's deadline passes
has its turn played as the clock's `on_timeout` says (the same bot player, the same
`time_ran_out` event as a time per player), each move gives its mover the whole deadline
again, and the reminder is due before the deadline, after every move that reset it."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import httpx
import pytest

from projections.codec import encode
from projections.notices import CLOCK
from tests.server.conftest import Running
from tests.server.test_notices import (
    channel,
    derived,
    moved_by_hand,
    notifying,
    receiver,
    settled,
)
from tests.server.test_turn_clocks import frozen, kinds, left
from tests.webhook_receiver import Receiver

STORES_ONLY = True  # the clock's moves are the store's business, not the transport's
__all__ = ["notifying", "receiver"]  # the fixtures, used by name


async def deadlined(
    run: Running, game: str, seats: int, per_move_s: float, start: bool = True
) -> tuple[str, list[str], str]:
    """A table whose every move must be made within `per_move_s`, its seats taken (and
    started): its id, its seats' tokens and its host's."""
    clock = {"per_move_s": per_move_s, "on_timeout": "bot"}
    async with httpx.AsyncClient(base_url=run.url) as http:
        made = await http.post("/api/games", json={"game": game, "seats": seats, "clock": clock})
    assert made.status_code == 201, made.text
    game_id, host = made.json()["game_id"], made.json()["host_token"]
    tokens = [(await run.lobby.join(game_id, f"p{n}"))[1] for n in range(seats)]
    if start:
        await run.lobby.start(game_id, host)
    return game_id, tokens, host


async def move(run: Running, game_id: str, seat: int) -> None:
    live = await run.state.service.load(game_id, fresh=True)
    command: Any = live.game.legal(live.table.state, seat)[0]
    await run.state.service.submit(game_id, seat, uuid.uuid4().hex, live.version, encode(command))


async def test_a_passed_deadline_plays_the_turn_and_each_move_resets_it(server: Running) -> None:
    now = await frozen(server)
    game_id, _, _ = await deadlined(server, "rock_paper_scissors", 2, 1)
    bots, agenda = server.state.bots, server.state.agenda
    assert await left(server, game_id) == [1_000, 1_000]  # both choose at once
    now.ms += 600
    await move(server, game_id, 0)
    assert await left(server, game_id) == [1_000, 400]  # seat 0 waits for nothing now
    assert await bots.attend(game_id) == 0
    now.ms += 399
    assert game_id not in await agenda.due(now.ms, 10_000)
    now.ms += 1  # seat 1's deadline
    assert game_id in await agenda.due(now.ms, 10_000)
    assert await bots.attend(game_id) == 1
    stored = await server.state.store.read(game_id)
    ran_out = [json.loads(r.data) for r in stored if b'"time_ran_out"' in r.data]
    assert [e["seat"] for e in ran_out] == [1]
    assert sum(r.command_id.startswith("clock-1-") for r in stored) == 1
    # the round is over: both choose again, each with the whole second
    assert await left(server, game_id) == [1_000, 1_000]
    now.ms += 1_000
    assert await bots.attend(game_id) == 2
    assert (await kinds(server, game_id)).count("time_ran_out") == 3


async def test_a_deadline_passes_on_the_servers_own_clock(server: Running) -> None:
    """Nothing injected: the process's bot player finds the deadline on its agenda."""
    game_id, _, _ = await deadlined(server, "rock_paper_scissors", 2, 1)
    for _ in range(400):
        if "time_ran_out" in await kinds(server, game_id):
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("no turn was played for a seat past its deadline")
    stored = await server.state.store.read(game_id)
    assert any(r.command_id.startswith("clock-") for r in stored)


async def test_the_reminder_is_sent_before_the_deadline(
    notifying: Running, receiver: Receiver
) -> None:
    run = notifying
    notifier = run.state.notifier
    now = moved_by_hand(notifier)
    game_id, tokens, host = await deadlined(run, "rock_paper_scissors", 2, 120, start=False)
    await channel(run, game_id, tokens[1], receiver.at("/s1"))
    await run.lobby.start(game_id, host)
    await settled(run, game_id)  # its turn told; the reminder waits
    assert not any(k.endswith(":clock") for k in receiver.ids("/s1"))
    now[0] += 91_000  # past three quarters of the deadline
    await settled(run, game_id)
    (reminder,) = [k for k in receiver.ids("/s1") if k.endswith(":clock")]
    sent = receiver.bodies("/s1")[reminder]["notice"]
    deadline = (await run.state.service.load(game_id, fresh=True)).table.clock
    assert deadline is not None
    assert sent["remind_at_ms"] == deadline.since_ms + 90_000 < deadline.since_ms + 120_000
    assert sent["left_ms"] == 30_000


async def test_a_move_that_keeps_its_seat_awaited_is_reminded_anew(server: Running) -> None:
    """Vertigo's seats often move again at once: each move gives them the whole deadline, so
    each such move makes a new reminder due, three quarters of a deadline after it."""
    game_id, _, _ = await deadlined(server, "vertigo", 3, 3_600)
    for _ in range(200):
        live = await server.state.service.load(game_id, fresh=True)
        seat = next(s for s in range(3) if live.game.legal(live.table.state, s))
        before = live.version
        await move(server, game_id, seat)
        after = await server.state.service.load(game_id, fresh=True)
        if after.game.legal(after.table.state, seat):
            break
    else:
        raise AssertionError("no move kept its seat awaited")
    notices = await derived(server, game_id, before)
    (reminder,) = [n for n in notices if n.kind == CLOCK and n.seat == seat]
    assert not [n for n in notices if n.kind != CLOCK and n.seat == seat]  # its turn goes on
    stamp = json.loads((await server.state.store.read(game_id))[before].data)
    assert stamp["type"] == "clock_stamped" and stamp["seat"] == seat
    assert reminder.version == before + 1
    assert reminder.remind_at_ms == stamp["at_ms"] + 2_700_000
    assert reminder.left_ms == 900_000


@pytest.mark.parametrize(
    ("clock", "words"),
    [
        ({"per_move_s": 0}, "per_move_s: from 1"),
        ({"per_move_s": 1e12}, "per_move_s: from 1"),
        ({"per_move_s": 60, "initial_s": 60}, "without initial_s"),
        ({"per_move_s": 60, "increment_s": 5}, "without initial_s or increment_s"),
        ({"per_move_s": "60"}, "Expected `float`"),
    ],
)
async def test_bad_deadlines_are_refused_and_create_nothing(
    embedded: Running, clock: Any, words: str
) -> None:
    before = len(await embedded.state.store.streams())
    async with httpx.AsyncClient(base_url=embedded.url) as http:
        reply = await http.post(
            "/api/games", json={"game": "eiffel_mania", "seats": 3, "clock": clock}
        )
    assert reply.status_code == 400, reply.json()
    assert words in reply.json()["detail"]
    assert len(await embedded.state.store.streams()) == before


async def test_the_lobby_lists_an_hour_per_move_as_played_over_days(embedded: Running) -> None:
    hourly, _, _ = await deadlined(embedded, "rock_paper_scissors", 2, 3_600)
    brisk, _, _ = await deadlined(embedded, "rock_paper_scissors", 2, 1_800)
    async with httpx.AsyncClient(base_url=embedded.url) as http:
        listed = {item["game_id"]: item for item in (await http.get("/api/games")).json()["live"]}
    clock = listed[hourly]["clock"]
    assert clock["per_move"] and clock["async"] and clock["initial_ms"] == 3_600_000
    assert clock["left_ms"] == [3_600_000] * 2 and clock["running"] == [0, 1]
    assert listed[brisk]["clock"]["per_move"] and not listed[brisk]["clock"]["async"]


async def test_a_reminder_after_a_move_that_reset_the_deadline_is_sent(
    notifying: Running, receiver: Receiver
) -> None:
    """The notifier sends the reminder a move made due (not dropped as a turn moved on)."""
    run = notifying
    notifier = run.state.notifier
    now = moved_by_hand(notifier)
    game_id, tokens, host = await deadlined(run, "vertigo", 3, 120, start=False)
    for seat in range(3):
        await channel(run, game_id, tokens[seat], receiver.at(f"/s{seat}"))
    await run.lobby.start(game_id, host)
    for _ in range(200):
        live = await run.state.service.load(game_id, fresh=True)
        seat = next(s for s in range(3) if live.game.legal(live.table.state, s))
        before = live.version
        await move(run, game_id, seat)
        after = await run.state.service.load(game_id, fresh=True)
        if after.game.legal(after.table.state, seat):
            break
    else:
        raise AssertionError("no move kept its seat awaited")
    now[0] += 91_000
    await settled(run, game_id)
    assert f"{game_id}:{before + 1}:{seat}:clock" in receiver.ids(f"/s{seat}")
