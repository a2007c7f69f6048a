"""Undo by consent through the server, on both stores (`server.table.undo`, `domain.undo`).

A seat asks to undo its own last command; the other seats accept or refuse; the undo is an
event, so time travel shows the command and its undo. Every refusal appends nothing. A command
that drew, hid or revealed something cannot be undone, and an undo tells nobody anything.
"""

from __future__ import annotations

import random
import uuid
from typing import Any

import msgspec
import pytest

from domain.bots import random_bot
from domain.kernel import OMNISCIENT, SPECTATOR, Rejected, Seat
from domain.table import Table
from domain.undo import check
from projections.codec import encode
from projections.snapshot import snapshot
from server.table import fairness
from server.table.decisions import decided
from server.table.undo import to_ask
from tests.server.conftest import Running


def bearer(token: str | None) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"} if token else {}


async def seated(server: Running, game: str, seats: int, undo: str | None = None) -> Any:
    body: dict[str, Any] = {"game": game, "seats": seats}
    if undo is not None:
        body["undo"] = undo
    reply = await server.lobby.http.post("/api/games", json=body)
    assert reply.status_code == 201, reply.text
    game_id = reply.json()["game_id"]
    tokens = [(await server.lobby.join(game_id, f"p{n}"))[1] for n in range(seats)]
    await server.lobby.start(game_id, tokens[0])
    return game_id, tokens


async def post(server: Running, game_id: str, path: str, token: str | None) -> Any:
    return await server.lobby.http.post(f"/api/games/{game_id}/{path}", headers=bearer(token))


def refusal(live: Any, seat: int, command: Any) -> str | None:
    """Why `domain.undo.check` would refuse to undo `command` of `seat` now (None: it would
    not), deciding it as the service would."""
    table = live.table
    rng = fairness.draws_for(table)
    try:
        events = live.game.decide(table.state, seat, command, rng)
    except Rejected:
        return "illegal"
    stored = decided(live.game, table, seat, command, events, rng)
    try:
        check(live.game, table.state, seat, table.seats, stored)
    except Rejected as refused:
        return refused.detail
    return None


async def find(
    server: Running, game_id: str, wanted: str | None, moves: int = 400
) -> tuple[int, Any]:
    """Random moves through the service until some seat has a command whose undo `check`
    refuses with words containing `wanted` (None: a command it allows); that seat and command
    (not played)."""
    service, rng = server.state.service, random.Random(7)
    for _ in range(moves):
        live = await service.load(game_id, fresh=True)
        assert not live.over, "no such command before the end"
        state, game = live.table.state, live.game
        for seat in range(live.table.seats):
            for command in game.legal(state, seat):
                why = refusal(live, seat, command)
                if why != "illegal" and (why is None if wanted is None else wanted in (why or "")):
                    return seat, command
        movers = [s for s in range(live.table.seats) if game.legal(state, s)]
        seat = rng.choice(movers)
        command = random_bot(game, state, seat, game.legal(state, seat), rng)
        await service.submit(game_id, seat, uuid.uuid4().hex, live.version, encode(command))
    raise AssertionError(f"no command refused for {wanted!r}")


async def play(server: Running, game_id: str, seat: int, command: Any) -> int:
    """`command` of `seat` sent over its websocket; the version it reached."""
    live = await server.state.service.load(game_id, fresh=True)
    return await server.state.service.submit(
        game_id, seat, uuid.uuid4().hex, live.version, encode(command)
    )


