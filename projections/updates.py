"""The update frames of one fold, for all its viewers: what they share is built once.

`server.hub.update` is what one viewer is sent; a fan-out sends it to every viewer of a game
after each command. Much of it is the same for all of them: whether the game is over, the
table part of the view, and the new events whenever a spectator may see them whole, since a
seat knows at least what a spectator knows (a law of every game's `redact`, checked by
`tests/server/test_update_frames.py`). Those are computed and encoded once per fold; each
viewer costs its own view and legal commands, and its own redaction only of events a spectator
may not see whole. The bytes are those of `encode(update(...))`, for every viewer (same test).
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel import OMNISCIENT, SPECTATOR, Seat, Viewer
from domain.protocol import LogEntry
from domain.table import redact
from projections.codec import encode
from projections.frames import table_part
from projections.live import LiveGame


class _Update(msgspec.Struct, frozen=True, tag_field="type", tag="update"):
    """`domain.protocol.Update` with its events already encoded (same fields, same order)."""

    version: int
    hash: str
    view: dict[str, Any]
    events: msgspec.Raw
    legal: list[Any]


class Updates:
    """Encoded updates of `live` as it is now, per viewer and starting version."""

    def __init__(self, live: LiveGame) -> None:
        game, table = live.game, live.table
        self.live, self.game = live, game
        self.version, self.hash = live.version, live.hash
        self.state = table.state if table.started else None  # None: no game to show yet
        self.over = self.state is not None and game.is_over(self.state)
        self._table: msgspec.Raw | None = None
        # per starting version: the events encoded once, if a spectator may see them all
        self._public: dict[int, msgspec.Raw | None] = {}

    def frame(self, viewer: Viewer, after: int) -> bytes:
        """`encode(update(live, viewer, after))`."""
        game, state, over = self.game, self.state, self.over
        seen = OMNISCIENT if over else viewer
        view: dict[str, Any] = {}
        if over or after < self.live.table_version:
            if self._table is None:
                table = self.live.table
                self._table = msgspec.Raw(encode(table_part(game, table, over)))
            view["table"] = self._table
        if state is None:
            view["game"], legal = None, []
        else:
            view["game"] = game.view(state, seen)
            legal = [] if over or not isinstance(viewer, Seat) else game.legal(state, viewer.n)
        if after not in self._public:
            self._public[after] = self._shared(after)
        events = self._public[after]
        if events is None:  # some event is hidden from spectators: redact it for this viewer
            shown = [redact(game, event, seen) for event in self.live.events[after:]]
            events = msgspec.Raw(encode(_entries(shown, after)))
        return encode(
            _Update(version=self.version, hash=self.hash, view=view, events=events, legal=legal)
        )

    def _shared(self, after: int) -> msgspec.Raw | None:
        """The events since `after`, encoded, if every viewer sees them whole; else None."""
        game, events = self.live.game, self.live.events[after:]
        least = OMNISCIENT if self.over else SPECTATOR
        for event in events:
            if redact(game, event, least) is not event:
                return None
        return msgspec.Raw(encode(_entries(events, after)))


def _entries(shown: list[Any], after: int) -> list[LogEntry]:
    return [
        LogEntry(version=version, event=event)
        for version, event in enumerate(shown, start=after + 1)
        if event is not None
    ]
