"""Per-process fan-out: which of this process's sockets watch which game, and each game's new
versions pushed to them.

For each new version of a game the hub computes the view, redacted events and legal commands
once per distinct viewer (and what all viewers share once for all, `projections.updates`: the
view and its patch too in a game that shows all the same), encodes each once, and queues the
bytes on every socket of that viewer. It keeps the game view
it last sent each viewer, so that an update carries only the patch from it to the new one
(the view is folded again for a socket left behind). New versions come from
this process's own folds (`Games.on_folded`) and from the pump (`server.live.pump`), which
follows the store for every watched game.
"""

from __future__ import annotations

from collections import defaultdict

from domain.kernel import Viewer
from projections.codec import encode
from projections.frames import game_part
from projections.live import LiveGame
from projections.patch import Parts, parts
from projections.snapshot import snapshot
from projections.updates import Updates, update
from server.live.connection import RESYNC, Connection
from server.live.presence import LocalPresence, Presence
from server.live.presence_beats import PresenceBeats
from server.live.pump import Pump
from server.live.ws_frames import text_frame
from server.ops.logs import log
from server.table.games import Games


class Hub:
    def __init__(self, service: Games, presence: Presence | None = None) -> None:
        self.service = service
        self.store = service.store
        self.presence: Presence = presence or LocalPresence()
        self.watchers: dict[str, set[Connection]] = defaultdict(set)
        self.shown: dict[str, tuple[int, str]] = {}  # per watched game: (version, hash) published
        # per watched game and viewer: the game view last sent, as (version, hash, its parts)
        self.views: dict[str, dict[Viewer, tuple[int, str, Parts]]] = {}
        self.pump = Pump(service, self.watchers, self.publish)
        self.beats = PresenceBeats(self.presence, self.watchers, self.connected_seats)
        service.pinned = self.watchers.__contains__
        service.on_folded = self.publish

    def start(self) -> None:
        self.pump.start()
        self.beats.start()

    async def stop(self) -> None:
        await self.pump.stop()
        await self.beats.stop()

    async def online(self, game_id: str) -> list[int]:
        """Seats connected through any process."""
        try:
            elsewhere = await self.presence.seats(game_id)
        except Exception:
            elsewhere = []
        return sorted(set(elsewhere) | set(self.connected_seats(game_id)))

    @property
    def connections(self) -> int:
        return sum(len(c) for c in self.watchers.values())

    def connected_seats(self, game_id: str) -> list[int]:
        return sorted({c.seat for c in self.watchers.get(game_id, ()) if c.seat is not None})

    async def attach(
        self, conn: Connection, live: LiveGame, last_version: int | None, last_hash: str | None
    ) -> None:
        """Send the first frame (snapshot, or the missed update) and start following.

        No await between computing the frame and registering: no version can slip between."""
        if last_version is not None and last_version > live.version:
            await self.service.catch_up(live)
        # a version with no published hash (stored before salts) never matches: a snapshot
        published = None if last_version is None else live.hash_at(last_version)
        if last_version is not None and published and published == last_hash:
            if last_version < live.version:
                conn.push(encode(update(live, conn.viewer, last_version)))
            shown = game_part(live.game, live.table, conn.viewer)
        else:
            first = snapshot(live, conn.viewer)
            conn.push(encode(first))
            shown = first.view["game"]
        held = (live.version, live.hash, parts(shown))
        self.views.setdefault(conn.game_id, {})[conn.viewer] = held
        conn.sent_version, conn.sent_hash = live.version, live.hash
        if conn.seat is not None:  # only players send commands, so only they hold frames
            conn.release_later = self.pump.release_after_next_read
        fresh = conn.game_id not in self.watchers or not self.watchers[conn.game_id]
        self.watchers[conn.game_id].add(conn)
        self.shown.setdefault(conn.game_id, (live.version, live.hash))
        if fresh:
            await self.store.wake()
        self.beats.soon(conn.game_id)

    def detach(self, conn: Connection) -> None:
        watchers = self.watchers.get(conn.game_id)
        if watchers is not None:
            watchers.discard(conn)
            self.beats.soon(conn.game_id)
            if not watchers:
                del self.watchers[conn.game_id]
                self.shown.pop(conn.game_id, None)
                self.views.pop(conn.game_id, None)

    def publish(self, live: LiveGame) -> None:
        """Queue the new versions of `live` on every socket that has not seen them; close
        (1012) those shown versions it no longer has."""
        watchers = self.watchers.get(live.game_id)
        version, digest, hashes = live.version, live.hash, live.hashes
        if not watchers or self.shown.get(live.game_id) == (version, digest):
            return  # every socket has exactly this fold already
        updates = Updates(live)
        views = self.views.setdefault(live.game_id, {})
        frames: dict[tuple[Viewer, int], tuple[bytes, bytes]] = {}
        for conn in list(watchers):
            sent = conn.sent_version
            if sent == version and conn.sent_hash == digest:
                continue  # up to date
            if not 1 <= sent <= version or hashes[sent - 1] != conn.sent_hash:
                self._resync(conn)  # it was shown versions the stream no longer has
                continue
            key = (conn.viewer, sent)
            built = frames.get(key)
            if built is None:
                held = views.get(conn.viewer)
                if held is not None and held[:2] == (sent, conn.sent_hash):
                    had = held[2]
                else:  # a socket behind the others of its viewer: fold its view again
                    had = parts(game_part(live.game, live.table_at(sent), conn.viewer))
                payload = updates.frame(conn.viewer, sent, had)
                built = frames[key] = (payload, text_frame(payload))
            conn.push(*built)
            conn.sent_version, conn.sent_hash = version, digest
        for viewer, _ in frames:
            views[viewer] = (version, digest, updates.parts(viewer))
        self.shown[live.game_id] = (version, digest)

    def _resync(self, conn: Connection) -> None:
        """Close a socket that saw a lost tail (1012); it resumes and gets a fresh snapshot."""
        if conn.closed:
            return
        log.warning("socket_resynced", game_id=conn.game_id, seat=conn.seat)
        conn.close_soon(RESYNC)