async def test_undo_accepted_by_all_restores_the_position_and_time_travel_shows_both(
    server: Running,
) -> None:
    game_id, tokens = await seated(server, "vertigo", 3)
    seat, command = await find(server, game_id, None)
    clients = [await server.client(game_id, token) for token in tokens]
    try:
        mover = clients[seat]
        before = mover.version
        views_before = [client.view["game"] for client in clients]
        reply = await mover.command(msgspec.to_builtins(command))
        assert reply["type"] == "ack", reply
        moved = reply["version"]
        asked = await post(server, game_id, "undo", tokens[seat])
        assert asked.status_code == 201, asked.text
        others = [n for n in range(3) if n != seat]
        first = await post(server, game_id, "undo/accept", tokens[others[0]])
        assert first.status_code == 200, first.text
        live = await server.state.service.load(game_id, fresh=True)
        assert live.table.undo_asked is not None and live.table.undo_asked.accepted == (others[0],)
        assert live.table.state == live.table_at(moved).state  # one acceptance is not all
        last = await post(server, game_id, "undo/accept", tokens[others[1]])
        assert last.status_code == 200, last.text
        undone = last.json()["version"]
        live = await server.state.service.load(game_id, fresh=True)
        assert live.table.state == live.table_at(before).state
        assert live.table.undo_asked is None
        for client, view in zip(clients, views_before, strict=True):
            await client.wait_version(undone)
            assert client.view["game"] == view
        assert mover.legal == msgspec.json.decode(encode(live.game.legal(live.table.state, seat)))
        # time travel: the command and its undo are both in the log and both moments are seen
        kinds = [entry["event"]["type"] for entry in mover.log]
        assert "undo_requested" in kinds and kinds.count("undo_answered") == 2
        assert kinds[-1] == "undo_done"
        done = mover.log[-1]["event"]
        assert (done["seat"], done["version"], done["back_to"]) == (seat, moved, before)
        at_move = await server.lobby.http.get(
            f"/api/games/{game_id}/view", params={"version": moved}, headers=bearer(tokens[seat])
        )
        assert at_move.json()["view"]["game"] != views_before[seat]
        at_undo = await server.lobby.http.get(
            f"/api/games/{game_id}/view", params={"version": undone}, headers=bearer(tokens[seat])
        )
        assert at_undo.json()["view"]["game"] == views_before[seat]
        # and the game plays on from there: the mover may play again
        again = await mover.command(msgspec.to_builtins(command))
        assert again["type"] == "ack", again
    finally:
        for client in clients:
            await client.close()


async def test_a_refused_undo_changes_nothing_and_is_not_asked_again(server: Running) -> None:
    game_id, tokens = await seated(server, "vertigo", 2)
    seat, command = await find(server, game_id, None)
    moved = await play(server, game_id, seat, command)
    assert (await post(server, game_id, "undo", tokens[seat])).status_code == 201
    refused = await post(server, game_id, "undo/refuse", tokens[1 - seat])
    assert refused.status_code == 200, refused.text
    live = await server.state.service.load(game_id, fresh=True)
    assert live.table.state == live.table_at(moved).state and live.table.undo_asked is None
    stored = await server.stored(game_id)
    again = await post(server, game_id, "undo", tokens[seat])
    assert again.status_code == 403 and "already asked" in again.json()["detail"]
    late = await post(server, game_id, "undo/accept", tokens[1 - seat])
    assert late.status_code == 403 and "no undo is asked" in late.json()["detail"]
    assert await server.stored(game_id) == stored


async def test_refusals_say_why_and_append_nothing(server: Running) -> None:
    game_id, tokens = await seated(server, "vertigo", 2)
    stored = await server.stored(game_id)
    nothing = await post(server, game_id, "undo", tokens[0])
    assert nothing.status_code == 403 and nothing.json()["detail"] == "nothing to undo"
    assert (await post(server, game_id, "undo", None)).status_code == 401
    assert (await post(server, game_id, "undo", "not-a-token")).status_code == 401
    assert (await post(server, game_id, "undo/accept", tokens[1])).status_code == 403
    assert await server.stored(game_id) == stored
    seat, command = await find(server, game_id, None)
    await play(server, game_id, seat, command)
    stored = await server.stored(game_id)
    other = await post(server, game_id, "undo", tokens[1 - seat])
    assert other.status_code == 403, other.text
    assert other.json()["detail"] == "the last command is not yours"
    assert (await post(server, game_id, "undo", tokens[seat])).status_code == 201
    own = await post(server, game_id, "undo/accept", tokens[seat])
    assert own.status_code == 403 and "you asked" in own.json()["detail"]
    twice = await post(server, game_id, "undo", tokens[seat])
    assert twice.status_code == 403 and "already asked" in twice.json()["detail"]
    assert await server.stored(game_id) == stored + 1  # the one request only
    bad = await server.lobby.http.post(
        "/api/games", json={"game": "vertigo", "seats": 2, "undo": "sometimes"}
    )
    assert bad.status_code == 400


async def test_never_mode_refuses_every_undo(server: Running) -> None:
    game_id, tokens = await seated(server, "vertigo", 2, undo="never")
    assert (await server.lobby.http.get(f"/api/games/{game_id}")).json()["undo"] == "never"
    seat, command = await find(server, game_id, None)
    await play(server, game_id, seat, command)
    stored = await server.stored(game_id)
    refused = await post(server, game_id, "undo", tokens[seat])
    assert refused.status_code == 403 and "undo is off" in refused.json()["detail"]
    assert await server.stored(game_id) == stored


