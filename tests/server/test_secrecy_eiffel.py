"""Secrecy through the real server: four bots and two spectators play complete Eiffel Mania
games; every frame each socket receives is checked against the omniscient history."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from clients.python.client import GameClient
from clients.python.remote_bots import play_seat
from projections.live import LiveGame
from tests.server.conftest import Running

HIDDEN_LISTS = {"pile_shuffled": "cards", "office_played": "pile", "pile_reordered": "order"}


def check_event(event: dict[str, Any], seat: int | None) -> None:
    kind = event["type"]
    if kind == "pile_shuffled":
        assert all(card is None for card in event["cards"]), "pile order leaked"
    elif kind in ("office_played", "pile_reordered") and event["seat"] != seat:
        field = HIDDEN_LISTS[kind]
        assert all(card is None for card in event[field]), f"{kind} leaked to {seat}"
    elif kind == "stance_committed" and event["seat"] != seat:
        assert event["stance"] is None, f"stance of {event['seat']} leaked to {seat}"
    assert event.get("token_hash", "") == ""


def check_view(view: dict[str, Any], seat: int | None, truth: Any) -> None:
    game = view["game"]
    if game is None:
        return
    if game["pile_order"] is not None:
        assert seat is not None and truth.office_seer == seat, "pile order shown to non-user"
    negotiation = game["negotiation"]
    if negotiation is None:
        return
    if not truth.stances_revealed:
        assert negotiation["stances"] is None, "stances shown before the reveal"
    roles = (truth.principal, truth.partner)
    if seat not in roles:
        assert negotiation["my_stance"] is None
    else:
        assert negotiation["my_stance"] == truth.stances[roles.index(seat)]


def check_frames(client: GameClient, history: LiveGame) -> int:
    checked = 0
    for frame in client.frames:
        if frame["type"] not in ("snapshot", "update"):
            continue
        table = history.table_at(frame["version"])
        if history.game.is_over(table.state) if table.started else False:
            continue  # once over, everyone may see everything
        entries = frame["log"] if frame["type"] == "snapshot" else frame["events"]
        for entry in entries:
            check_event(entry["event"], client.seat)
        if table.started:
            check_view(frame["view"], client.seat, table.state)
        checked += 1
    return checked


async def play_watched_game(server: Running, seed: int) -> tuple[list[GameClient], LiveGame]:
    game_id, tokens = await server.seated_game(start=False)
    seats = [await server.client(game_id, t, record=True) for t in tokens]
    watchers = [await server.client(game_id, record=True) for _ in range(2)]
    await server.lobby.start(game_id, tokens[0])
    rng = random.Random(seed)
    stop = asyncio.Event()
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, random.Random(rng.random()), stop) for c in seats)), 120
    )
    for client in [*seats, *watchers]:
        await client.wait_for(lambda c: c.over)
    records = await server.state.store.read(game_id)
    history = LiveGame.replay(game_id, records)
    return [*seats, *watchers], history


async def test_no_frame_leaks_a_secret(server: Running) -> None:
    for seed in range(3):
        clients, history = await play_watched_game(server, seed)
        assert history.over
        for client in clients:
            assert check_frames(client, history) > 10
            assert client.version == history.version
            assert [e["version"] for e in client.log] == sorted({e["version"] for e in client.log})
            await client.close()


async def test_after_the_end_the_replay_shows_everything(server: Running) -> None:
    clients, history = await play_watched_game(server, 7)
    for client in clients:
        await client.close()
    late = await server.client(history.game_id, record=True)
    shuffled = next(e["event"] for e in late.log if e["event"]["type"] == "pile_shuffled")
    assert None not in shuffled["cards"] and len(shuffled["cards"]) == 24
    stances = [e["event"] for e in late.log if e["event"]["type"] == "stance_committed"]
    assert stances and all(s["stance"] in ("collaborate", "betray") for s in stances)
    await late.send({"type": "seek", "version": history.version // 2})
    await late.wait_for(lambda c: any(f.get("live") is False for f in c.frames))
    past = next(f for f in late.frames if f.get("live") is False)
    assert past["view"]["game"]["pile_order"] is not None  # the past, with everything revealed
    await late.close()


def test_the_checker_catches_leaks() -> None:
    """The secrecy checks above must be able to fail."""
    import pytest

    with pytest.raises(AssertionError):
        check_event({"type": "stance_committed", "seat": 1, "stance": "betray"}, 0)
    with pytest.raises(AssertionError):
        check_event({"type": "pile_shuffled", "cards": ["L01", None]}, None)
    check_event({"type": "stance_committed", "seat": 0, "stance": "betray"}, 0)
