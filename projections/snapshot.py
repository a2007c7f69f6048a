"""A viewer's snapshot of a game: its view, log and legal moves at a version, as it knew them."""

from __future__ import annotations

from domain.kernel import OMNISCIENT, Viewer
from domain.protocol import LogEntry, Snapshot
from domain.table import ChatPosted
from projections.frames import legal_for, table_view
from projections.live import LiveGame
from projections.visibility import effective

# chat lines a snapshot carries: the last ones. Older lines stay in the log (the events export,
# a seek back to their time), so that a snapshot does not grow with a long table's chat.
CHAT_IN_SNAPSHOT = 100


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
        log=chat_bounded(live.log(effective(live.game, table, seen), at)),
        legal=legal_for(live.game, table, viewer) if at == live.version else [],
        live=at == live.version,
    )


def chat_bounded(log: list[LogEntry]) -> list[LogEntry]:
    """`log` without its chat lines but the last CHAT_IN_SNAPSHOT."""
    chat = [n for n, entry in enumerate(log) if type(entry.event) is ChatPosted]
    if len(chat) <= CHAT_IN_SNAPSHOT:
        return log
    dropped = set(chat[:-CHAT_IN_SNAPSHOT])
    return [entry for n, entry in enumerate(log) if n not in dropped]
