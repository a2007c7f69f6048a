"""Per-process fan-out: every process follows the store and pushes to its own sockets.

One pump task waits on all watched streams. For each new version of a game it computes the
view, redacted events and legal commands once per distinct viewer (and what all viewers share
once for all, `projections.updates`), encodes each once, and queues the bytes on every socket
of that viewer. A socket whose queue is full is closed (1013); its client resumes with
(last_version, last_hash).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from domain.kernel import SPECTATOR, Rejected
from projections.codec import encode
from projections.live import GameGap, LiveGame
from projections.snapshot import snapshot
from projections.updates import Updates, update
from server.connection import RESYNC, Connection
from server.logs import log
from server.presence import LocalPresence, Presence
from server.service import GameService
from server.store import Recorded, StoreUnavailable
from server.ws_protocol import text_frame

HEARTBEAT_SECONDS = 5.0


class Hub:
    def __init__(self, service: GameService, presence: Presence | None = None) -> None:
        self.service = service
        self.store = service.store
        self.presence: Presence = presence or LocalPresence()
        self.watchers: dict[str, set[Connection]] = defaultdict(set)
        self.shown: dict[str, tuple[int, str]] = {}  # per watched game: (version, hash) published
        self._verify = False  # after a store outage: check every watched tail before going on
        self._pump: asyncio.Task[None] | None = None
        self._heart: asyncio.Task[None] | None = None
        self._beating: set[str] = set()  # games with a presence beat about to run
        # frames held for a command's reply or its update (see `Connection.push`) give up
        # after the pump's next read that was sent after they were held: that read holds
        # every event appended before it, the held command's too
        self._releases: list[Callable[[], None]] = []
        self._read_releases: list[Callable[[], None]] = []  # those held before the read now out
        service.pinned = self.watchers.__contains__
        service.on_folded = self.publish

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._pump = loop.create_task(self._run())
        self._heart = loop.create_task(self._heartbeat())

    async def stop(self) -> None:
        self._release_held()
        for task in (self._pump, self._heart):
            if task:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def _heartbeat(self) -> None:
        """Renew this process's seats in every watched game, so the lobby sees them online."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            for game_id in list(self.watchers):
                await self._beat(game_id)

    def _beat_soon(self, game_id: str) -> None:
        """Beat the game's presence once for every socket that came or went this tick: a
        storm of connects or disconnects (a restart, 10,000 sockets) is one write per game,
        not one per socket. The beat reads the seats when it runs, so it says the last word."""
        if game_id not in self._beating:
            self._beating.add(game_id)
            asyncio.get_running_loop().create_task(self._beat_once(game_id))

    async def _beat_once(self, game_id: str) -> None:
        self._beating.discard(game_id)  # a change from now on needs a beat of its own
        await self._beat(game_id)

    async def _beat(self, game_id: str) -> None:
        try:
            await self.presence.beat(game_id, self.connected_seats(game_id))
        except Exception as exc:  # presence is advisory: never fail a socket over it
            log.warning("presence_failed", game_id=game_id, error=type(exc).__name__)

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
        else:
            conn.push(encode(snapshot(live, conn.viewer)))
        conn.sent_version, conn.sent_hash = live.version, live.hash
        if conn.seat is not None:  # only players send commands, so only they hold frames
            conn.release_later = self._releases_append
        fresh = conn.game_id not in self.watchers or not self.watchers[conn.game_id]
        self.watchers[conn.game_id].add(conn)
        self.shown.setdefault(conn.game_id, (live.version, live.hash))
        if fresh:
            await self.store.wake()
        self._beat_soon(conn.game_id)

    def detach(self, conn: Connection) -> None:
        watchers = self.watchers.get(conn.game_id)
        if watchers is not None:
            watchers.discard(conn)
            self._beat_soon(conn.game_id)
            if not watchers:
                del self.watchers[conn.game_id]
                self.shown.pop(conn.game_id, None)

    def publish(self, live: LiveGame) -> None:
        """Queue the new versions of `live` on every socket that has not seen them; close
        (1012) those shown versions it no longer has."""
        watchers = self.watchers.get(live.game_id)
        version, digest, hashes = live.version, live.hash, live.hashes
        if not watchers or self.shown.get(live.game_id) == (version, digest):
            return  # every socket has exactly this fold already
        updates = Updates(live)
        everyone = SPECTATOR if updates.over else None  # the past is public once the game ends
        frames: dict[tuple[Any, int], tuple[bytes, bytes]] = {}
        for conn in list(watchers):
            sent = conn.sent_version
            if sent == version and conn.sent_hash == digest:
                continue  # up to date
            if not 1 <= sent <= version or hashes[sent - 1] != conn.sent_hash:
                self._resync(conn)  # it was shown versions the stream no longer has
                continue
            key = (everyone or conn.viewer, sent)
            built = frames.get(key)
            if built is None:
                payload = updates.frame(conn.viewer, sent)
                built = frames[key] = (payload, text_frame(payload))
            conn.push(*built)
            conn.sent_version, conn.sent_hash = version, digest
        self.shown[live.game_id] = (version, digest)

    async def _run(self) -> None:
        while True:
            try:
                if self._verify:  # the store was away: it may have come back without its tail
                    await self._verify_tails()
                positions = {
                    gid: self.service.games[gid].version
                    for gid in self.watchers
                    if gid in self.service.games
                }
                self._read_releases, self._releases = self._releases, []
                batch = await self.store.wait(positions, timeout=1.0)
            except StoreUnavailable as exc:
                log.warning("store_unavailable", error=str(exc))
                self._release_held()
                self._verify = True
                await asyncio.sleep(0.5)
                continue
            except Exception:  # the pump is every socket's news: a bug must not end it
                log.exception("pump_failed")
                self._release_held()
                self._verify = True
                await asyncio.sleep(0.5)
                continue
            for gid, records in batch.items():
                try:
                    await self._deliver(gid, records)
                except Exception:  # one game's failure must not stop the others' news
                    log.exception("publish_failed", game_id=gid)
                    self._verify = True
            releases, self._read_releases = self._read_releases, []
            for release in releases:  # what this read did not bring goes on alone
                release()

    def _releases_append(self, release: Callable[[], None]) -> None:
        self._releases.append(release)

    def _release_held(self) -> None:
        """Let every held frame go on now: the pump cannot read (the store is away, or stops)."""
        releases = self._read_releases + self._releases
        self._read_releases, self._releases = [], []
        for release in releases:
            release()

    async def _deliver(self, game_id: str, records: list[Recorded]) -> None:
        """Fold what the store brought for one game and publish it."""
        live = self.service.games.get(game_id)
        if live is None:
            return
        try:
            live.extend(records)
        except GameGap as gap:
            try:
                await self.service.refold(live, str(gap))  # publishes (and resyncs) itself
            except (StoreUnavailable, Rejected):
                self._verify = True
            return
        self.publish(live)

    async def _verify_tails(self) -> None:
        for gid in list(self.watchers):
            live = self.service.games.get(gid)
            if live is not None:
                with contextlib.suppress(Rejected):
                    await self.service.catch_up(live)  # refolds a stream that lost its tail
                    self.publish(live)
        self._verify = False

    def _resync(self, conn: Connection) -> None:
        """Close a socket that saw a lost tail (1012); it resumes and gets a fresh snapshot."""
        if conn.closed:
            return
        log.warning("socket_resynced", game_id=conn.game_id, seat=conn.seat)
        conn.close_soon(RESYNC)
