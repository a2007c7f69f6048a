"""Notices end to end: a server on each store, a real local HTTP receiver, channels
registered over HTTP, games played; every notice derived for a channel arrives, with its id as
`Idempotency-Key`, once to a receiver that deduplicates."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import msgspec
import pytest

from domain.bots import random_bot
from projections.codec import encode
from projections.live import LiveGame
from projections.notices import Notice, notices_between
from tests.server.conftest import Running, running
from tests.server.test_undo import find, play, seated
from tests.service_play import random_moves
from tests.webhook_receiver import Receiver, receiving


@pytest.fixture(params=["sqlite", "redis"])
async def notifying(request: pytest.FixtureRequest) -> AsyncIterator[Running]:
    url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    settings = {"webhook_allow_private": True, "public_url": "https://plateau.test"}
    async with running(url, notice_grace_s=0, **settings) as run:
        run.state.notifier.sweep_s = 0.05
        run.state.notifier.backoff_ms = 50
        run.state.notifier.pace = (1000, 10)
        yield run


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    async with receiving() as started:
        yield started


async def channel(
    run: Running, game_id: str, token: str, url: str, fmt: str = "json", always: bool = False
) -> str:
    async with httpx.AsyncClient() as http:
        answer = await http.post(
            f"{run.url}/api/games/{game_id}/channels",
            json={"url": url, "format": fmt, "always": always},
            headers={"authorization": f"Bearer {token}"},
        )
    assert answer.status_code == 201, answer.text
    made: str = answer.json()["id"]
    return made


async def derived(run: Running, game_id: str, after: int) -> list[Notice]:
    """The notices of the stored stream past `after`, derived here append by append, as a
    notifier that keeps up with the game derives them."""
    records = await run.state.store.read(game_id)
    live = LiveGame.replay(game_id, records)
    ends = [r.version for r in records if r.command_id and r.version > after]  # appends' ends
    notices = []
    for upto in ends:
        start, events = live.table_at(after), live.events[after:upto]
        notices += notices_between(game_id, live.game, start, events, after + 1)
        after = upto
    return notices


async def settled(run: Running, game_id: str) -> None:
    """Until the notifier has derived the whole stream and sent every notice due by its clock
    (a reminder due later waits)."""
    notifier = run.state.notifier
    outbox = notifier.outbox
    for _ in range(1500):
        head = (await run.state.store.heads([game_id]))[game_id][0]
        cursor = (await outbox.cursors([game_id])).get(game_id)
        caught_up = cursor is None or cursor >= head
        if caught_up and await outbox.waiting(game_id, notifier.now_ms(), 1) == []:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the outbox did not settle")


async def play_settled(run: Running, game_id: str, seats: int) -> None:
    """Random moves to the end, one at a time, each once the notices before it are sent (as
    people play over days: every turn is told while it runs)."""
    rng = random.Random(3)
    service = run.state.service
    await settled(run, game_id)
    while not (live := await service.load(game_id, fresh=True)).over:
        game, state = live.game, live.table.state
        seat = rng.choice([s for s in range(seats) if game.legal(state, s)])
        command = random_bot(game, state, seat, game.legal(state, seat), rng)
        await service.submit(game_id, seat, uuid.uuid4().hex, live.version, encode(command))
        await settled(run, game_id)


def moved_by_hand(notifier: Any) -> list[int]:
    """The notifier's clock, from now on read from the list returned: `now[0] += ms` moves it."""
    now = [notifier.now_ms()]
    notifier.now_ms = lambda: now[0]
    return now


