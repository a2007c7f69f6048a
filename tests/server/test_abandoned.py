"""A game being played that nobody is connected to and nobody moved for a day (configurable)
is listed as abandoned, on both stores; a player connecting makes it live again. Summaries
say which seats are awaited."""

from __future__ import annotations

import time
from typing import Any

from server.live.lobby import REFRESH_SECONDS, Listing
from tests.server.conftest import Running, running


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def kinds(lists: dict[str, list[dict[str, Any]]], game_id: str) -> list[str]:
    return [kind for kind, items in lists.items() if any(i["game_id"] == game_id for i in items)]


async def test_a_live_game_nobody_moved_for_a_day_is_abandoned(server: Running) -> None:
    game_id, tokens = await server.seated_game("vertigo", 2)
    open_id = await server.lobby.create("vertigo", 2)
    monotonic, wall = Clock(1000.0), Clock(time.time())
    listing = Listing(server.state.service, server.state.hub, monotonic, 3600.0, wall)
    assert kinds(await listing.lists(), game_id) == ["live"]
    wall.now += 3599
    assert kinds(await listing.lists(), game_id) == ["live"]  # not yet the threshold
    wall.now += 2
    lists = await listing.lists()
    assert kinds(lists, game_id) == ["abandoned"]
    assert kinds(lists, open_id) == ["open"]  # a table not started is never abandoned
    client = await server.client(game_id, tokens[1])
    try:
        monotonic.now += REFRESH_SECONDS  # who is connected is asked again
        assert kinds(await listing.lists(), game_id) == ["live"]
    finally:
        await client.close()


async def test_the_threshold_is_a_setting() -> None:
    async with running(None, abandoned_after_s=0.0) as server:
        game_id, _ = await server.seated_game("vertigo", 2)
        reply = await server.lobby.http.get("/api/games")
        assert kinds(reply.json(), game_id) == ["abandoned"]
    async with running(None) as server:
        game_id, _ = await server.seated_game("vertigo", 2)
        reply = await server.lobby.http.get("/api/games")
        assert kinds(reply.json(), game_id) == ["live"]


async def test_summaries_say_which_seats_are_awaited(server: Running) -> None:
    """What a browser sorts its games by: the seats with something to do now."""
    game_id, _ = await server.seated_game("vertigo", 2)
    live = await server.state.service.load(game_id, fresh=True)
    expected = [s for s in range(2) if live.game.legal(live.table.state, s)]
    assert len(expected) == 1  # Vertigo's set-up: one country at a time
    summary = (await server.lobby.http.get(f"/api/games/{game_id}")).json()
    assert summary["awaiting"] == expected
    open_id = await server.lobby.create("vertigo", 2)
    assert (await server.lobby.http.get(f"/api/games/{open_id}")).json()["awaiting"] == []
