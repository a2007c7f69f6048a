"""Seats that belong to a person (`server.web.account_seats`): a seat taken while signed in is
the account's, one held by this browser can be attached, "Your games" lists them awaiting the
account first, and the websocket takes the session for the account's seats, showing it
exactly what the seat's token shows, and refusing seats not its own."""

from __future__ import annotations

import json
from typing import Any

import httpx
from websockets.asyncio.client import connect

from server.accounts.sessions import COOKIE
from tests.server.conftest import ON_STORES, Running
from tests.server.passkey_device import SoftPasskey
from tests.server.test_accounts import browser, register, sign_in_answer

GAME = "bienvenue_a_bord"  # two seats, one moving at a time


async def signed_up(http: httpx.AsyncClient, server: Running, name: str) -> SoftPasskey:
    device = SoftPasskey()
    assert (await register(http, name, device, server.url)).status_code == 201
    return device


async def table(server: Running, http: httpx.AsyncClient | None) -> tuple[str, str, str]:
    """A started two-seat game: seat 0 taken by `http` (signed in or not), seat 1 by a guest;
    their tokens."""
    game_id = await server.lobby.create(GAME, 2)
    joiner = http or server.lobby.http
    mine = await joiner.post(f"/api/games/{game_id}/seats", json={"name": "Me"})
    assert mine.status_code == 201, mine.text
    _, theirs = await server.lobby.join(game_id, "Guest")
    await server.lobby.start(game_id, theirs)
    return game_id, mine.json()["token"], theirs


async def session(
    server: Running, hello: dict[str, Any], cookie: str | None, origin: str | None = None
) -> tuple[Any, list[dict[str, Any]]]:
    headers = {"origin": origin or server.url}
    if cookie:
        headers["cookie"] = f"{COOKIE}={cookie}"
    ws = await connect(server.ws, additional_headers=headers)
    await ws.send(json.dumps({"type": "hello", **hello}))
    first = [json.loads(await ws.recv())]
    if first[0]["type"] == "welcome":
        first.append(json.loads(await ws.recv()))
    return ws, first


async def games(http: httpx.AsyncClient) -> list[dict[str, Any]]:
    reply = await http.get("/api/account/games")
    assert reply.status_code == 200, reply.text
    listed: list[dict[str, Any]] = reply.json()
    return listed


@ON_STORES
async def test_a_seat_taken_signed_in_is_found_and_played_on_another_device(
    server: Running,
) -> None:
    async with browser(server) as laptop, browser(server) as phone:
        device = await signed_up(laptop, server, "Ann")
        game_id, token, theirs = await table(server, laptop)
        answer = await sign_in_answer(phone, device, server.url)
        assert (await phone.post("/api/account/signin", json=answer)).status_code == 200
        [listed] = await games(phone)
        assert (listed["game_id"], listed["seat"]) == (game_id, 0)
        cookie = phone.cookies[COOKIE]
        ws, (welcome, snap) = await session(server, {"game_id": game_id, "seat": 0}, cookie)
        assert welcome["seat"] == 0
        # the same as the seat's token is shown, nothing more
        by_token, (_, token_snap) = await session(
            server, {"game_id": game_id, "token": token}, None
        )
        assert snap == token_snap
        await by_token.close()
        if not snap["legal"]:  # the guest moves first: play its move
            other, (_, theirs_snap) = await session(
                server, {"game_id": game_id, "token": theirs}, None
            )
            await other.send(
                json.dumps(
                    {
                        "type": "command",
                        "id": "g1",
                        "seen_version": theirs_snap["version"],
                        "command": theirs_snap["legal"][0],
                    }
                )
            )
            await other.close()
            snap = await next_with_legal(ws)
        command = {
            "type": "command",
            "id": "a1",
            "seen_version": snap["version"],
            "command": snap["legal"][0],
        }
        await ws.send(json.dumps(command))
        assert await acked(ws, "a1")
        await ws.close()
    assert await server.stored(game_id) > snap["version"]


async def next_with_legal(ws: Any) -> dict[str, Any]:
    while True:
        frame = json.loads(await ws.recv())
        if frame["type"] in ("update", "snapshot") and frame.get("legal"):
            return dict(frame)


async def acked(ws: Any, command_id: str) -> bool:
    while True:
        frame = json.loads(await ws.recv())
        if frame.get("id") == command_id:
            return bool(frame["type"] == "ack")


