"""`Idempotency-Key` on create and join: a retry returns the first answer and creates nothing
twice, on both stores and across two servers on one Redis; bad keys and a key reused with
another request are refused, writing nothing."""

from __future__ import annotations

import asyncio
import uuid

from tests.server.conftest import Running, running

CREATE = {"game": "eiffel_mania", "seats": 3}


def key() -> dict[str, str]:
    return {"idempotency-key": str(uuid.uuid4())}


async def test_a_retried_create_returns_the_first_game(server: Running) -> None:
    http, headers = server.lobby.http, key()
    before = len(await server.state.store.streams())
    replies = [await http.post("/api/games", json=CREATE, headers=headers) for _ in range(3)]
    assert {r.status_code for r in replies} == {201}
    assert len({r.json()["game_id"] for r in replies}) == 1
    assert len(await server.state.store.streams()) == before + 1
    other = await http.post("/api/games", json=CREATE, headers=key())
    assert other.json()["game_id"] != replies[0].json()["game_id"]


async def test_retries_at_once_create_one_game(server: Running) -> None:
    http, headers = server.lobby.http, key()
    before = len(await server.state.store.streams())
    replies = await asyncio.gather(
        *(http.post("/api/games", json=CREATE, headers=headers) for _ in range(8))
    )
    assert len({r.json()["game_id"] for r in replies}) == 1
    assert len(await server.state.store.streams()) == before + 1


async def test_a_retried_join_returns_the_first_seat_and_token(server: Running) -> None:
    http = server.lobby.http
    game_id = await server.lobby.create("eiffel_mania", 3)
    url, headers = f"/api/games/{game_id}/seats", key()
    replies = await asyncio.gather(
        *(http.post(url, json={"name": "Ada"}, headers=headers) for _ in range(4))
    )
    replies.append(await http.post(url, json={"name": "Ada"}, headers=headers))
    assert {r.status_code for r in replies} == {201}
    assert len({(r.json()["seat"], r.json()["token"]) for r in replies}) == 1
    assert (await http.get(f"/api/games/{game_id}")).json()["names"] == ["Ada"]
    bob = await http.post(url, json={"name": "Bob"}, headers=key())
    assert bob.json()["seat"] == 1
    token = replies[0].json()["token"]
    started = await http.post(
        f"/api/games/{game_id}/start", headers={"authorization": f"Bearer {token}"}
    )
    assert started.status_code == 403  # the token is the seat's: 2 players are too few
    assert "needs at least 3" in started.json()["detail"]


async def test_a_join_key_no_longer_answers_once_the_game_has_started(server: Running) -> None:
    """A retry comes at once; after the start, the key would only hand its seat's token to
    whoever guessed it."""
    http = server.lobby.http
    game_id = await server.lobby.create("rock_paper_scissors", 2)
    url, headers = f"/api/games/{game_id}/seats", key()
    first = await http.post(url, json={"name": "Ada"}, headers=headers)
    await http.post(url, json={"name": "Bob"})
    token = first.json()["token"]
    await http.post(f"/api/games/{game_id}/start", headers={"authorization": f"Bearer {token}"})
    again = await http.post(url, json={"name": "Ada"}, headers=headers)
    assert again.status_code == 403
    assert token not in again.text


async def test_bad_keys_and_reused_keys_are_refused_and_write_nothing(server: Running) -> None:
    http = server.lobby.http
    game_id = await server.lobby.create("eiffel_mania", 3)
    streams, stored = len(await server.state.store.streams()), await server.stored(game_id)
    for bad in ["short", "x" * 129, "has a space in it ok", "tab\there-and-more-chars"]:
        headers = {"idempotency-key": bad}
        made = await http.post("/api/games", json=CREATE, headers=headers)
        assert made.status_code == 400 and "Idempotency-Key" in made.json()["detail"]
        joined = await http.post(f"/api/games/{game_id}/seats", json={"name": "A"}, headers=headers)
        assert joined.status_code == 400
    headers = key()
    bad_game = await http.post("/api/games", json={"game": "chess", "seats": 2}, headers=headers)
    assert bad_game.status_code == 400
    streams += 1  # the key is free still: its first good request creates
    assert (await http.post("/api/games", json=CREATE, headers=headers)).status_code == 201
    other = await http.post("/api/games", json={**CREATE, "seats": 4}, headers=headers)
    assert other.status_code == 400 and "another request" in other.json()["detail"]
    join_headers = key()
    url = f"/api/games/{game_id}/seats"
    assert (await http.post(url, json={"name": "Ada"}, headers=join_headers)).status_code == 201
    stored += 1
    renamed = await http.post(url, json={"name": "Eve"}, headers=join_headers)
    assert renamed.status_code == 400 and "another request" in renamed.json()["detail"]
    assert len(await server.state.store.streams()) == streams
    assert await server.stored(game_id) == stored


async def test_a_retry_served_by_another_process_returns_the_first_answer(redis_url: str) -> None:
    async with running(redis_url) as one, running(redis_url) as two:
        headers = key()
        first = await one.lobby.http.post("/api/games", json=CREATE, headers=headers)
        second = await two.lobby.http.post("/api/games", json=CREATE, headers=headers)
        assert first.json() == second.json()
        game_id = first.json()["game_id"]
        url, join_headers = f"/api/games/{game_id}/seats", key()
        a = await one.lobby.http.post(url, json={"name": "Ada"}, headers=join_headers)
        b = await two.lobby.http.post(url, json={"name": "Ada"}, headers=join_headers)
        assert a.json() == b.json()
        summary = (await two.lobby.http.get(f"/api/games/{game_id}")).json()
        assert summary["names"] == ["Ada"]
