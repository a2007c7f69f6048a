"""Every HTTP route that acts for a seat takes the session of the account holding it
(`server.web.acting_seat`): on a device with no token, signed in, the account's seat asks and
answers undos, hands itself to a bot and back, forks the running game, starts the table the
account created, and reads the log and the past as the seat's token reads them, no more.
Never for a seat the account does not hold, nor with a forged cookie, from another site's
page, without an Origin for a change, or once signed out everywhere."""

from __future__ import annotations

import random
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx

from domain.bots import random_bot
from projections.codec import encode
from server.accounts.sessions import COOKIE
from tests.server.conftest import ON_STORES, Running
from tests.server.test_account_seats import games, signed_up
from tests.server.test_accounts import browser, sign_in_answer
from tests.server.test_undo import refusal

GAME = "vertigo"  # moves that undo may take back; 2 to 4 seats


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


@asynccontextmanager
async def devices(server: Running) -> AsyncIterator[tuple[httpx.AsyncClient, httpx.AsyncClient]]:
    """Ann's laptop, where she made her account, and her phone, signed in with the same
    passkey: it holds no token."""
    async with browser(server) as laptop, browser(server) as phone:
        passkey = await signed_up(laptop, server, f"Ann {uuid.uuid4().hex[:6]}")
        answer = await sign_in_answer(phone, passkey, server.url)
        assert (await phone.post("/api/account/signin", json=answer)).status_code == 200
        yield laptop, phone


async def hosted_table(server: Running, laptop: httpx.AsyncClient) -> tuple[str, str, str]:
    """A three-seat table the laptop created signed in, its seat 0 the laptop's, seat 1 a
    guest's, seat 2 free; the game's id, seat 0's token and the guest's."""
    created = await laptop.post("/api/games", json={"game": GAME, "seats": 3})
    assert created.status_code == 201, created.text
    game_id = created.json()["game_id"]
    mine = await laptop.post(f"/api/games/{game_id}/seats", json={"name": "Ann"})
    assert mine.json()["seat"] == 0
    _, guest = await server.lobby.join(game_id, "Guest")
    return game_id, mine.json()["token"], guest


async def undoable(server: Running, game_id: str, seat: int) -> Any:
    """Random moves until `seat` has a command undo would take back; it, played."""
    service, rng = server.state.service, random.Random(5)
    for _ in range(400):
        live = await service.load(game_id, fresh=True)
        state, game = live.table.state, live.game
        for command in game.legal(state, seat):
            if refusal(live, seat, command) is None:
                await service.submit(game_id, seat, uuid.uuid4().hex, live.version, encode(command))
                return
        mover = next(s for s in range(live.table.seats) if game.legal(state, s))
        command = random_bot(game, state, mover, game.legal(state, mover), rng)
        await service.submit(game_id, mover, uuid.uuid4().hex, live.version, encode(command))
    raise AssertionError(f"seat {seat} never had a command to undo")


@ON_STORES
async def test_each_seat_route_takes_the_session_alone(server: Running) -> None:
    http = server.lobby.http
    async with devices(server) as (laptop, phone):
        game_id, token, guest = await hosted_table(server, laptop)
        # the account that created the table starts it before every seat is taken, as its
        # host token would; the guest's token may not yet
        assert (
            await http.post(f"/api/games/{game_id}/start", headers=bearer(guest))
        ).status_code == 403
        # the table's page tells the creator, on any device, that its Start is enabled; it
        # tells nobody else, and a foreign page's read is answered as nobody's
        summary = f"/api/games/{game_id}"
        assert (await phone.get(summary)).json()["you_host"] is True
        assert (await http.get(summary, headers=bearer(guest))).json()["you_host"] is False
        assert (await http.get(summary)).json()["you_host"] is False
        foreign = await phone.get(summary, headers={"origin": "https://evil.example"})
        assert foreign.status_code == 200 and foreign.json()["you_host"] is False
        started = await phone.post(f"/api/games/{game_id}/start", json={})
        assert started.status_code == 200, started.text
        service = server.state.service

        # undo: asked by the phone for seat 0, refused by the guest
        await undoable(server, game_id, 0)
        asked = await phone.post(f"/api/games/{game_id}/undo?seat=0", json={})
        assert asked.status_code == 201, asked.text
        assert (await service.load(game_id, fresh=True)).table.undo_asked.seat == 0
        refused = await http.post(f"/api/games/{game_id}/undo/refuse", headers=bearer(guest))
        assert refused.status_code == 200, refused.text
        # the guest asks; the phone refuses once, then accepts, and the move is undone
        for answer in ("refuse", "accept"):
            await undoable(server, game_id, 1)
            moved = (await service.load(game_id, fresh=True)).version
            reply = await http.post(f"/api/games/{game_id}/undo", headers=bearer(guest))
            assert reply.status_code == 201, reply.text
            reply = await phone.post(f"/api/games/{game_id}/undo/{answer}?seat=0", json={})
            assert reply.status_code == 200, reply.text
        live = await service.load(game_id, fresh=True)
        assert live.table.undo_asked is None and live.table.state != live.table_at(moved).state
        assert live.events[-1].seat == 1  # `UndoDone` of the guest's move

        # the past and the log, read by the session exactly as by the seat's token
        for path, query in (("view", {"version": live.version - 3}), ("events", {})):
            url = f"/api/games/{game_id}/{path}"
            mine = await phone.get(url, params={**query, "seat": 0})
            theirs = await http.get(url, params=query, headers=bearer(token))
            assert mine.status_code == 200, mine.text
            assert mine.content == theirs.content

        # the seat's notice channels, reached by the session as by the token
        url = f"/api/games/{game_id}/channels"
        mine = await phone.get(url, params={"seat": 0})
        theirs = await http.get(url, headers=bearer(token))
        assert mine.status_code == 200, mine.text
        assert mine.json() == theirs.json()

        # a fork of the running game, the seat kept and the account's on every device
        at = live.version
        forked = await phone.post(f"/api/games/{game_id}/fork?seat=0", json={"version": at})
        assert forked.status_code == 201, forked.text
        assert forked.json()["seat"] == 0
        fork_id = forked.json()["game_id"]
        assert (fork_id, 0) in [(g["game_id"], g["seat"]) for g in await games(laptop)]
        # its other seat given to a bot by the forker's session, as its token would
        filled = await phone.post(f"/api/games/{fork_id}/fork/bots?seat=0", json={})
        assert filled.status_code == 200, filled.text
        assert filled.json()["seats"] == [1]

        # the seat handed to a bot, and taken back
        for bot, playing in ((True, "greedy"), (False, None)):
            reply = await phone.post(f"/api/games/{game_id}/seats/0/bot", json={"bot": bot})
            assert reply.status_code == 200, reply.text
            assert reply.json()["bot"] == playing


