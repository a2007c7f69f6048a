"""The update a viewer is sent after new events, and the same for many viewers at once.

`update` says what one viewer at some version is sent to reach the current one. A fan-out
sends it to every viewer of a game after each command, and much of it is the same for all of
them: whether the game is over, the table part of the view, and the new events whenever a
spectator may see them whole, since a seat knows at least what a spectator knows (a law of
every game's `redact`, stated in `domain.kernel.Game`). `Updates` computes and encodes those
once per fold; each viewer then costs its own view and legal commands, and its own redaction
only of events a spectator may not see whole. Its bytes are those of `encode(update(...))`
for every viewer (`tests/server/test_update_frames.py` compares them, and checks the law).

The game's view goes as a patch of the view the viewer had at the starting version
(`projections.patch`): `update` folds that view again, the fan-out passes the one it sent.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel import OMNISCIENT, SPECTATOR, Viewer
from domain.protocol import LogEntry, Update
from domain.table import redact
from projections.codec import encode
from projections.frames import game_part, legal_for, redacted_log, table_part, table_view
from projections.live import LiveGame
from projections.patch import Parts, diff, parts


def update(live: LiveGame, viewer: Viewer, after: int) -> Update:
    """What a viewer at version `after` is sent to reach the current one. The table part of
    the view (names, started, over, result) comes only if it may have changed since `after`
    (a table event, or the end): the client keeps the one it has. The game's view comes as
    the patch of the one the viewer had at `after`."""
    view = table_view(live.game, live.table, viewer, after < live.table_version or live.over)
    had = parts(game_part(live.game, live.table_at(after), viewer))
    view["patch"] = diff(had, parts(view.pop("game")))
    return Update(
        version=live.version,
        hash=live.digest,
        base=after,
        view=view,
        events=redacted_log(live.game, live.table, live.events[after:], after + 1, viewer),
        legal=legal_for(live.game, live.table, viewer),
    )


_UNCHANGED = msgspec.Raw(b"[]")


class _Update(msgspec.Struct, frozen=True, tag_field="type", tag="update"):
    """`domain.protocol.Update` with its events already encoded (same fields, same order)."""

    version: int
    hash: str
    base: int
    view: dict[str, Any]
    events: msgspec.Raw
    legal: list[Any]


class Updates:
    """Encoded updates of `live` as it is now, per viewer and starting version."""

    def __init__(self, live: LiveGame) -> None:
        game, table = live.game, live.table
        self.live, self.game = live, game
        self.version, self.hash = live.version, live.digest
        self.state = table.state if table.started else None  # None: no game to show yet
        self.over = self.state is not None and game.is_over(self.state)
        self._table: msgspec.Raw | None = None
        self._parts: dict[Viewer, Parts] = {}  # per distinct view: the game view, in parts
        # per parts a viewer held (by identity): the patch to now, encoded
        self._patches: dict[tuple[int, int], tuple[Parts, Parts, msgspec.Raw]] = {}
        # per starting version: the events encoded once, if a spectator may see them all
        self._public: dict[int, msgspec.Raw | None] = {}

    def frame(self, viewer: Viewer, after: int, had: Parts) -> bytes:
        """`encode(update(live, viewer, after))`, sharing what other viewers share, given the
        game view the viewer had at `after` (in `parts`)."""
        game, over = self.game, self.over
        seen = OMNISCIENT if over else viewer
        view: dict[str, Any] = {}
        if over or after < self.live.table_version:
            if self._table is None:
                table = self.live.table
                self._table = msgspec.Raw(encode(table_part(game, table, over)))
            view["table"] = self._table
        view["patch"] = self._patch(had, viewer)
        legal = legal_for(game, self.live.table, viewer)
        if after not in self._public:
            self._public[after] = self._shared(after)
        events = self._public[after]
        if events is None:  # some event is hidden from spectators: redact it for this viewer
            shown = [redact(game, event, seen) for event in self.live.events[after:]]
            events = msgspec.Raw(encode(_entries(shown, after)))
        return encode(
            _Update(
                version=self.version,
                hash=self.hash,
                base=after,
                view=view,
                events=events,
                legal=legal,
            )
        )

    def parts(self, viewer: Viewer) -> Parts:
        """The viewer's game view now (None before the start) in `parts`: what the viewer
        holds once it has this update. Computed once per distinct view: once for all when
        the game is over or shows every viewer the same (`Game.one_view`), the same object
        then for every viewer."""
        seen = OMNISCIENT if self.over else SPECTATOR if self.game.one_view else viewer
        if seen not in self._parts:
            state = self.state
            self._parts[seen] = parts(None if state is None else self.game.view(state, seen))
        return self._parts[seen]

    def _patch(self, had: Parts, viewer: Viewer) -> msgspec.Raw:
        """The patch from `had` to the viewer's view now, encoded; once for all the viewers
        that held the same parts (the fan-out keeps one object per distinct view) and see
        the same view now."""
        now = self.parts(viewer)
        if isinstance(now, bytes):  # a view sent whole (patch.parts): no parts to compare
            return _UNCHANGED if had == now else msgspec.Raw(b"[[[]," + now + b"]]")
        key = id(had), id(now)
        if key not in self._patches:  # both kept in the value: no other object takes the ids
            self._patches[key] = had, now, msgspec.Raw(encode(diff(had, now)))
        return self._patches[key][2]

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
