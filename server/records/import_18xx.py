"""`plateau import-18xx`: store a game recorded on 18xx.games as a Plateau game."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import msgspec

from domain import games
from domain.table import GameStarted, SeatClaimed, TableOpened
from projections.codec import encode
from server.store.adapters import open_store

CHUNK = 500


def _stored_options(options: object) -> dict[str, Any]:
    """The options as the lobby stores them: the rules version is `TableOpened.rules`."""
    stored: dict[str, Any] = msgspec.to_builtins(options)
    stored.pop("rules", None)
    return stored


async def run_import(path: str, store_url: str | None) -> dict[str, Any]:
    from domain.exchange.zoo18.importer import import_game

    data = json.loads(Path(path).read_text())
    imported = import_game(data)
    if not imported.events:  # nothing dealt (an unknown title or optional rule): not stored
        return {"game_id": None, "title": imported.title, "match": False, "error": imported.error}
    game_id = uuid.uuid4().hex[:12]
    head = [
        TableOpened(
            game="18zoo",
            seats=imported.seats,
            options=_stored_options(imported.options),
            rules=games.get("18zoo").rules,  # replayed by today's rules
        ),
        *(
            SeatClaimed(seat=n, name=player["name"][:32] or f"player {n}")
            for n, player in enumerate(imported.players)
        ),
        GameStarted(seats=imported.seats),
    ]
    encoded = [encode(e) for e in [*head, *imported.events]]
    store = open_store(store_url)
    try:
        version = 0
        for start in range(0, len(encoded), CHUNK):
            version = await store.append(game_id, version, encoded[start : start + CHUNK])
        await store.register(game_id)
    finally:
        await store.close()
    report: dict[str, Any] = {
        "game_id": game_id,
        "title": imported.title,
        "players": imported.players,
        "result": imported.result,
        "expected": imported.expected,
        "match": imported.match,
        "end_reason": imported.end_reason,
        "events": len(encoded),
    }
    if imported.error:
        report["error"] = imported.error
    return report