async def test_every_notice_reaches_its_channels_once(
    notifying: Running, receiver: Receiver
) -> None:
    run = notifying
    game_id = await run.lobby.create("rock_paper_scissors", 2)
    host = run.lobby.hosts[game_id]
    tokens = [(await run.lobby.join(game_id, f"p{n}"))[1] for n in range(2)]
    await channel(run, game_id, tokens[0], receiver.at("/seat0"))
    await channel(run, game_id, host, receiver.at("/table"), "discord")
    watched_from = await run.stored(game_id)
    await run.lobby.start(game_id, host)
    await play_settled(run, game_id, 2)
    notices = await derived(run, game_id, watched_from)
    to_seat = {n.id: n for n in notices if n.seat == 0}
    to_table = {n.id: n for n in notices if n.seat is None}
    assert {n.kind for n in to_seat.values()} == {"started", "turn", "over"}
    await receiver.until(
        lambda: (
            set(receiver.ids("/seat0")) == set(to_seat)
            and set(receiver.ids("/table")) == set(to_table)
        )
    )
    await asyncio.sleep(0.3)  # a few more sweeps: nothing is sent twice
    assert max(receiver.ids().values()) == 1
    assert not any(n.seat == 1 for n in notices if n.id in receiver.ids())
    for key, sent in receiver.bodies("/seat0").items():
        assert sent["notice"] == msgspec.json.decode(msgspec.json.encode(to_seat[key]))
        assert sent["link"] == f"https://plateau.test/#/game/{game_id}"
    for key, sent in receiver.bodies("/table").items():
        assert set(sent) == {"content", "allowed_mentions"}  # Discord's format
        assert "Rock paper scissors" in sent["content"] and game_id in sent["content"]
        assert to_table[key].kind in {"started", "turn", "over"}


async def test_a_failing_receiver_is_retried_then_paused_then_resumed_by_a_test(
    notifying: Running, receiver: Receiver
) -> None:
    run = notifying
    game_id, tokens = await run.seated_game("rock_paper_scissors", 2, start=False)
    cid = await channel(run, game_id, tokens[1], receiver.at("/s1"))
    receiver.failing = 2  # two 500s, then answers: retried with backoff until it lands
    await run.lobby.start(game_id, tokens[0])
    await receiver.until(lambda: any(k.endswith(":1:started") for k in receiver.ids()))
    assert receiver.failing == 0  # it failed twice first
    listed = await channels_of(run, game_id, tokens[1])
    assert listed == [
        {
            "id": cid,
            "kind": "webhook",
            "format": "json",
            "seat": 1,
            "always": False,
            "host": "127.0.0.1",
            "paused": False,
            "failures": 0,
            "error": "",
        }
    ]
    receiver.always_failing = True
    await random_moves(run.state.service, game_id, 2, 200)  # turns and the end, all failing

    async def paused() -> bool:
        return bool((await channels_of(run, game_id, tokens[1]))[0]["paused"])

    for _ in range(1500):
        if await paused():
            break
        await asyncio.sleep(0.05)
    shown = (await channels_of(run, game_id, tokens[1]))[0]
    assert shown["paused"] and shown["failures"] == 5 and shown["error"] == "status_500"
    receiver.always_failing = False
    async with httpx.AsyncClient() as http:
        tested = await http.post(
            f"{run.url}/api/games/{game_id}/channels/{cid}/test",
            json={},
            headers={"authorization": f"Bearer {tokens[1]}"},
        )
    assert tested.json() == {"failures": 0, "paused": False, "error": "", "sent": True}
    assert not await paused()


async def channels_of(run: Running, game_id: str, token: str) -> list[dict[str, Any]]:
    async with httpx.AsyncClient() as http:
        answer = await http.get(
            f"{run.url}/api/games/{game_id}/channels",
            headers={"authorization": f"Bearer {token}"},
        )
    assert answer.status_code == 200, answer.text
    listed: list[dict[str, Any]] = answer.json()["channels"]
    return listed


async def test_a_hanging_receiver_never_holds_a_command_back(
    notifying: Running, receiver: Receiver
) -> None:
    run = notifying
    game_id, tokens = await run.seated_game("rock_paper_scissors", 2, start=False)
    await channel(run, game_id, tokens[0], receiver.at("/s0"))
    receiver.held = asyncio.Event()
    await run.lobby.start(game_id, tokens[0])
    await receiver.until(lambda: receiver.holding > 0)  # a notice is being sent, and hangs
    before = await run.stored(game_id)
    await random_moves(run.state.service, game_id, 2, 200)  # the whole game, meanwhile
    assert (await run.state.service.load(game_id, fresh=True)).over
    assert await run.stored(game_id) > before and receiver.holding > 0
    receiver.held.set()
    await receiver.until(lambda: any(k.endswith(":0:over") for k in receiver.ids()))


