"""Vertigo through the real server: no seat or spectator sees another seat's vote before the
reveal event; after it, everyone sees every vote."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from clients.python.remote_bots import play_seat
from tests.server.conftest import Running

HIDDEN = {"not yet voted", "voted"}


def check_frame(frame: dict[str, Any], seat: int | None) -> tuple[int, int]:
    """(hidden votes seen, revealed votes seen) in one frame; asserts nothing leaks."""
    hidden = revealed = 0
    entries = frame["log"] if frame["type"] == "snapshot" else frame["events"]
    for entry in entries:
        event = entry["event"]
        if event["type"] == "vote_cast" and event["seat"] != seat:
            assert event["choice"] is None, f"vote of {event['seat']} leaked to {seat}"
            hidden += 1
        if event["type"] == "votes_revealed":
            revealed += len(event["votes"])
    game = frame["view"]["game"]
    vote = game and game.get("vote")
    if vote:
        for voter, choice in vote["choices"].items():
            if int(voter) != seat:
                assert choice in HIDDEN, f"open vote of {voter} shown to {seat}"
    return hidden, revealed


async def play_checked_game(server: Running, seed: int) -> tuple[int, int]:
    game_id, tokens = await server.seated_game("vertigo", 4, start=False)
    seats = [await server.client(game_id, t, record=True) for t in tokens]
    spectator = await server.client(game_id, record=True)
    await server.lobby.start(game_id, tokens[0])
    stop = asyncio.Event()
    rng = random.Random(seed)
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, random.Random(rng.random()), stop) for c in seats)), 240
    )
    hidden = revealed = 0
    for client in [*seats, spectator]:
        await client.wait_for(lambda c: c.over)
        for frame in client.frames:
            if frame["type"] not in ("snapshot", "update"):
                continue
            # an update leaves the table part out while it is unchanged: never once over
            if not frame["view"].get("table", {}).get("over", False):
                h, r = check_frame(frame, client.seat)
                hidden, revealed = hidden + h, revealed + r
        await client.close()
    return hidden, revealed


async def test_votes_stay_secret_until_all_are_cast(embedded: Running) -> None:
    # the server deals with its own unseeded Rng: play until some game has held votes
    hidden = revealed = 0
    for seed in range(6):
        h, r = await play_checked_game(embedded, seed)
        hidden, revealed = hidden + h, revealed + r
        if hidden and revealed:
            break
    assert hidden > 0 and revealed > 0  # votes were held, hidden, then revealed


def test_the_checker_catches_a_leak() -> None:
    import pytest

    frame = {
        "type": "update",
        "events": [{"version": 9, "event": {"type": "vote_cast", "seat": 2, "choice": "yes"}}],
        "view": {"game": None},
    }
    with pytest.raises(AssertionError):
        check_frame(frame, 1)
    assert check_frame(frame, 2) == (0, 0)
