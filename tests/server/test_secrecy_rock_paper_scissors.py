"""Rock-paper-scissors through the real server, attacked by the other seat and a spectator:
no frame they receive before the reveal says which hand a seat chose, and no frame lets them
confirm a guess of it (the view, the log, the legal commands, the version hash)."""

from __future__ import annotations

import asyncio
import hashlib
import random
from typing import Any

import msgspec
import pytest

from clients.python.client import GameClient
from clients.python.remote_bots import play_seat
from domain.games.rock_paper_scissors.data import HANDS
from domain.games.rock_paper_scissors.messages import HandChosen
from projections.live import LiveGame
from tests.server.conftest import Running


async def played(server: Running, seed: int) -> tuple[list[GameClient], LiveGame]:
    game_id = await server.lobby.create("rock_paper_scissors", 2, {"rounds": 6})
    tokens = [(await server.lobby.join(game_id, f"p{n}"))[1] for n in range(2)]
    seats = [await server.client(game_id, t, record=True) for t in tokens]
    spectator = await server.client(game_id, record=True)
    await server.lobby.start(game_id, tokens[0])
    stop = asyncio.Event()
    rng = random.Random(seed)
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, random.Random(rng.random()), stop) for c in seats)), 60
    )
    history = LiveGame.replay(game_id, await server.state.store.read(game_id))
    for client in [*seats, spectator]:
        await client.wait_version(history.version)
    return [*seats, spectator], history


def pending(history: LiveGame, version: int) -> dict[int, str]:
    """seat -> the hand it chose and nobody else may know yet, at `version`."""
    table = history.table_at(version)
    if not table.started or table.state.over or all(table.state.chosen):
        return {}
    state = table.state
    return {seat: hand for seat, hand in enumerate(state.hands) if hand is not None}


def frames(client: GameClient) -> list[dict[str, Any]]:
    return [f for f in client.frames if f["type"] in ("snapshot", "update")]


def check_frame(frame: dict[str, Any], seat: int | None, secret: dict[int, str]) -> None:
    game = frame["view"]["game"]
    if game is not None:
        assert game["pending_hands"] is None, "pending hands shown to a player or spectator"
        assert game["my_hand"] == (secret.get(seat) if seat is not None else None)
    for entry in frame.get("log", frame.get("events", [])):
        event = entry["event"]
        if event["type"] == "hand_chosen" and event["seat"] != seat:
            assert event["hand"] is None, f"seat {event['seat']}'s hand shown to {seat}"


def test_the_frame_check_fails_on_a_leak() -> None:
    """The field checks below fail on a frame that shows a pending hand."""
    leaky = {"view": {"game": {"my_hand": "rock", "pending_hands": None}}, "events": []}
    with pytest.raises(AssertionError):
        check_frame(leaky, seat=0, secret={1: "rock"})


async def test_no_frame_shows_another_seats_pending_hand(server: Running) -> None:
    clients, history = await played(server, seed=4)
    assert history.over
    checked = 0
    for client in clients:
        for frame in frames(client):
            secret = pending(history, frame["version"])
            table = history.table_at(frame["version"])
            if table.started and not table.state.over:  # once over, everyone sees everything
                check_frame(frame, client.seat, secret)
                checked += bool(set(secret) - {client.seat})
        await client.close()
    assert checked >= 6  # frames sent while another seat's hand was pending


async def test_no_frame_hash_confirms_a_guess_of_the_pending_hand(server: Running) -> None:
    clients, history = await played(server, seed=5)
    confirmed: list[tuple[int | None, int, bool]] = []
    tried = 0
    for client in clients:
        previous = (0, "")
        for frame in frames(client):
            version, digest = frame["version"], frame.get("hash", "")
            last = history.events[version - 1]
            # the attack: the frame before is the version before, and the newest event is
            # another seat's hidden choice, whose stored bytes it can guess in three tries
            hidden = isinstance(last, HandChosen) and last.seat != client.seat
            if hidden and previous[0] == version - 1 and last.seat in pending(history, version):
                for guess in HANDS:
                    data = msgspec.json.encode(msgspec.structs.replace(last, hand=guess))
                    if hashlib.sha1(previous[1].encode() + data).hexdigest() == digest:
                        confirmed.append((client.seat, last.seat, guess == last.hand))
                tried += 1
            previous = (version, digest)
        await client.close()
    assert tried >= 3  # the attack had chances
    assert confirmed == []