async def test_channels_belong_to_their_owner(notifying: Running, receiver: Receiver) -> None:
    run = notifying
    game_id, tokens = await run.seated_game("rock_paper_scissors", 2, start=False)
    cid = await channel(run, game_id, tokens[0], receiver.at("/s0"))
    assert await channels_of(run, game_id, tokens[1]) == []  # seat 1 sees none of seat 0's
    assert await channels_of(run, game_id, run.lobby.hosts[game_id]) == []
    async with httpx.AsyncClient() as http:
        url = f"{run.url}/api/games/{game_id}/channels"
        nobody = await http.post(url, json={"url": receiver.at("/x")})
        assert nobody.status_code == 401
        wrong = await http.post(
            url, json={"url": receiver.at("/x")}, headers={"authorization": "Bearer nope"}
        )
        assert wrong.status_code == 401
        for bad in ({"url": "ftp://example.com/x"}, {"url": receiver.at("/x"), "format": "irc"}):
            answer = await http.post(
                url, json=bad, headers={"authorization": f"Bearer {tokens[0]}"}
            )
            assert answer.status_code == 400, bad
        other = await http.request(
            "DELETE", f"{url}/{cid}", json={}, headers={"authorization": f"Bearer {tokens[1]}"}
        )
        assert other.status_code == 404  # not seat 1's to remove
        mine = await http.request(
            "DELETE", f"{url}/{cid}", json={}, headers={"authorization": f"Bearer {tokens[0]}"}
        )
        assert mine.status_code == 204
    assert await channels_of(run, game_id, tokens[0]) == []


async def test_a_webhook_url_is_stored_sealed(notifying: Running, receiver: Receiver) -> None:
    run = notifying
    game_id, tokens = await run.seated_game("rock_paper_scissors", 2, start=False)
    secret_path = "/T0KEN-in-the-path-of-a-discord-hook"
    await channel(run, game_id, tokens[0], receiver.at(secret_path))
    kept = await run.state.notifier.outbox.channels(game_id)
    assert len(kept) == 1
    assert all(b"T0KEN" not in sealed and b"127.0.0.1" not in sealed for sealed in kept.values())
    listed = await channels_of(run, game_id, tokens[0])
    assert "T0KEN" not in repr(listed)


async def test_a_seat_open_in_a_browser_is_not_notified_unless_always(
    notifying: Running, receiver: Receiver
) -> None:
    run = notifying
    game_id, tokens = await run.seated_game("rock_paper_scissors", 2, start=False)
    await channel(run, game_id, tokens[0], receiver.at("/quiet"))
    await channel(run, game_id, tokens[0], receiver.at("/always"), always=True)
    await channel(run, game_id, tokens[1], receiver.at("/away"))
    watching = await run.client(game_id, tokens[0])  # seat 0 has the game open
    try:
        await run.lobby.start(game_id, tokens[0])
        await play_settled(run, game_id, 2)
        over = lambda seat: any(k.endswith(f":{seat}:over") for k in receiver.ids())  # noqa: E731
        await receiver.until(lambda: over(0) and over(1))
        await asyncio.sleep(0.3)
    finally:
        await watching.close()
    assert receiver.ids("/quiet") == {}
    always = receiver.ids("/always")
    assert {k.split(":")[-1] for k in always} == {"started", "turn", "over"}
    assert all(k.split(":")[2] == "0" for k in always)
    assert {k.split(":")[-1] for k in receiver.ids("/away")} == {"started", "turn", "over"}


