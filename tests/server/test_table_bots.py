"""Bots in seats, played by the server: taken at creation, handed over and taken back with the
seat's token, playing with nobody connected, refusing bad input with nothing written."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from domain.table import SeatClaimed
from projections.codec import decoder, encode
from tests.server.conftest import Running, running


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


async def until_over(http: httpx.AsyncClient, game_id: str, most: int = 2000) -> dict[str, Any]:
    """The game's summary once it is over (polled: the bots play on the server's own time)."""
    for _ in range(most):
        shown: dict[str, Any] = (await http.get(f"/api/games/{game_id}")).json()
        if shown["over"]:
            return shown
        await asyncio.sleep(0.05)
    raise AssertionError(f"{game_id} never ended: {shown}")


async def bot_table(server: Running, game: str, seats: int, bots: list[int], **more: Any) -> str:
    reply = await server.lobby.http.post(
        "/api/games", json={"game": game, "seats": seats, "bots": bots, **more}
    )
    assert reply.status_code == 201, reply.json()
    game_id: str = reply.json()["game_id"]
    return game_id


async def test_a_table_of_bots_plays_to_its_end_with_nobody_connected(server: Running) -> None:
    http = server.lobby.http
    game_id = await bot_table(server, "eiffel_mania", 3, [1, 2])
    shown = (await http.get(f"/api/games/{game_id}")).json()
    assert shown["bots"] == [None, "greedy", "greedy"]
    assert shown["names"] == ["", "Bot 2 (greedy)", "Bot 3 (greedy)"]
    seat, token = await server.lobby.join(game_id, "Ada")
    assert seat == 0
    refused = await http.post(f"/api/games/{game_id}/seats", json={"name": "Bob"})
    assert refused.status_code == 403  # the bots hold the other seats
    await server.lobby.start(game_id, token)
    handed = await http.post(f"/api/games/{game_id}/seats/0/bot", headers=bearer(token))
    assert handed.status_code == 200, handed.json()
    assert handed.json()["bot"] == "greedy"
    over = await until_over(http, game_id)
    assert over["moves"] > 3
    stored = await server.state.store.read(game_id)
    bot_ids = [r.command_id for r in stored if r.command_id.startswith("bot-")]
    assert len(bot_ids) == len(set(bot_ids)) == over["moves"]  # each turn played once


async def test_a_bot_plays_its_turns_between_a_players_moves(server: Running) -> None:
    http = server.lobby.http
    game_id = await bot_table(server, "rock_paper_scissors", 2, [1], bot_level="random")
    _, token = await server.lobby.join(game_id, "Ada")
    await server.lobby.start(game_id, token)
    player = await server.client(game_id, token)
    try:
        while not player.over:
            await player.wait_for(lambda c: c.legal or c.over)
            if player.over:
                break
            reply = await player.command(player.legal[0], seen_version=player.version)
            assert reply["type"] == "ack", reply
            await player.wait_for(lambda c, v=reply["version"]: c.version > v or c.over)
    finally:
        await player.close()
    assert (await until_over(http, game_id))["over"]


async def test_a_seat_handed_to_a_bot_is_taken_back_by_the_same_call(server: Running) -> None:
    http = server.lobby.http
    game_id, tokens = await server.seated_game("eiffel_mania", 3, start=False)
    url = f"/api/games/{game_id}/seats/2/bot"
    first = await http.post(url, headers=bearer(tokens[2]), json={"bot": True, "level": "random"})
    assert first.json()["bot"] == "random"
    again = await http.post(url, headers=bearer(tokens[2]), json={"bot": True, "level": "random"})
    assert again.json() == first.json()  # said twice, done once
    back = await http.post(url, headers=bearer(tokens[2]))
    assert back.status_code == 200 and back.json()["bot"] is None
    shown = (await http.get(f"/api/games/{game_id}")).json()
    assert shown["bots"] == [None, None, None] and shown["names"] == ["p0", "p1", "p2"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"bots": [3]}, "seat 3 is not a seat 0 to 2"),
        ({"bots": [-1]}, "seat -1"),
        ({"bots": [1, 1]}, "named twice"),
        ({"bots": [0, 1, 2]}, "leave a seat"),
        ({"bots": [1], "bot_level": "genius"}, "bot_level"),
        ({"bots": ["one"]}, "Expected `int`"),
        ({"bots": 1}, "Expected `array`"),
    ],
)
async def test_bad_bot_seats_are_refused_and_create_nothing(
    server: Running, body: dict[str, Any], words: str
) -> None:
    before = len(await server.state.store.streams())
    reply = await server.lobby.http.post(
        "/api/games", json={"game": "eiffel_mania", "seats": 3, **body}
    )
    assert reply.status_code == 400, reply.json()
    assert words in reply.json()["detail"]
    assert len(await server.state.store.streams()) == before


async def test_bad_hand_overs_are_refused_and_write_nothing(server: Running) -> None:
    http = server.lobby.http
    game_id = await bot_table(server, "eiffel_mania", 3, [2])
    _, ada = await server.lobby.join(game_id, "Ada")
    _, bob = await server.lobby.join(game_id, "Bob")
    other, _ = await server.seated_game("eiffel_mania", 3, start=False)
    stored = await server.stored(game_id)
    cases = [
        ("0", {}, 401, "unauthorized"),  # no token
        ("0", bearer("forged-token"), 401, "unauthorized"),
        ("0", bearer(bob), 403, "holds seat 1, not seat 0"),
        ("2", bearer(ada), 403, "not seat 2"),  # a bot's seat from creation: nobody's to take
        ("3", bearer(ada), 400, "0 to 2"),
        ("x", bearer(ada), 400, "whole number"),
        ("-1", bearer(ada), 400, "whole number"),
    ]
    for seat, headers, status, words in cases:
        reply = await http.post(f"/api/games/{game_id}/seats/{seat}/bot", headers=headers)
        assert reply.status_code == status, (seat, reply.json())
        assert words in reply.text, reply.json()
    bad_bodies = [b"{not json", b'{"level": "genius"}', b'{"bot": "yes"}', b'{"extra": 1}']
    for raw in bad_bodies:
        reply = await http.post(
            f"/api/games/{game_id}/seats/0/bot", headers=bearer(ada), content=raw
        )
        assert reply.status_code == 400, raw
    wrong_game = await http.post(f"/api/games/{other}/seats/0/bot", headers=bearer(ada))
    assert wrong_game.status_code == 401
    assert await server.stored(game_id) == stored


async def test_a_bot_seat_below_a_free_one_waits_for_it_before_the_start(server: Running) -> None:
    http = server.lobby.http
    game_id = await bot_table(server, "eiffel_mania", 4, [3])
    _, ada = await server.lobby.join(game_id, "Ada")
    await server.lobby.join(game_id, "Bob")
    early = await http.post(f"/api/games/{game_id}/start", headers=bearer(ada))
    assert early.status_code == 403 and "seat 2 is free" in early.json()["detail"]
    await server.lobby.join(game_id, "Cy")
    await server.lobby.start(game_id, ada)
    records = await server.state.store.read(game_id)
    claims = [e for r in records if isinstance(e := decode(r.data), SeatClaimed)]
    assert [c.token_hash == "" for c in claims] == [True, False, False, False]  # bot first


def decode(data: bytes) -> Any:
    return decoder("eiffel_mania").decode(data)


async def test_a_game_left_off_the_agenda_is_put_back_by_a_process_that_folds_it(
    redis_url: str,
) -> None:
    """As if the process that appended died before writing to the agenda: another process
    that folds the game anew (a player's hello, a read) finds its bots awaited."""
    async with running(redis_url) as one:
        await one.state.bots.stop()  # this process plays nothing, nor tells the agenda
        one.state.service.appended = lambda live: None
        one.state.service.appending = lambda live, seated: None
        game_id = await bot_table(one, "eiffel_mania", 3, [1, 2])
        _, token = await one.lobby.join(game_id, "Ada")
        await one.lobby.start(game_id, token)
        await one.lobby.http.post(f"/api/games/{game_id}/seats/0/bot", headers=bearer(token))
        assert game_id not in await one.state.agenda.due(1 << 50, 100_000)
        async with running(redis_url) as two:
            assert (await until_over(two.lobby.http, game_id))["over"]


async def test_a_player_whose_seat_a_bot_plays_must_take_it_back_to_move(server: Running) -> None:
    await server.state.bots.stop()  # the bot would otherwise move first
    game_id, tokens = await server.seated_game("eiffel_mania", 3)
    clients = [await server.client(game_id, token) for token in tokens]
    try:
        seat = next(n for n, client in enumerate(clients) if client.legal)
        mover, url = clients[seat], f"/api/games/{game_id}/seats/{seat}/bot"
        await server.lobby.http.post(url, headers=bearer(tokens[seat]), json={"bot": True})
        await mover.wait_for(lambda c: c.view["table"]["bots"][seat] == "greedy")
        refused = await mover.command(mover.legal[0], seen_version=mover.version)
        assert refused["type"] == "rejected" and "take it back" in refused["detail"]
        await server.lobby.http.post(url, headers=bearer(tokens[seat]), json={"bot": False})
        await mover.wait_for(lambda c: c.view["table"]["bots"][seat] is None)
        accepted = await mover.command(mover.legal[0], seen_version=mover.version)
        assert accepted["type"] == "ack", accepted
    finally:
        for client in clients:
            await client.close()


async def test_a_failing_strategy_falls_back_to_the_random_bot(server: Running) -> None:
    from server.table.bot_choice import choose

    def broken(game: Any, state: Any, seat: int, level: str) -> Any:
        if level == "greedy":
            raise RuntimeError("a bug in a strategy")
        return choose(game, state, seat, level)

    server.state.bots.chooser = broken
    game_id = await bot_table(server, "rock_paper_scissors", 2, [1])
    _, token = await server.lobby.join(game_id, "Ada")
    await server.lobby.start(game_id, token)
    await server.lobby.http.post(f"/api/games/{game_id}/seats/0/bot", headers=bearer(token))
    assert (await until_over(server.lobby.http, game_id))["over"]


async def test_a_move_whose_process_died_before_the_agenda_is_played_by_another(
    redis_url: str,
) -> None:
    """The process that appended a player's move dies before telling the agenda; nobody folds
    the game anew. The agenda, written before the append, still makes it due elsewhere."""
    async with running(redis_url, bot_lease_ms=500) as one:
        await one.state.bots.stop()  # this process plays nothing
        one.state.service.appended = lambda live: None  # and dies before its poke
        game_id = await bot_table(one, "vertigo", 2, [1])
        _, token = await one.lobby.join(game_id, "Ada")
        await one.lobby.start(game_id, token)
        service = one.state.service
        live = await service.load(game_id, fresh=True)
        for _ in range(50):  # the player's moves until the bot's seat is awaited
            if live.game.legal(live.table.state, 1):
                break
            command = live.game.legal(live.table.state, 0)[0]
            await service.submit(game_id, 0, f"m{live.version}", live.version, encode(command))
            await service.catch_up(live)
        assert live.game.legal(live.table.state, 1), "the bot's seat was never awaited"
        awaited_at = live.version
        async with running(redis_url, bot_lease_ms=500) as two:
            for _ in range(200):
                records = await one.state.store.read(game_id)
                if any(r.command_id.startswith("bot-1-") for r in records[awaited_at:]):
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError("no process played the bot's turn")
            assert game_id in two.state.service.games  # two played it, off the agenda


async def test_a_seat_handed_to_a_bot_by_a_process_that_died_is_played_by_another(
    redis_url: str,
) -> None:
    async with running(redis_url, bot_lease_ms=500) as one:
        await one.state.bots.stop()
        one.state.service.appended = lambda live: None
        game_id, tokens = await one.seated_game("vertigo", 2)
        live = await one.state.service.load(game_id, fresh=True)
        seat = next(s for s in range(2) if live.game.legal(live.table.state, s))
        url = f"/api/games/{game_id}/seats/{seat}/bot"
        handed = await one.lobby.http.post(url, headers=bearer(tokens[seat]), json={"bot": True})
        assert handed.status_code == 200, handed.text
        at = handed.json()["version"]
        async with running(redis_url, bot_lease_ms=500):
            for _ in range(200):
                records = await one.state.store.read(game_id)
                if any(r.command_id.startswith(f"bot-{seat}-") for r in records[at:]):
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError("no process played the handed seat")


async def test_a_move_decided_before_the_agenda_write_is_appended_where_it_was_decided(
    server: Running,
) -> None:
    """While a player's move waits for its agenda write, the other seat's choice lands and is
    folded. The first move, decided on the state before that choice, must not be appended on
    top of it (its expected version is the one it was decided at): it is decided again, and the
    round then ends with both hands, as when the two moves come one after the other."""
    service = server.state.service
    await server.state.bots.stop()
    game_id = await bot_table(server, "rock_paper_scissors", 2, [1])
    _, token = await server.lobby.join(game_id, "Ada")
    await server.lobby.start(game_id, token)
    live = await service.load(game_id, fresh=True)
    round_before = live.table.state.round
    meanwhile: list[int] = []

    async def bot_chooses_meanwhile() -> None:
        meanwhile.append(live.version)
        rock = encode(live.game.legal(live.table.state, 1)[0])
        await service.play(game_id, 1, "bot-meanwhile", live.version, rock, by_bot=True)
        await service.catch_up(live)  # as the pump would fold it

    def appending(game: Any, seated: bool) -> Any:
        return bot_chooses_meanwhile() if not meanwhile else None

    service.appending = appending
    paper = encode(live.game.legal(live.table.state, 0)[0])
    await service.submit(game_id, 0, "ada-1", live.version, paper)
    await service.catch_up(live)
    assert meanwhile, "the other seat's choice never came in between"
    assert live.table.state.round == round_before + 1  # both hands were revealed
