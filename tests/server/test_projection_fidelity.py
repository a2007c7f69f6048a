"""Every game through the real server: each frame a socket receives is exactly the domain's
view and redaction for that socket's viewer at that version (so the domain's secrecy tests
carry over to the wire), and every socket converges on the same version and hash."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgspec
import pytest

from clients.python.client import GameClient
from domain import games
from domain.kernel import SPECTATOR, Seat
from domain.table import TABLE_EVENTS
from projections.frames import legal_for, redacted_log, table_view
from projections.live import UNSEEN_TABLE_EVENTS, LiveGame
from tests.server.conftest import Running

SEATS = {"vertigo": 3, "18zoo": 3}  # fewer than the most they allow, for time; others: the most
MAX_COMMANDS = {"18zoo": 30}  # default 150: 18ZOO games are long; the first turns suffice


def available() -> list[str]:
    out = []
    for name in games.names():
        try:
            games.get(name)
        except (ImportError, AttributeError):
            continue
        out.append(name)
    return out


def plain(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


async def drive(clients: list[GameClient], rng: random.Random, cap: int) -> int:
    """Random legal commands from whichever seats may act, until over or the cap."""
    sent = stuck = 0
    while sent < cap and not clients[0].over:
        movers = [c for c in clients if c.legal]
        if not movers:
            stuck += 1
            assert stuck < 500, "the game is not over but no seat has a legal command"
            await asyncio.sleep(0.01)
            continue
        stuck = 0
        mover = rng.choice(movers)
        reply = await mover.command(rng.choice(mover.legal))
        if reply["type"] == "ack":
            sent += 1
            for c in clients:
                await c.wait_version(reply["version"])
        elif reply["reason"] == "rate_limited":
            await asyncio.sleep(0.2)  # the edge's per-connection limit: slow down, retry
        else:
            assert reply["reason"] == "stale_version", reply
    return sent


def table_event(history: LiveGame, version: int) -> bool:
    """A table event that may change the table part of the view (not a fairness record)."""
    kind = type(history.events[version - 1])
    return kind in TABLE_EVENTS and kind not in UNSEEN_TABLE_EVENTS


def history_of(game_id: str, records: list[Any]) -> LiveGame:
    return LiveGame.replay(game_id, records)


@pytest.mark.parametrize("name", available())
async def test_frames_are_exactly_the_viewers_projection(embedded: Running, name: str) -> None:
    seats = SEATS.get(name, games.get(name).max_seats)
    game_id, tokens = await embedded.seated_game(name, seats, start=False)
    clients = [await embedded.client(game_id, t, record=True) for t in tokens]
    spectator = await embedded.client(game_id, record=True)
    await embedded.lobby.start(game_id, tokens[0])
    await drive(clients, random.Random(3), MAX_COMMANDS.get(name, 150))
    history = history_of(game_id, await embedded.state.store.read(game_id))
    for client in [*clients, spectator]:
        await client.wait_version(history.version)
        assert client.hash == history.hash
        viewer = SPECTATOR if client.seat is None else Seat(client.seat)
        shown_up_to = 0
        for frame in client.frames:
            if frame["type"] not in ("snapshot", "update"):
                continue
            version = frame["version"]
            table = history.table_at(version)
            # an update carries the table part only if a table event or the end came since
            # the frame before it; the client keeps the one it has
            moved = max(v for v in range(1, version + 1) if table_event(history, v))
            over = table.started and history.game.is_over(table.state)
            whole = frame["type"] == "snapshot" or shown_up_to < moved or over
            # what the client holds after the frame: the whole view (an update's patch applied)
            assert frame["view"] == plain(table_view(history.game, table, viewer))
            sent = frame.get("sent", frame["view"])
            assert ("table" in sent) == whole
            assert ("patch" in sent) == (frame["type"] == "update"), "an update sends a patch"
            assert frame["legal"] == plain(legal_for(history.game, table, viewer))
            first = 1 if frame["type"] == "snapshot" else shown_up_to + 1
            events = history.events[first - 1 : version]
            expected = redacted_log(history.game, table, events, first, viewer)
            got = frame["log"] if frame["type"] == "snapshot" else frame["events"]
            assert got == plain(expected)
            shown_up_to = version
        await client.close()
    await spectator.close()
