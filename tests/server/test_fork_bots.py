"""A fork made alone is played with bots: `POST /api/games/{fork}/fork/bots` (issue 44, item 5).

Its forker gives every free seat to a server bot, starts the fork and plays it against them;
nobody else may (a stranger seated at the fork, no token, a game that is not a fork, a fork
already started), and each refusal writes nothing."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from tests.server.conftest import Running
from tests.server.test_forks import bearer, fork, play

NAME, SEATS = "vertigo", 3


async def fill(
    server: Running, game_id: str, token: str | None, body: object = None
) -> tuple[int, dict[str, Any]]:
    reply = await server.lobby.http.post(
        f"/api/games/{game_id}/fork/bots", json={} if body is None else body, headers=bearer(token)
    )
    return reply.status_code, reply.json()


async def test_the_forker_gives_the_free_seats_to_bots_and_plays_them(server: Running) -> None:
    game_id, tokens = await server.seated_game(NAME, SEATS)
    past = await play(server, game_id, 3, random.Random(3))
    status, forked = await fork(server, game_id, past, tokens[1])
    assert status == 201, forked
    fork_id, token = forked["game_id"], forked["token"]

    status, reply = await fill(server, fork_id, token, {"level": "random"})
    assert status == 200, reply
    assert reply["seats"] == [0, 2]
    summary = await server.lobby.summary(fork_id)
    assert summary["bots"] == ["random", None, "random"]
    assert summary["names"][1] == "p1" and all(summary["names"])
    assert summary["forked_from"]["forker"] == 1

    again = await fill(server, fork_id, token)  # nothing left to give: nothing written
    assert again == (200, {"seats": [], "version": reply["version"]})

    await server.lobby.start(fork_id, token)
    live = await server.state.service.load(fork_id, fresh=True)
    assert live.table.started
    # the bots play their seats until the forker is awaited (or the fork ends)
    for _ in range(200):
        live = await server.state.service.load(fork_id, fresh=True)
        if live.over or live.game.legal(live.table.state, 1):
            break
        await asyncio.sleep(0.05)
    assert live.over or live.game.legal(live.table.state, 1)


async def test_nobody_but_the_forker_fills_a_fork_and_nothing_is_written(server: Running) -> None:
    game_id, tokens = await server.seated_game(NAME, SEATS)
    past = await play(server, game_id, 3, random.Random(4))
    _, forked = await fork(server, game_id, past, tokens[0])
    fork_id = forked["game_id"]
    _, stranger = await server.lobby.join(fork_id, "Mallory")
    before = await server.stored(fork_id)

    assert (await fill(server, fork_id, None))[0] == 401
    assert (await fill(server, fork_id, "not-a-token"))[0] == 401
    status, reply = await fill(server, fork_id, stranger)
    assert status == 403 and "forker" in reply["detail"]
    assert (await fill(server, fork_id, forked["token"], {"level": "clever"}))[0] == 400
    assert (await fill(server, fork_id, forked["token"], {"extra": 1}))[0] == 400
    assert (await fill(server, game_id, tokens[0]))[0] == 400  # not a fork
    assert await server.stored(fork_id) == before

    await fill(server, fork_id, forked["token"])
    await server.lobby.start(fork_id, forked["token"])
    status, reply = await fill(server, fork_id, forked["token"])
    assert status == 403 and "started" in reply["detail"]