async def test_a_move_lapses_the_request(server: Running) -> None:
    game_id, tokens = await seated(server, "vertigo", 2)
    seat, command = await find(server, game_id, None)
    await play(server, game_id, seat, command)
    assert (await post(server, game_id, "undo", tokens[seat])).status_code == 201
    live = await server.state.service.load(game_id, fresh=True)
    movers = [s for s in range(2) if live.game.legal(live.table.state, s)]
    mover = movers[0]
    await play(server, game_id, mover, live.game.legal(live.table.state, mover)[0])
    live = await server.state.service.load(game_id, fresh=True)
    assert live.table.undo_asked is None
    stored = await server.stored(game_id)
    late = await post(server, game_id, "undo/accept", tokens[1 - seat])
    assert late.status_code == 403 and "no undo is asked" in late.json()["detail"]
    assert await server.stored(game_id) == stored


@pytest.mark.parametrize(
    ("game", "seats", "wanted", "kinds"),
    [
        ("eiffel_mania", 3, "a random outcome was drawn", None),
        ("eiffel_mania", 3, "hidden from a player", None),
        ("bienvenue_a_bord", 2, "revealed something", {"resolve", "open_cabins", "place_love"}),
    ],
)
async def test_a_command_that_drew_hid_or_revealed_is_not_undone(
    server: Running, game: str, seats: int, wanted: str, kinds: set[str] | None
) -> None:
    game_id, tokens = await seated(server, game, seats)
    seat, command = await find(server, game_id, wanted)
    moved = await play(server, game_id, seat, command)
    live = await server.state.service.load(game_id, fresh=True)
    first, last = live.last_command
    events = live.events[first - 1 : last]
    if "drawn" in wanted:  # what the store holds says so, apart from the check
        assert any(type(event).__name__ == "DrawsRecorded" for event in events)
    elif "hidden" in wanted:
        assert any(live.game.redact(event, SPECTATOR) != event for event in events)
    else:
        assert command.__struct_config__.tag in (kinds or set())
    stored = await server.stored(game_id)
    refused = await post(server, game_id, "undo", tokens[seat])
    assert refused.status_code == 403 and wanted in refused.json()["detail"], refused.text
    assert await server.stored(game_id) == stored and last == moved


@pytest.mark.parametrize(("game", "seats"), [("bienvenue_a_bord", 2), ("eiffel_mania", 3)])
async def test_an_undo_tells_no_viewer_anything(server: Running, game: str, seats: int) -> None:
    """Every viewer's frames from a refused request to an accepted undo, in games with hidden
    cards: the undo's events are the same bytes for every viewer (nothing of a seat's own is
    in them) and carry only seats, versions and the position's form number (the restored
    position is blank), and each
    viewer's view after the undo is the one it had before the command, which it already saw."""
    game_id, tokens = await seated(server, game, seats)
    viewers = [SPECTATOR, *map(Seat, range(seats))]
    watchers = [await server.client(game_id, token, record=True) for token in [None, *tokens]]
    try:
        seat, command = await find(server, game_id, None)
        refused_at = await play(server, game_id, seat, command)
        assert (await post(server, game_id, "undo", tokens[seat])).status_code == 201
        others = [n for n in range(seats) if n != seat]
        assert (await post(server, game_id, "undo/refuse", tokens[others[0]])).status_code == 200
        seat, command = await find(server, game_id, None)
        live = await server.state.service.load(game_id, fresh=True)
        before = live.version
        # there is something to hide: the omniscient view of the position is not the public one
        assert live.game.view(live.table.state, OMNISCIENT) != live.game.view(
            live.table.state, SPECTATOR
        )
        moved = await play(server, game_id, seat, command)
        assert (await post(server, game_id, "undo", tokens[seat])).status_code == 201
        others = [n for n in range(seats) if n != seat]
        for other in others:
            reply = await post(server, game_id, "undo/accept", tokens[other])
            assert reply.status_code == 200, reply.text
        undone = reply.json()["version"]
        live = await server.state.service.load(game_id, fresh=True)
        stored = live.events[undone - 1]
        assert msgspec.json.decode(stored.position) is not None  # stored whole, in its form
        assert msgspec.json.decode(stored.state) is None  # never the live state
        sent_by_viewer = []
        for watcher, viewer in zip(watchers, viewers, strict=True):
            await watcher.wait_version(undone)
            sent = [
                entry
                for frame in watcher.frames
                if frame["type"] == "update"
                for entry in frame["events"]
                if entry["event"]["type"].startswith("undo_")
            ]
            sent_by_viewer.append(sent)
            events = [entry["event"] for entry in sent]
            assert [e["type"] for e in events] == [
                "undo_requested",
                "undo_answered",
                "undo_requested",
                *["undo_answered"] * len(others),
                "undo_done",
            ]
            assert events[0] == {
                "type": "undo_requested",
                "seat": events[0]["seat"],
                "version": refused_at,
            }
            assert events[1] == {
                "type": "undo_answered",
                "seat": events[1]["seat"],
                "accept": False,
            }
            assert events[-1] == {
                "type": "undo_done",
                "seat": seat,
                "version": moved,
                "back_to": before,
                "state": None,
                "form": stored.form,
                "position": None,
            }
            then = msgspec.json.decode(encode(snapshot(live, viewer, before).view["game"]))
            assert watcher.view["game"] == then
        assert all(sent == sent_by_viewer[0] for sent in sent_by_viewer)
    finally:
        for watcher in watchers:
            await watcher.close()


