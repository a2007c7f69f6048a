"""A viewer's snapshot of a game: its view, log and legal moves at a version, as it knew them."""

from __future__ import annotations

from domain.kernel import OMNISCIENT, Viewer
from domain.protocol import Snapshot
from projections.frames import legal_for, table_view
from projections.live import LiveGame
from projections.visibility import effective


def snapshot(live: LiveGame, viewer: Viewer, version: int | None = None) -> Snapshot:
    """The viewer's view and log at `version` (default: now), as it knew them then.

    Once the game is over the past is shown with everything revealed."""
    at = live.version if version is None else max(1, min(version, live.version))
    table = live.table if at == live.version else live.table_at(at)
    seen = OMNISCIENT if live.over else viewer
    return Snapshot(
        version=at,
        hash=live.hash_at(at) or "",
        view=table_view(live.game, table, seen),
        log=live.log(effective(live.game, table, seen), at),
        legal=legal_for(live.game, table, viewer) if at == live.version else [],
        live=at == live.version,
    )
