"""The HTTP API: the table lifecycle, listings, export, time travel, health and metrics."""

from __future__ import annotations

import json

from tests.server.conftest import Running


async def test_create_join_start_and_list(server: Running) -> None:
    http = server.lobby.http
    reply = await http.post("/api/games", json={"game": "eiffel_mania", "seats": 4, "options": {}})
    assert reply.status_code == 201
    game_id = reply.json()["game_id"]
    joined = [
        (await http.post(f"/api/games/{game_id}/seats", json={"name": n})).json() for n in "ABC"
    ]
    assert [j["seat"] for j in joined] == [0, 1, 2]
    listed = (await http.get("/api/games")).json()
    assert game_id in [g["game_id"] for g in listed["open"]]
    host = reply.json()["host_token"]  # three of four seats: only the creator starts it
    start = await http.post(
        f"/api/games/{game_id}/start", headers={"authorization": f"Bearer {host}"}
    )
    assert start.status_code == 200
    summary = (await http.get(f"/api/games/{game_id}")).json()
    assert summary["started"] and summary["seats"] == 3 and summary["names"] == ["A", "B", "C"]
    assert game_id in [g["game_id"] for g in (await http.get("/api/games")).json()["live"]]


async def test_refusals_are_clear_and_write_nothing(server: Running) -> None:
    http = server.lobby.http
    cases = [
        ({"game": "chess", "seats": 2}, 400, "unknown game"),
        ({"game": "eiffel_mania", "seats": 9}, 400, "3 to 4 players"),
        ({"game": "eiffel_mania", "seats": "four"}, 400, "Expected `int`"),
        ({"game": "eiffel_mania", "seats": 4, "options": {"nope": 1}}, 400, "options"),
        ({"seats": 4}, 400, "missing required field `game`"),
        ({"game": "18zoo", "seats": 3, "options": {"imported": True}}, 400, "import-18xx"),
    ]
    before = len(await server.state.store.streams())
    for body, status, words in cases:
        reply = await http.post("/api/games", json=body)
        assert reply.status_code == status, body
        assert reply.json()["error"] == "bad_request"
        assert words in reply.json()["detail"], reply.json()
    assert (await http.post("/api/games", content=b"{not json")).status_code == 400
    assert (await http.post("/api/games", content=b"x" * 70_000)).status_code == 413
    assert len(await server.state.store.streams()) == before


async def test_seats_and_start_are_guarded(server: Running) -> None:
    http = server.lobby.http
    game_id, _tokens = await server.seated_game(seats=3, start=False)
    version = await server.stored(game_id)
    full = await http.post(f"/api/games/{game_id}/seats", json={"name": "late"})
    assert full.status_code == 403 and "every seat is taken" in full.json()["detail"]
    assert (await http.post(f"/api/games/{game_id}/seats", json={"name": ""})).status_code == 400
    nobody = await http.post(f"/api/games/{game_id}/start")
    assert nobody.status_code == 401
    wrong = await http.post(
        f"/api/games/{game_id}/start", headers={"authorization": "Bearer not-a-token"}
    )
    assert wrong.status_code == 401
    _other_id, other_tokens = await server.seated_game(seats=3, start=False)
    cross = await http.post(
        f"/api/games/{game_id}/start", headers={"authorization": f"Bearer {other_tokens[0]}"}
    )
    assert cross.status_code == 401
    assert await server.stored(game_id) == version
    assert (await http.get("/api/games/nope")).status_code == 404


async def test_start_needs_the_minimum_of_players(server: Running) -> None:
    http = server.lobby.http
    game_id = await server.lobby.create("eiffel_mania", 4)
    _, token = await server.lobby.join(game_id, "solo")
    reply = await http.post(
        f"/api/games/{game_id}/start", headers={"authorization": f"Bearer {token}"}
    )
    assert reply.status_code == 403 and "at least 3 players" in reply.json()["detail"]


async def test_export_is_redacted_for_the_asker(server: Running) -> None:
    http = server.lobby.http
    game_id, tokens = await server.seated_game()
    spectator = [
        json.loads(line)
        for line in (await http.get(f"/api/games/{game_id}/events")).text.splitlines()
    ]
    seat0 = [
        json.loads(line)
        for line in (
            await http.get(
                f"/api/games/{game_id}/events", headers={"authorization": f"Bearer {tokens[0]}"}
            )
        ).text.splitlines()
    ]
    assert [e["version"] for e in spectator] == list(range(1, len(spectator) + 1))
    shuffled = [e["event"] for e in spectator if e["event"]["type"] == "pile_shuffled"]
    assert shuffled and all(card is None for card in shuffled[0]["cards"])
    assert all(e["event"].get("token_hash", "") == "" for e in spectator + seat0)
    stored = await server.state.store.read(game_id)
    assert any(b'"token_hash":"' in r.data and b'"token_hash":""' not in r.data for r in stored)