async def test_the_asker_may_say_which_command_it_sent_and_it_is_checked(server: Running) -> None:
    """A game whose legal list is only a sample (18ZOO's runs) may leave the command out: the
    asker says it, and the server decides it again; saying another seat's command is no use."""
    game_id, tokens = await seated(server, "vertigo", 2)
    seat, command = await find(server, game_id, None)
    await play(server, game_id, seat, command)
    said = {"command": msgspec.to_builtins(command)}
    stored = await server.stored(game_id)
    url = f"/api/games/{game_id}/undo"
    other = await server.lobby.http.post(url, json=said, headers=bearer(tokens[1 - seat]))
    assert other.status_code == 403, other.text
    assert other.json()["detail"] == "the last command is not yours"
    wrong = await server.lobby.http.post(
        url, json={"command": {"type": "nope"}}, headers=bearer(tokens[seat])
    )
    assert wrong.status_code == 409 and wrong.json()["error"] == "unknown_command"
    extra = await server.lobby.http.post(url, json={"why": 1}, headers=bearer(tokens[seat]))
    assert extra.status_code == 400
    assert await server.stored(game_id) == stored
    mine = await server.lobby.http.post(url, json=said, headers=bearer(tokens[seat]))
    assert mine.status_code == 201, mine.text


def test_only_the_other_seats_a_person_plays_are_asked() -> None:
    table = Table("vertigo", 4, {}, bots=("", "", "greedy", ""))
    assert to_ask(table, 0) == {1, 3}
    assert to_ask(table, 3) == {0, 1}
    assert to_ask(Table("vertigo", 2, {}, bots=("", "random")), 0) == set()  # granted at once
    assert to_ask(Table("vertigo", 3, {}), 1) == {0, 2}  # a table stored before bot seats


async def test_a_table_with_a_turn_clock_refuses_undo(server: Running) -> None:
    body = {"game": "vertigo", "seats": 2, "clock": {"initial_s": 3600}}
    reply = await server.lobby.http.post("/api/games", json=body)
    assert reply.status_code == 201, reply.text
    game_id = reply.json()["game_id"]
    tokens = [(await server.lobby.join(game_id, f"p{n}"))[1] for n in range(2)]
    await server.lobby.start(game_id, tokens[0])
    seat, command = await find(server, game_id, None)
    await play(server, game_id, seat, command)
    stored = await server.stored(game_id)
    asked = await post(server, game_id, "undo", tokens[seat])
    assert asked.status_code == 403 and "turn clock" in asked.json()["detail"]
    assert await server.stored(game_id) == stored


async def test_with_only_bots_to_ask_the_undo_is_granted_at_once(server: Running) -> None:
    await server.state.bots.stop()  # the bot would otherwise move after the player's command
    service = server.state.service
    for n in range(20):  # deals from fixed secrets, until the player's first move may be undone
        service.new_secret = lambda n=n: bytes([n]) * 32
        reply = await server.lobby.http.post(
            "/api/games", json={"game": "vertigo", "seats": 2, "bots": [1]}
        )
        assert reply.status_code == 201, reply.text
        game_id = reply.json()["game_id"]
        _, token = await server.lobby.join(game_id, "p0")
        await server.lobby.start(game_id, token)
        live = await service.load(game_id, fresh=True)
        before = live.table.state
        undoable = [c for c in live.game.legal(before, 0) if refusal(live, 0, c) is None]
        if undoable:
            break
    else:
        raise AssertionError("no deal gave the player a move that may be undone")
    moved = await play(server, game_id, 0, undoable[0])
    assert (await service.load(game_id, fresh=True)).table.state != before
    asked = await post(server, game_id, "undo", token)
    assert asked.status_code == 201, asked.text
    live = await service.load(game_id, fresh=True)
    assert live.version == moved + 2  # the request and the undo, in one append
    assert live.table.undo_asked is None and live.table.state == before
    answered = await post(server, game_id, "undo/accept", token)
    assert answered.status_code == 403  # nothing is left to answer
