"""Bienvenue à bord through the real server: the pile order and the next stopover never reach
a seat or a spectator before they are revealed; both seats see the three drawn cards."""

from __future__ import annotations

import json
import random

from clients.python.remote_bots import play_seat
from projections.live import LiveGame
from tests.server.conftest import Running

STOPOVERS = ("E1", "E2", "E3", "E4")


async def test_pile_and_stopovers_stay_hidden_until_revealed(server: Running) -> None:
    import asyncio

    game_id, tokens = await server.seated_game("bienvenue_a_bord", 2, start=False)
    seats = [await server.client(game_id, t, record=True) for t in tokens]
    spectator = await server.client(game_id, record=True)
    await server.lobby.start(game_id, tokens[0])
    stop = asyncio.Event()
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, random.Random(n), stop) for n, c in enumerate(seats))), 120
    )
    records = await server.state.store.read(game_id)
    history = LiveGame.replay(game_id, records)
    assert history.over
    revealed_at = {
        e.card: n + 1
        for n, e in enumerate(history.events)
        if type(e).__name__ == "StopoverRevealed"
    }
    drawn_at = {
        n + 1: e.cards for n, e in enumerate(history.events) if type(e).__name__ == "CardsRevealed"
    }
    assert set(revealed_at) == set(STOPOVERS) and len(drawn_at) == 20
    over_at = next(
        v
        for v in range(1, history.version + 1)
        if history.table_at(v).started and history.game.is_over(history.table_at(v).state)
    )
    for client in [*seats, spectator]:
        await client.wait_version(history.version)
        seen_draws: dict[int, list[str]] = {}
        for frame in client.frames:
            if frame["type"] not in ("snapshot", "update") or frame["version"] >= over_at:
                continue
            text = json.dumps(frame)
            for card, version in revealed_at.items():
                if frame["version"] < version:
                    assert f'"{card}"' not in text, (
                        f"{card} shown at {frame['version']} < {version}"
                    )
            entries = frame["log"] if frame["type"] == "snapshot" else frame["events"]
            for entry in entries:
                event = entry["event"]
                if event["type"] == "pile_built":
                    assert all(card is None for card in event["cards"]), "pile order leaked"
                if event["type"] == "cards_revealed":
                    seen_draws[entry["version"]] = event["cards"]
        assert seen_draws == {v: list(cards) for v, cards in drawn_at.items()}
        await client.close()
