"""The websocket protocol: snapshot, commands, bad frames, resume, seek, idempotence, races."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest
from websockets.asyncio.client import connect

from clients.python.client import GameClient
from tests.server.conftest import Running


async def raw_session(server: Running, hello: dict[str, object]) -> tuple[object, list[dict]]:
    ws = await connect(server.ws)
    await ws.send(json.dumps(hello))
    first = [json.loads(await ws.recv())]
    if first[0]["type"] == "welcome":
        first.append(json.loads(await ws.recv()))
    return ws, first


async def test_hello_gets_welcome_then_snapshot_with_legal(server: Running) -> None:
    game_id, tokens = await server.seated_game()
    ws, (welcome, snap) = await raw_session(
        server, {"type": "hello", "game_id": game_id, "token": tokens[0], "last_version": None}
    )
    assert welcome == {
        "type": "welcome",
        "game_id": game_id,
        "game": "eiffel_mania",
        "seat": 0,
        "names": ["p0", "p1", "p2", "p3"],
    }
    assert snap["type"] == "snapshot" and snap["version"] == await server.stored(game_id)
    assert snap["view"]["table"]["started"] and snap["view"]["game"]["pile_count"] in (22, 24)
    assert [e["version"] for e in snap["log"]] == list(range(1, snap["version"] + 1))
    awaited = {a["seat"] for a in snap["view"]["game"]["awaited"]}
    assert bool(snap["legal"]) == (0 in awaited)
    await ws.close()


@pytest.mark.parametrize(
    "frame, reason",
    [
        ("not json at all", "bad_request"),
        ('{"type": "dance"}', "bad_request"),
        ('{"type": "command", "id": 5, "seen_version": 1, "command": {}}', "bad_request"),
        ('{"type": "command", "id": "a", "seen_version": "x", "command": {}}', "bad_request"),
        ("[1, 2, 3]", "bad_request"),
        ('{"type": "seek", "version": 1, "extra": true}', "bad_request"),
        ("x" * 70_000, "too_large"),
    ],
)
async def test_bad_frames_get_an_error_and_change_nothing(
    embedded: Running, frame: str, reason: str
) -> None:
    game_id, tokens = await embedded.seated_game()
    before = await embedded.stored(game_id)
    ws, _ = await raw_session(embedded, {"type": "hello", "game_id": game_id, "token": tokens[0]})
    await ws.send(frame)
    reply = json.loads(await ws.recv())
    assert reply["type"] == "error" and reply["reason"] == reason and reply["detail"]
    await ws.send('{"type": "ping"}')
    assert json.loads(await ws.recv())["type"] == "pong"  # the connection and server live on
    assert await embedded.stored(game_id) == before
    await ws.close()


async def test_bad_commands_are_rejected_with_reasons(server: Running) -> None:
    game_id, tokens = await server.seated_game()
    clients = [await server.client(game_id, t) for t in tokens]
    before = await server.stored(game_id)
    mover = next(c for c in clients if c.legal)
    idle = next(c for c in clients if not c.legal)
    cases = [
        (mover, {"type": "fly_to_the_moon"}, "unknown_command"),
        (mover, {"type": "pick_card", "card": 17}, "bad_request"),
        (mover, {"type": "pick_card", "card": "L01", "extra": 1}, "bad_request"),
        (idle, mover.legal[0], None),  # not this seat's decision
    ]
    for client, command, reason in cases:
        reply = await client.command(command)
        assert reply["type"] == "rejected", reply
        if reason:
            assert reply["reason"] == reason
        assert reply["detail"]
    turn_based = [c for c in mover.legal if c["type"] != "commit_stance"]
    if turn_based:
        stale = await mover.command(turn_based[0], seen_version=mover.version - 1)
        assert stale["reason"] == "stale_version"
    assert await server.stored(game_id) == before
    spectator = await server.client(game_id)
    forbidden = await spectator.command(mover.legal[0])
    assert forbidden["reason"] == "forbidden"
    for client in [*clients, spectator]:
        await client.close()


async def test_wrong_token_is_refused(server: Running) -> None:
    game_id, _ = await server.seated_game()
    _other_id, other_tokens = await server.seated_game()
    ws, (reply,) = await raw_session(
        server, {"type": "hello", "game_id": game_id, "token": other_tokens[0]}
    )
    assert reply == {
        "type": "error",
        "reason": "unauthorized",
        "detail": "unknown or wrong seat token",
    }
    await ws.close()
    ws, (reply,) = await raw_session(server, {"type": "hello", "game_id": "nope", "token": None})
    assert reply["reason"] == "not_found"
    await ws.close()


async def test_every_change_reaches_every_socket(server: Running) -> None:
    game_id, tokens = await server.seated_game()
    clients = [await server.client(game_id, t) for t in tokens]
    watchers = [await server.client(game_id) for _ in range(2)]
    mover = next(c for c in clients if c.legal)
    reply = await mover.command(mover.legal[0])
    assert reply["type"] == "ack"
    for client in clients + watchers:
        await client.wait_version(reply["version"], timeout=10)
        assert client.version == reply["version"]
        assert client.log[-1]["version"] <= reply["version"]
    for client in clients + watchers:
        await client.close()


async def test_same_command_id_twice_gives_one_event_and_identical_acks(server: Running) -> None:
    game_id, tokens = await server.seated_game()
    first = await server.client(game_id, tokens[0])
    mover_seat = next(a["seat"] for a in first.view["game"]["awaited"])
    await first.close()
    a = await server.client(game_id, tokens[mover_seat])
    b = await server.client(game_id, tokens[mover_seat])
    command, seen = a.legal[0], a.version
    before = await server.stored(game_id)
    replies = await asyncio.gather(
        a.command(command, command_id="same-id", seen_version=seen),
        b.command(command, command_id="same-id", seen_version=seen),
    )
    again = await a.command(command, command_id="same-id", seen_version=seen)
    assert replies[0] == replies[1] == again
    assert replies[0]["type"] == "ack"
    written = await server.stored(game_id) - before
    assert written >= 1 and replies[0]["version"] == before + written
    await a.close()
    await b.close()


async def drive_to_stances(server: Running) -> list[GameClient]:
    """Seat four clients and play until two seats may commit a stance at the same time."""
    game_id, tokens = await server.seated_game()
    clients = [await server.client(game_id, t) for t in tokens]
    for _ in range(200):
        if len([c for c in clients if any(x["type"] == "commit_stance" for x in c.legal)]) == 2:
            return clients
        mover = next(c for c in clients if c.legal)
        reply = await mover.command(mover.legal[0])
        assert reply["type"] == "ack", reply
        for c in clients:
            await c.wait_version(reply["version"])
    raise AssertionError("never reached the stance step")


async def test_racing_seats_one_wins_one_is_stale(server: Running) -> None:
    clients = await drive_to_stances(server)
    view = clients[0].view["game"]["negotiation"]
    p, q = clients[view["principal"]], clients[view["partner"]]
    reply = await p.command({"type": "offer_arrangement", "partner_picks_first": True})
    assert reply["type"] == "ack", reply
    for c in clients:
        await c.wait_version(reply["version"])
    seen = p.version
    before = await server.stored(p.game_id)
    replies = await asyncio.gather(
        p.command({"type": "withdraw_offer"}, seen_version=seen),
        q.command({"type": "accept_offer"}, seen_version=seen),
    )
    kinds = sorted(r["type"] for r in replies)
    assert kinds == ["ack", "rejected"], replies
    assert next(r for r in replies if r["type"] == "rejected")["reason"] == "stale_version"
    assert await server.stored(p.game_id) == before + 1
    for c in clients:
        await c.close()


async def test_simultaneous_stances_both_land(server: Running) -> None:
    clients = await drive_to_stances(server)
    stance_seats = [c for c in clients if any(x["type"] == "commit_stance" for x in c.legal)]
    p, q = stance_seats
    seen = p.version
    stance = {"type": "commit_stance", "stance": "collaborate"}
    replies = await asyncio.gather(
        p.command(stance, seen_version=seen), q.command(stance, seen_version=seen)
    )
    assert [r["type"] for r in replies] == ["ack", "ack"], replies
    # and a turn-based command on an old version is refused as stale
    for c in clients:
        await c.wait_version(max(r["version"] for r in replies))
    mover = next((c for c in clients if c.legal), None)
    if mover is not None:
        stale = await mover.command(mover.legal[0], seen_version=seen)
        assert stale["reason"] == "stale_version"
    for c in clients:
        await c.close()


async def test_resume_sends_only_what_was_missed(server: Running) -> None:
    game_id, tokens = await server.seated_game()
    clients = [await server.client(game_id, t) for t in tokens]
    watcher = await server.client(game_id, record=True)
    version_then, hash_then, view_then = watcher.version, watcher.hash, watcher.view
    await watcher.close()
    for _ in range(3):
        mover = next(c for c in clients if c.legal)
        reply = await mover.command(mover.legal[0])
        for c in clients:
            await c.wait_version(reply["version"])
    resumed = GameClient(server.ws, game_id, None, record_frames=True)
    resumed.version, resumed.hash, resumed.view = version_then, hash_then, view_then
    await resumed.connect(resume=True)
    await resumed.wait_version(clients[0].version)
    # the patch it was sent, on the view it held, makes the view a new spectator is sent
    fresh = await server.client(game_id)
    assert resumed.view == fresh.view and resumed.view["game"] != view_then["game"]
    await fresh.close()
    updates = [f for f in resumed.frames if f["type"] in ("update", "snapshot")]
    assert len(updates) == 1 and updates[0]["type"] == "update"
    assert updates[0]["events"][0]["version"] == version_then + 1
    assert updates[0]["version"] == clients[0].version
    # a wrong hash (a rewritten tail) gets a fresh snapshot instead
    forked = GameClient(server.ws, game_id, None, record_frames=True)
    forked.version, forked.hash = version_then, "0" * 40
    await forked.connect(resume=True)
    await forked.wait_for(lambda c: any(f["type"] == "snapshot" for f in c.frames))
    for c in [*clients, resumed, forked]:
        await c.close()


async def test_seek_answers_a_snapshot_of_the_past(server: Running) -> None:
    game_id, tokens = await server.seated_game()
    client = await server.client(game_id, tokens[0], record=True)
    await client.send({"type": "seek", "version": 2})
    await client.wait_for(lambda c: any(f.get("live") is False for f in c.frames))
    past = next(f for f in client.frames if f.get("live") is False)
    assert past["version"] == 2 and past["view"]["game"] is None and past["legal"] == []
    assert [e["version"] for e in past["log"]] == [1, 2]
    await client.close()


async def test_chat_is_logged_for_everyone(server: Running) -> None:
    game_id, tokens = await server.seated_game()
    a = await server.client(game_id, tokens[0])
    b = await server.client(game_id)
    await a.send({"type": "chat", "text": "bonjour"})
    await b.wait_for(lambda c: any(e["event"]["type"] == "chat_posted" for e in c.log))
    line = next(e["event"] for e in b.log if e["event"]["type"] == "chat_posted")
    assert line == {"type": "chat_posted", "seat": 0, "name": "p0", "text": "bonjour"}
    await b.send({"type": "chat", "text": "spectators speak?"})
    await b.wait_for(lambda c: c.errors)
    assert b.errors[0]["reason"] == "forbidden"
    await a.close()
    await b.close()


async def test_explain_is_refused_where_a_game_explains_nothing(server: Running) -> None:
    game_id, tokens = await server.seated_game()
    seat = await server.client(game_id, tokens[0], record=True)
    spectator = await server.client(game_id, record=True)
    before = await server.stored(game_id)
    await seat.send({"type": "explain", "id": "x1", "command": {"type": "pass_office"}})
    await spectator.send({"type": "explain", "id": "x2", "command": {"type": "pass_office"}})
    await seat.wait_for(lambda c: any(f.get("id") == "x1" for f in c.frames))
    await spectator.wait_for(lambda c: any(f.get("id") == "x2" for f in c.frames))
    answer = next(f for f in seat.frames if f.get("id") == "x1")
    assert answer["type"] == "rejected" and answer["reason"] == "unknown_command"
    assert "explains no command" in answer["detail"]
    watcher = next(f for f in spectator.frames if f.get("id") == "x2")
    assert watcher["reason"] == "forbidden"
    assert await server.stored(game_id) == before
    await seat.close()
    await spectator.close()


async def test_a_failing_game_costs_one_frame_not_the_socket(embedded: Running) -> None:
    """A bug in a game's rules answers internal_error, appends nothing, and the socket and
    the server carry on."""
    import dataclasses

    from domain import games

    def boom(*args: object) -> list[object]:
        raise ValueError("a bug in the rules")

    broken = dataclasses.replace(
        games.get("eiffel_mania"), name="broken", decide=boom, explain=boom
    )
    games.register(broken)
    try:
        game_id, tokens = await embedded.seated_game("broken", 3)
        seat = await embedded.client(game_id, tokens[0], record=True)
        before = await embedded.stored(game_id)
        reply = await seat.command({"type": "pass_office"})
        assert reply["type"] == "rejected" and reply["reason"] == "internal_error"
        await seat.send({"type": "explain", "id": "e1", "command": {"type": "pass_office"}})
        await seat.wait_for(lambda c: any(f.get("id") == "e1" for f in c.frames))
        assert next(f for f in seat.frames if f.get("id") == "e1")["reason"] == "internal_error"
        await seat.send({"type": "ping"})
        await seat.wait_for(lambda c: any(f["type"] == "pong" for f in c.frames))
        assert await embedded.stored(game_id) == before
        await seat.close()
    finally:
        games.unregister("broken")


async def test_each_path_writes_through_its_own_protocol(server: Running) -> None:
    """The fast path hands each socket the protocol's synchronous writer; uvicorn's own
    protocol offers none, and frames go through Starlette's `send` (conftest's `stock-ws`)."""
    game_id, tokens = await server.seated_game()
    client = await server.client(game_id, tokens[0])
    (conn,) = server.state.hub.watchers[game_id]
    assert (conn._write_frame is not None) == server.state.settings.ws_fast_path
    await client.close()


def test_the_stock_path_imports_no_uvicorn_internal() -> None:
    """With the fast path off, a server process never imports the module that subclasses
    uvicorn's protocol (docs/internals.md): a uvicorn release that moves it cannot stop it."""
    script = (
        "import sys\n"
        "from server.app import create_app\n"
        "from server.live.transport import protocol\n"
        "from server.ops.config import Settings\n"
        "create_app(Settings())\n"
        "assert protocol(False) == 'websockets-sansio'\n"
        "assert 'server.live.ws_protocol' not in sys.modules, 'imported'\n"
        "assert 'uvicorn.protocols.websockets.websockets_sansio_impl' not in sys.modules\n"
        "protocol(True)\n"
        "assert 'server.live.ws_protocol' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