SEAT_ROUTES = [  # (method, path under the game, body): each acts for seat 0
    ("POST", "undo?seat=0", {}),
    ("POST", "undo/accept?seat=0", {}),
    ("POST", "undo/refuse?seat=0", {}),
    ("POST", "seats/0/bot", {"bot": True}),
    ("POST", "fork?seat=0", {"version": 1}),
    ("POST", "fork/bots?seat=0", {}),
    ("POST", "start?seat=0", {}),
    ("GET", "view?version=1&seat=0", None),
    ("GET", "events?seat=0", None),
    ("GET", "channels?seat=0", None),
]


async def tried(
    server: Running, game_id: str, cookie: str, origin: str | None
) -> list[tuple[str, int]]:
    """Each seat route, asked with only `cookie` from `origin` (None: no Origin): its answers."""
    headers = {"content-type": "application/json", "cookie": f"{COOKIE}={cookie}"}
    if origin is not None:
        headers["origin"] = origin
    answers = []
    async with httpx.AsyncClient(base_url=server.url, headers=headers) as http:
        for method, path, body in SEAT_ROUTES:
            reply = await http.request(method, f"/api/games/{game_id}/{path}", json=body)
            answers.append((path, reply.status_code))
    return answers


@ON_STORES
async def test_a_session_acts_for_no_seat_but_its_accounts_own(server: Running) -> None:
    async with devices(server) as (laptop, phone), browser(server) as bob:
        await signed_up(bob, server, f"Bob {uuid.uuid4().hex[:6]}")
        game_id, _, _ = await hosted_table(server, laptop)
        ann = phone.cookies[COOKIE]
        stored = await server.stored(game_id)
        refusals = [
            (bob.cookies[COOKIE], server.url, 403),  # another account's seat
            (ann[:-2] + ("AA" if not ann.endswith("AA") else "BB"), server.url, 401),  # forged
            (ann, "https://elsewhere.example", 403),  # another site's page
        ]
        for cookie, origin, status in refusals:
            answers = await tried(server, game_id, cookie, origin)
            assert answers == [(path, status) for _, path, _ in SEAT_ROUTES], origin
        # a script holding the cookie but no Origin: refused every change, and a read of a
        # seat it is not shown to hold
        answers = dict(await tried(server, game_id, ann, None))
        assert {answers[path] for method, path, _ in SEAT_ROUTES if method == "POST"} == {403}
        # the guest's seat at Ann's own table is not hers
        guest_seat = await phone.post(f"/api/games/{game_id}/undo?seat=1", json={})
        assert guest_seat.status_code == 403
        assert (await phone.post(f"/api/games/{game_id}/seats/1/bot", json={})).status_code == 403
        # Bob did not create the table: he does not start it as its host
        assert (await bob.post(f"/api/games/{game_id}/start", json={})).status_code == 401
        # signed out everywhere (from the laptop): the phone's session acts for nothing
        assert (await laptop.post("/api/account/signout/everywhere", json={})).status_code == 200
        answers = await tried(server, game_id, ann, server.url)
        assert answers == [(path, 401) for _, path, _ in SEAT_ROUTES]
        assert (await phone.post(f"/api/games/{game_id}/start", json={})).status_code == 401
        assert await server.stored(game_id) == stored