async def test_view_at_a_version_is_time_travel(server: Running) -> None:
    http = server.lobby.http
    game_id, _ = await server.seated_game()
    now = (await http.get(f"/api/games/{game_id}/view")).json()
    assert now["view"]["table"]["started"]
    before_start = (await http.get(f"/api/games/{game_id}/view", params={"version": 3})).json()
    assert before_start["version"] == 3
    assert before_start["view"]["table"]["names"] == ["p0", "p1"]
    assert before_start["view"]["game"] is None
    for bad in ("x", "²", "0", "-1", str(10**6)):
        refused = await http.get(f"/api/games/{game_id}/view", params={"version": bad})
        assert refused.status_code == 400, bad
        assert "version must be a whole number from 1 to" in refused.json()["detail"]


async def test_health_and_metrics(server: Running) -> None:
    http = server.lobby.http
    health = await http.get("/healthz")
    assert health.status_code == 200 and health.json()["status"] == "ok"
    await server.lobby.create("eiffel_mania", 3)
    text = (await http.get("/metrics")).text
    assert "plateau_games_created_total 1" in text
    assert "plateau_connections 0.0" in text


async def test_game_types_lists_every_game(server: Running) -> None:
    types = {t["name"]: t for t in (await server.lobby.http.get("/api/games/types")).json()}
    assert types["eiffel_mania"]["min_seats"] == 3 and types["eiffel_mania"]["max_seats"] == 4


async def test_the_cache_forgets_unwatched_games_and_rebuilds_them(server: Running) -> None:
    service = server.state.service
    service.max_cached = 2
    watched_id, tokens = await server.seated_game()
    watcher = await server.client(watched_id, tokens[0])
    ids = [await server.lobby.create("eiffel_mania", 3) for _ in range(3)]
    for game_id in ids:
        await service.load(game_id)
    assert watched_id in service.games  # pinned while a socket watches it
    assert len(service.games) == 2
    forgotten = next(g for g in ids if g not in service.games)
    summary = (await server.lobby.http.get(f"/api/games/{forgotten}")).json()
    assert summary["game_id"] == forgotten and summary["version"] == 1
    await watcher.close()


async def test_presence_is_shared_by_processes_on_one_redis(redis_url: str) -> None:
    import asyncio

    from tests.server.conftest import running

    async with running(redis_url) as first, running(redis_url) as second:
        game_id, tokens = await first.seated_game()

        async def online_at_second() -> list[int]:
            reply = await second.lobby.http.get(f"/api/games/{game_id}")
            connected: list[int] = reply.json()["connected"]
            return connected

        async def online_becomes(seats: list[int]) -> None:
            for _ in range(100):  # a beat is sent as a socket attaches or detaches, not before
                if await online_at_second() == seats:
                    return  # its welcome can arrive first
                await asyncio.sleep(0.02)
            assert await online_at_second() == seats

        assert await online_at_second() == []
        seat = await first.client(game_id, tokens[2])
        await online_becomes([2])
        await seat.close()
        await online_becomes([])


async def test_the_lobby_says_how_many_moves_and_when_the_last_was(server: Running) -> None:
    import time
    from datetime import datetime

    http = server.lobby.http
    game_id, tokens = await server.seated_game("eiffel_mania", 4, start=False)
    assert (await http.get(f"/api/games/{game_id}")).json()["last_move_at"] is None
    await server.lobby.start(game_id, tokens[0])  # the deal: when, but not a move
    summary = (await http.get(f"/api/games/{game_id}")).json()
    assert abs(datetime.fromisoformat(summary["last_move_at"]).timestamp() - time.time()) < 60
    assert summary["moves"] == 0
    clients = [await server.client(game_id, token) for token in tokens]
    for _ in range(3):  # three commands, each of one seat or another
        mover = next(c for c in clients if c.legal)
        reply = await mover.command(mover.legal[0], seen_version=mover.version)
        assert reply["type"] == "ack"
        for client in clients:
            await client.wait_version(reply["version"])
    await server.state.service.chat(game_id, 0, "not a move")
    assert (await http.get(f"/api/games/{game_id}")).json()["moves"] == 3
    for client in clients:
        await client.close()
