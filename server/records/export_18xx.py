"""A stored 18ZOO game as an 18xx.games export: `plateau export-18xx` and the browser's
"Download for 18xx.games" (`GET /api/games/{id}/export/18xx`).

The export holds what no viewer may see while the game runs (the seed tells the whole powers
deck), so it is given for finished games only. The pure part is `domain.exchange.zoo18.exporter`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, get_args

from domain.exchange.zoo18.exporter import NotExportable, export_game
from domain.exchange.zoo18.recover import Unexplained
from domain.games.zoo18.messages import Event
from domain.kernel import Reason, Rejected
from domain.rules import options_for
from projections.live import LiveGame
from server.store.adapters import read_once

GAME_EVENTS = get_args(Event)
RUNNING = "the 18xx.games export is given once the game is over (it reveals the powers deck)"


def export_live(live: LiveGame) -> dict[str, Any]:
    """The export of a loaded game; refused (`Rejected`) for a running or non-18ZOO game."""
    if live.game.name != "18zoo":
        title = live.game.title
        raise Rejected(Reason.BAD_REQUEST, f"only 18ZOO games export to 18xx.games, not {title}")
    if not live.over:  # ILLEGAL answers 409: not now
        raise Rejected(Reason.ILLEGAL, RUNNING)
    table = live.table
    start = live.game.initial(table.seats, options_for(live.game, table.options, table.rules))
    events = [e for e in live.events if isinstance(e, GAME_EVENTS)]
    try:
        exported = export_game(start, events)
    except (NotExportable, Unexplained) as problem:
        raise Rejected(Reason.ILLEGAL, f"this game cannot be exported: {problem}") from None
    return {"id": live.game_id, **exported}


async def run_export(game_id: str, store_url: str | None, out: str | None) -> dict[str, Any]:
    """`plateau export-18xx`: read the game from the store, write the export (stdout if no
    file). Returns a short report."""
    records = await read_once(store_url, game_id)
    if not records:
        raise Rejected(Reason.NOT_FOUND, f"no game {game_id!r}")
    exported = export_live(LiveGame.replay(game_id, records))
    text = json.dumps(exported, indent=1)
    if out:
        Path(out).write_text(text + "\n")
    else:
        print(text)
    return {"game_id": game_id, "title": exported["title"], "actions": len(exported["actions"])}