async def test_a_seat_not_the_accounts_is_refused(embedded: Running) -> None:
    async with browser(embedded) as ann, browser(embedded) as bob:
        await signed_up(ann, embedded, "Ann")
        await signed_up(bob, embedded, "Bob")
        game_id, _, _ = await table(embedded, ann)
        for cookie, seat, reason in (
            (bob.cookies[COOKIE], 0, "forbidden"),  # another account's seat
            (ann.cookies[COOKIE], 1, "forbidden"),  # the guest's seat, at its own table
            (None, 0, "unauthorized"),  # nobody signed in
            (ann.cookies[COOKIE] + "x", 0, "unauthorized"),  # a forged session
        ):
            ws, (first,) = await session(embedded, {"game_id": game_id, "seat": seat}, cookie)
            assert (first["type"], first["reason"]) == ("error", reason), (seat, reason)
            await ws.close()
        assert await games(bob) == []


async def test_a_socket_from_another_origin_is_refused_with_the_cookie(embedded: Running) -> None:
    async with browser(embedded) as ann:
        await signed_up(ann, embedded, "Ann")
        game_id, _, _ = await table(embedded, ann)
        try:
            _ws, first = await session(
                embedded,
                {"game_id": game_id, "seat": 0},
                ann.cookies[COOKIE],
                "https://elsewhere.example",
            )
        except Exception as refused:  # the handshake is closed before any frame
            assert "1008" in str(refused) or "403" in str(refused)
        else:
            raise AssertionError(f"a foreign page's socket was let in: {first}")


async def test_signing_out_everywhere_ends_the_account_seat(embedded: Running) -> None:
    async with browser(embedded) as ann:
        await signed_up(ann, embedded, "Ann")
        game_id, _, _ = await table(embedded, ann)
        cookie = ann.cookies[COOKIE]
        assert (await ann.post("/api/account/signout/everywhere", json={})).status_code == 200
        ws, (first,) = await session(embedded, {"game_id": game_id, "seat": 0}, cookie)
        assert first["reason"] == "unauthorized"
        await ws.close()


async def test_a_seat_held_before_signing_in_is_attached_by_its_token(embedded: Running) -> None:
    async with browser(embedded) as http:
        game_id, token, theirs = await table(embedded, None)
        await signed_up(http, embedded, "Ann")
        assert await games(http) == []
        wrong = await http.post("/api/account/seats", json={"game_id": game_id, "token": "nope"})
        assert wrong.status_code == 401
        assert await games(http) == []
        attached = await http.post("/api/account/seats", json={"game_id": game_id, "token": token})
        assert attached.status_code == 201, attached.text
        assert [(g["game_id"], g["seat"]) for g in await games(http)] == [(game_id, 0)]
    async with httpx.AsyncClient(
        base_url=embedded.url, headers={"content-type": "application/json"}
    ) as script:
        # a token alone, without a session, attaches to nobody
        assert (
            await script.post("/api/account/seats", json={"game_id": game_id, "token": theirs})
        ).status_code == 403


async def test_your_games_lists_the_games_awaiting_you_first(embedded: Running) -> None:
    async with browser(embedded) as http:
        await signed_up(http, embedded, "Ann")
        played = []
        for _ in range(3):
            game_id, _, _ = await table(embedded, http)
            played.append(game_id)
        listed = await games(http)
        assert sorted(g["game_id"] for g in listed) == sorted(played)
        flags = [g["awaiting_me"] for g in listed]
        assert flags == sorted(flags, reverse=True)  # every game awaiting Ann comes first
        for game in listed:
            assert game["awaiting_me"] == (0 in game["awaiting"])
        unseated = (await http.post("/api/account/signout", json={})).status_code
        assert unseated == 200
        assert (await http.get("/api/account/games")).status_code == 401


async def test_a_guest_joins_as_before(embedded: Running) -> None:
    # no cookie, no account: the join answers its token, and no account stream is written
    game_id, token, _ = await table(embedded, None)
    assert token
    found = embedded.state.store.db.execute("SELECT DISTINCT stream FROM events").fetchall()
    assert found == [(game_id,)]


async def test_a_seat_is_one_accounts_even_with_its_token(embedded: Running) -> None:
    async with browser(embedded) as ann, browser(embedded) as bob:
        await signed_up(ann, embedded, "Ann")
        await signed_up(bob, embedded, "Bob")
        game_id, token, _ = await table(embedded, ann)
        # Ann's token, on a browser Bob signs in on afterwards: the seat stays Ann's
        taken = await bob.post("/api/account/seats", json={"game_id": game_id, "token": token})
        assert taken.status_code == 403
        assert await games(bob) == []
        again = await ann.post("/api/account/seats", json={"game_id": game_id, "token": token})
        assert again.status_code == 201 and again.json()["seats"] == [[game_id, 0]]
