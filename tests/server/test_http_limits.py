"""Per-address HTTP limits (`server.web.http_limits`): past each bound a create, join or fork is
refused with 429 and Retry-After before it does anything, and admitted again once that time
has passed (or, for the caps, once a table held open starts)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from server.web.http_limits import SWEEP_AT, Holdings, HttpLimits, Pace
from tests.server.conftest import UNLIMITED, Running, running

THREE = {"game": "eiffel_mania", "seats": 3}
ELSEWHERE = {"x-forwarded-for": "203.0.113.7"}  # uvicorn trusts it from 127.0.0.1


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=["sqlite", "redis"])
def store_url(request: pytest.FixtureRequest) -> str | None:
    return request.getfixturevalue("redis_url") if request.param == "redis" else None


@contextlib.asynccontextmanager
async def limited(store_url: str | None, clock: Clock, **limits: Any) -> AsyncIterator[Running]:
    """A server with `limits` (the others lifted), read on a clock the test moves."""
    async with running(store_url, **{**UNLIMITED, **limits}) as server:
        state = server.state
        state.limits = HttpLimits(state.settings, state.service, clock)
        yield server


def refused(reply: httpx.Response, retry_after: int) -> bool:
    return (
        reply.status_code == 429
        and reply.json()["error"] == "rate_limited"
        and reply.headers["retry-after"] == str(retry_after)
    )


async def create(server: Running, **headers: Any) -> httpx.Response:
    return await server.lobby.http.post("/api/games", json=THREE, headers=headers)


async def join(
    server: Running, game_id: str, name: str, headers: dict[str, str] | None = None
) -> httpx.Response:
    url = f"/api/games/{game_id}/seats"
    return await server.lobby.http.post(url, json={"name": name}, headers=headers)


async def test_creates_past_the_pace_wait_a_minute(store_url: str | None, clock: Clock) -> None:
    async with limited(store_url, clock, creates_per_minute=3) as server:
        for _ in range(3):
            assert (await create(server)).status_code == 201
            clock.now += 10
        games = await server.state.store.streams()
        assert refused(await create(server), 60 - 30)  # the first of the three leaves then
        assert await server.state.store.streams() == games
        assert (await create(server, **ELSEWHERE)).status_code == 201  # another address
        clock.now += 29
        assert refused(await create(server), 1)
        clock.now += 1
        assert (await create(server)).status_code == 201


async def test_joins_past_the_pace_wait(store_url: str | None, clock: Clock) -> None:
    async with limited(store_url, clock, joins_per_minute=2) as server:
        game_id = (await create(server)).json()["game_id"]
        assert (await join(server, game_id, "Ada")).status_code == 201
        assert (await join(server, game_id, "Bob")).status_code == 201
        stored = await server.stored(game_id)
        assert refused(await join(server, game_id, "Cy"), 60)
        assert await server.stored(game_id) == stored
        clock.now += 60
        assert (await join(server, game_id, "Cy")).status_code == 201


async def test_forks_past_the_pace_wait(store_url: str | None, clock: Clock) -> None:
    async with limited(store_url, clock, forks_per_minute=2) as server:
        game_id, tokens = await server.seated_game("eiffel_mania", 3)
        version = (await server.state.service.load(game_id, fresh=True)).version
        url, bearer = f"/api/games/{game_id}/fork", {"authorization": f"Bearer {tokens[0]}"}

        async def fork() -> httpx.Response:
            return await server.lobby.http.post(url, json={"version": version}, headers=bearer)

        assert [(await fork()).status_code for _ in range(2)] == [201, 201]
        games = await server.state.store.streams()
        assert refused(await fork(), 60)
        assert await server.state.store.streams() == games
        clock.now += 60
        assert (await fork()).status_code == 201


async def test_open_tables_are_capped_until_one_starts_or_expires(
    store_url: str | None, clock: Clock
) -> None:
    async with limited(store_url, clock, max_open_tables_per_address=2, held_for_s=600) as server:
        first, second = [(await create(server)).json() for _ in range(2)]
        games = await server.state.store.streams()
        assert refused(await create(server), 60)
        assert await server.state.store.streams() == games
        for name in ("Ada", "Bob", "Cy"):
            await join(server, first["game_id"], name)
        start = await server.lobby.http.post(
            f"/api/games/{first['game_id']}/start",
            headers={"authorization": f"Bearer {first['host_token']}"},
        )
        assert start.status_code == 200  # started: no longer held open
        assert (await create(server)).status_code == 201
        clock.now += 599
        assert refused(await create(server), 1)  # the second expires in a second
        clock.now += 1
        assert (await create(server)).status_code == 201
        assert second["game_id"] in await server.state.store.streams()


async def test_held_seats_are_capped_until_their_table_starts(
    store_url: str | None, clock: Clock
) -> None:
    async with limited(store_url, clock, max_held_seats_per_address=2) as server:
        first, second = [(await create(server)).json() for _ in range(2)]
        assert (await join(server, first["game_id"], "Ada")).status_code == 201
        assert (await join(server, second["game_id"], "Ada")).status_code == 201
        stored = await server.stored(first["game_id"])
        assert refused(await join(server, first["game_id"], "Bob"), 60)
        assert await server.stored(first["game_id"]) == stored
        assert (await join(server, first["game_id"], "Bob", ELSEWHERE)).status_code == 201
        for n, name in enumerate(("Bob", "Cy")):
            other = {"x-forwarded-for": f"198.51.100.{n}"}
            assert (await join(server, second["game_id"], name, other)).status_code == 201
        start = await server.lobby.http.post(
            f"/api/games/{second['game_id']}/start",
            headers={"authorization": f"Bearer {second['host_token']}"},
        )
        assert start.status_code == 200  # Ada's seat there is no longer held at a table not started
        assert (await join(server, first["game_id"], "Cy")).status_code == 201


async def test_the_defaults_let_a_person_create_join_start_and_fork(server: Running) -> None:
    """At the default limits, a person's afternoon: a dozen tables made, joined and started in
    a minute, and forks of one of them."""
    for _ in range(12):
        game_id, tokens = await server.seated_game("eiffel_mania", 3)
    version = (await server.state.service.load(game_id, fresh=True)).version
    bearer = {"authorization": f"Bearer {tokens[0]}"}
    for _ in range(5):
        reply = await server.lobby.http.post(
            f"/api/games/{game_id}/fork", json={"version": version}, headers=bearer
        )
        assert reply.status_code == 201, reply.text


def test_addresses_gone_quiet_are_forgotten(clock: Clock) -> None:
    """Memory: a pace and a cap remember an address only while it counts."""
    pace, held = Pace("creates", 5, clock), Holdings("open tables", 5, held_for_s=600)
    for n in range(SWEEP_AT):
        pace.take(f"10.0.{n // 256}.{n % 256}")
        held.add(f"10.0.{n // 256}.{n % 256}", f"game{n}", clock.now)
    clock.now += 600
    pace.take("192.0.2.1")
    held.add("192.0.2.1", "game", clock.now)
    assert list(pace.times) == ["192.0.2.1"] and list(held.held) == ["192.0.2.1"]
