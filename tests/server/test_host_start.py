"""Who starts a table: its creator, with the host token the create answered, whenever enough
players sit; a seated player only once every seat is taken. A stranger who takes a free seat
cannot start a table made for others."""

from __future__ import annotations

import uuid

import httpx

from tests.server.conftest import Running

FOUR = {"game": "eiffel_mania", "seats": 4}


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


async def test_a_strangers_seat_cannot_start_a_table_made_for_others(server: Running) -> None:
    http = server.lobby.http
    made = (await http.post("/api/games", json=FOUR)).json()
    game_id, host = made["game_id"], made["host_token"]
    joined = [
        (await http.post(f"/api/games/{game_id}/seats", json={"name": n})).json()
        for n in ("Ada", "Bob", "Mallory")
    ]
    stored = await server.stored(game_id)
    for seat in joined:  # three of four seats, enough to play: no seat may start it
        refused = await http.post(f"/api/games/{game_id}/start", headers=bearer(seat["token"]))
        assert refused.status_code == 403, refused.text
        assert "only the table's creator" in refused.json()["detail"]
    assert await server.stored(game_id) == stored
    summary = (await http.get(f"/api/games/{game_id}")).json()
    assert summary["hosted"] and not summary["started"]
    started = await http.post(f"/api/games/{game_id}/start", headers=bearer(host))
    assert started.status_code == 200
    assert (await http.get(f"/api/games/{game_id}")).json()["seats"] == 3


async def test_once_every_seat_is_taken_any_seat_starts(server: Running) -> None:
    http = server.lobby.http
    game_id = (await http.post("/api/games", json=FOUR)).json()["game_id"]
    tokens = [
        (await http.post(f"/api/games/{game_id}/seats", json={"name": f"p{n}"})).json()["token"]
        for n in range(4)
    ]
    assert (await http.post(f"/api/games/{game_id}/start", headers=bearer(tokens[3]))).is_success


async def test_a_host_token_starts_only_its_own_table_and_never_leaves_the_server(
    server: Running,
) -> None:
    http = server.lobby.http
    first = (await http.post("/api/games", json=FOUR)).json()
    second = (await http.post("/api/games", json=FOUR)).json()
    for game in (first, second):
        for n in range(3):
            await http.post(f"/api/games/{game['game_id']}/seats", json={"name": f"p{n}"})
    other = await http.post(
        f"/api/games/{second['game_id']}/start", headers=bearer(first["host_token"])
    )
    assert other.status_code == 401
    watcher = await server.client(first["game_id"])  # what anyone is shown
    shown = str(watcher.log) + str(watcher.view)
    assert "table_opened" in shown
    await watcher.close()
    exported = (await http.get(f"/api/games/{first['game_id']}/events")).text
    record = (await server.state.store.read(first["game_id"]))[0].data.decode()
    assert '"host_hash":"' in record and first["host_token"] not in record  # only its hash
    stored_hash = record.split('"host_hash":"')[1].split('"')[0]
    assert stored_hash and stored_hash not in exported and stored_hash not in shown


async def test_a_table_stored_without_a_host_starts_by_any_seat_as_before(
    server: Running,
) -> None:
    """Tables opened before host tokens (or by the server itself) keep the old rule."""
    service = server.state.service
    game_id = await service.create(b'{"game": "eiffel_mania", "seats": 4}')
    tokens = [(await server.lobby.join(game_id, f"p{n}"))[1] for n in range(3)]
    assert not (await server.lobby.summary(game_id))["hosted"]  # the browser enables its Start
    started = await server.lobby.http.post(f"/api/games/{game_id}/start", headers=bearer(tokens[2]))
    assert started.status_code == 200


async def test_a_retried_create_answers_the_same_host_token(server: Running) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        headers = {"idempotency-key": str(uuid.uuid4())}
        answers = [(await http.post("/api/games", json=FOUR, headers=headers)).json() for _ in "ab"]
    assert answers[0] == answers[1] and answers[0]["host_token"]
    game_id, host = answers[0]["game_id"], answers[0]["host_token"]
    for n in range(3):
        await server.lobby.join(game_id, f"p{n}")
    reply = await server.lobby.http.post(f"/api/games/{game_id}/start", headers=bearer(host))
    assert reply.status_code == 200
