"""State-changing HTTP requests are taken only as JSON and only from allowed pages
(`server.web.same_origin`): a page elsewhere cannot make its visitors' browsers create, join,
start or fork games."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import httpx
import pytest

from tests.server.conftest import Running, running

JSON = {"content-type": "application/json"}
CREATE = json.dumps({"game": "eiffel_mania", "seats": 3}).encode()


@pytest.fixture
async def raw(server: Running) -> AsyncIterator[httpx.AsyncClient]:
    """A bare client: it sends exactly the headers a test gives, as a browser's page would."""
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        yield http


async def snapshot(server: Running) -> tuple[list[str], list[str]]:
    """The stored games and the lobby's open tables."""
    opened = (await server.lobby.http.get("/api/games")).json()["open"]
    return sorted(await server.state.store.streams()), [g["game_id"] for g in opened]


async def test_a_create_not_sent_as_json_creates_nothing(
    server: Running, raw: httpx.AsyncClient
) -> None:
    before = await snapshot(server)
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None):
        headers = {} if kind is None else {"content-type": kind}
        reply = await raw.post("/api/games", content=CREATE, headers=headers)
        assert reply.status_code == 415, kind
        assert "application/json" in reply.json()["detail"]
    assert await snapshot(server) == before
    sent = await raw.post(
        "/api/games", content=CREATE, headers={"content-type": "Application/JSON; charset=utf-8"}
    )
    assert sent.status_code == 201


async def test_a_foreign_origin_creates_nothing(server: Running, raw: httpx.AsyncClient) -> None:
    before = await snapshot(server)
    foreign = {"content-type": "application/json", "origin": "https://elsewhere.example"}
    reply = await raw.post("/api/games", content=CREATE, headers=foreign)
    assert reply.status_code == 403 and "Origin" in reply.json()["detail"]
    assert await snapshot(server) == before
    own = server.url  # the page the server itself serves
    made = await raw.post(
        "/api/games", content=CREATE, headers={"content-type": "application/json", "origin": own}
    )
    assert made.status_code == 201


async def test_every_write_refuses_text_plain_and_foreign_origins(
    server: Running, raw: httpx.AsyncClient
) -> None:
    """Join, start, fork, a seat to a bot, undo: each is refused before it touches the game."""
    game_id, tokens = await server.seated_game(seats=3)
    bearer = {"authorization": f"Bearer {tokens[0]}"}
    writes = [
        ("/api/games", {}),
        (f"/api/games/{game_id}/seats", {"name": "Mallory"}),
        (f"/api/games/{game_id}/start", {}),
        (f"/api/games/{game_id}/fork", {"version": 1}),
        (f"/api/games/{game_id}/seats/0/bot", {"bot": True}),
        (f"/api/games/{game_id}/undo", {}),
        (f"/api/games/{game_id}/undo/accept", {}),
        (f"/api/games/{game_id}/undo/refuse", {}),
    ]
    before = await snapshot(server), await server.stored(game_id)
    for path, body in writes:
        text = {**bearer, "content-type": "text/plain"}
        plain = await raw.post(path, content=json.dumps(body).encode(), headers=text)
        assert plain.status_code == 415, path
        foreign = {**bearer, "origin": "http://evil.example"}
        assert (await raw.post(path, json=body, headers=foreign)).status_code == 403, path
    assert (await raw.post(f"/api/games/{game_id}/start", headers=bearer)).status_code == 415
    assert (await snapshot(server), await server.stored(game_id)) == before


async def test_the_allow_list_is_the_websockets() -> None:
    async with running(None, allowed_origins=("https://plateau.example",)) as server:
        post = server.lobby.http.post
        listed = {"origin": "https://plateau.example"}
        assert (await post("/api/games", content=CREATE, headers=listed)).status_code == 201
        own = {"origin": server.url}  # not listed: the list replaces the same-host rule
        assert (await post("/api/games", content=CREATE, headers=own)).status_code == 403