async def test_the_seats_asked_to_undo_hear_it(notifying: Running, receiver: Receiver) -> None:
    run = notifying
    game_id, tokens = await seated(run, "vertigo", 3)
    for seat in range(3):
        await channel(run, game_id, tokens[seat], receiver.at(f"/s{seat}"), "slack")
    seat, command = await find(run, game_id, None)  # a command its seat may ask to undo
    await play(run, game_id, seat, command)
    async with httpx.AsyncClient() as http:
        asked = await http.post(
            f"{run.url}/api/games/{game_id}/undo",
            json={},
            headers={"authorization": f"Bearer {tokens[seat]}"},
        )
    assert asked.status_code == 201, asked.text
    others = [n for n in range(3) if n != seat]
    undo = {n: f"{game_id}:{asked.json()['version']}:{n}:undo" for n in others}
    await receiver.until(lambda: set(undo.values()) <= set(receiver.ids()))
    for n in others:
        said = receiver.bodies(f"/s{n}")[undo[n]]
        assert set(said) == {"text"}  # Slack's format
        assert f"p{seat} (seat {seat + 1}) asks to undo; p{n} (seat {n + 1})" in said["text"]
    assert not any(k.endswith(":undo") for k in receiver.ids(f"/s{seat}"))  # not the asker


async def test_a_turn_is_told_only_once_it_has_run_its_grace(
    notifying: Running, receiver: Receiver
) -> None:
    run = notifying
    notifier = run.state.notifier
    now = moved_by_hand(notifier)
    notifier.grace_ms = 60_000
    game_id, tokens = await run.seated_game("rock_paper_scissors", 2, start=False)
    for seat in range(2):
        await channel(run, game_id, tokens[seat], receiver.at(f"/s{seat}"))
    await run.lobby.start(game_id, tokens[0])
    await receiver.until(lambda: len(receiver.ids()) == 2)  # both told the game started
    assert all(k.endswith(":started") for k in receiver.ids())
    live = await run.state.service.load(game_id, fresh=True)
    command = live.game.legal(live.table.state, 0)[0]
    await run.state.service.submit(game_id, 0, "c1", live.version, encode(command))
    now[0] += 60_001  # seat 0 played within the grace; seat 1 still has not
    await settled(run, game_id)
    assert [k.split(":")[-1] for k in receiver.ids("/s0")] == ["started"]
    assert sorted(k.split(":")[-1] for k in receiver.ids("/s1")) == ["started", "turn"]


async def test_a_seat_whose_clock_runs_low_is_reminded_unless_it_played(
    notifying: Running, receiver: Receiver
) -> None:
    run = notifying
    notifier = run.state.notifier
    now = moved_by_hand(notifier)
    clock = {"initial_s": 120, "increment_s": 0, "on_timeout": "bot"}
    async with httpx.AsyncClient() as http:
        made = await http.post(
            f"{run.url}/api/games",
            json={"game": "rock_paper_scissors", "seats": 2, "clock": clock},
        )
    game_id, host = made.json()["game_id"], made.json()["host_token"]
    tokens = [(await run.lobby.join(game_id, f"p{n}"))[1] for n in range(2)]
    for seat in range(2):
        await channel(run, game_id, tokens[seat], receiver.at(f"/s{seat}"))
    await run.lobby.start(game_id, host)
    await settled(run, game_id)  # started and both turns told; the reminders wait
    live = await run.state.service.load(game_id, fresh=True)
    command = live.game.legal(live.table.state, 0)[0]
    await run.state.service.submit(game_id, 0, "c1", live.version, encode(command))
    now[0] += 91_000  # past three quarters of the 120 s both seats had
    await settled(run, game_id)
    assert not any(k.endswith(":clock") for k in receiver.ids("/s0"))  # seat 0 played
    (reminder,) = [k for k in receiver.ids("/s1") if k.endswith(":clock")]
    sent = receiver.bodies("/s1")[reminder]
    assert sent["notice"]["left_ms"] == 30_000
    assert "p1 (seat 2), your clock runs low: 30 seconds left" in sent["text"]
