"""The lobby's listing of games, from a summary kept per game between requests.

Every open lobby asks for the listing every 3 seconds. Folding every game for each request
cost a store read per game each time (3,000 small games: 220 to 370 ms of the event loop per
request, whoever asked). Summaries are kept instead:
- a finished game's never changes;
- a game this process watches is kept current by the hub's pump, so its summary is read off
  the fold whenever its version moved;
- any other is checked every REFRESH_SECONDS, when the index of games is read again: one
  call asks the store for the last version and hash of all of them, and only a game that
  moved is read again (and at once after this process changed it: `changed`). A game nobody
  touched, as most old ones, costs no read and no fold, and takes no place in the service's
  cache of folds, which is the players'.
So however many people watch the lobby, the store sees one index read and one heads call per
refresh period, and a read per game that changed; games changed by other processes (or
created there) show within that period. Each list holds the newest `limit` games among the
newest SCAN; the scan stops once all three lists are full, and what is kept of games beyond
SCAN is dropped. While the store is away, the lobby shows what it last read.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.kernel import Rejected
from projections.live import GameGap, LiveGame
from projections.lobby import status, summary
from server.live.abandoned import DAY_S, abandoned
from server.live.fanout import Hub
from server.ops.logs import log
from server.store import StoreUnavailable
from server.table.games import Games

REFRESH_SECONDS = 5.0
LIMIT = 100  # games per list, unless the request asks for fewer
SCAN = 1000  # the newest games looked at: older ones are reached by their link
KINDS = ("open", "live", "abandoned", "finished")


@dataclass
class _Kept:
    summary: dict[str, Any]  # `projections.lobby.summary` but who is connected
    hash: str  # of its last event: a stream rewritten since is read again
    status: str
    moved_ms: int = 0  # when the game last moved (store time), for `abandoned`
    stale: bool = False  # its stream moved since: read again when next listed


class Listing:
    def __init__(
        self,
        service: Games,
        hub: Hub,
        clock: Callable[[], float] = time.monotonic,
        abandoned_after_s: float = DAY_S,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.service, self.hub, self.clock = service, hub, clock
        self.abandoned_after_s, self.wall = abandoned_after_s, wall
        self.kept: dict[str, _Kept] = {}
        self.online: dict[str, tuple[list[int], float]] = {}  # seats connected, and when
        self.index: list[str] = []  # every game, oldest first, as the store lists them
        self.index_at = float("-inf")
        self.away_at = float("-inf")  # when the store last failed: it is left alone a period

    def created(self, game_id: str) -> None:
        """This process created the game: list it now, as the newest."""
        self.index.append(game_id)  # the next read of the store's index confirms it

    def changed(self, game_id: str) -> None:
        """This process changed the game (a seat claimed, the start): list it as it is now."""
        kept = self.kept.get(game_id)
        if kept is not None:
            kept.stale = True

    async def lists(self, limit: int = LIMIT) -> dict[str, list[dict[str, Any]]]:
        """The newest `limit` games of each kind, newest first."""
        now = self.clock()
        if now - self.index_at >= REFRESH_SECONDS and not self._away(now):
            try:
                index = await self.service.store.streams()
                await self._recheck(index)
                self.index, self.index_at = index, now
            except StoreUnavailable:
                self.away_at = now
        if self._away(now) and not self.index:
            raise StoreUnavailable("no listing yet")  # nothing to show: the asker retries
        lists: dict[str, list[dict[str, Any]]] = {kind: [] for kind in KINDS}
        for game_id in reversed(self.index[-SCAN:]):
            if all(len(shown) >= limit for shown in lists.values()):
                break
            kept = await self._current(game_id, now)
            if kept is None:
                continue  # gone, or a game this server no longer knows
            kind, connected = kept.status, None
            if kind == "live":  # who is here decides whether it is abandoned
                connected = await self._connected(game_id, now)
                if abandoned(kind, kept.moved_ms, connected, self.wall(), self.abandoned_after_s):
                    kind = "abandoned"
            shown = lists[kind]
            if len(shown) < limit:
                if connected is None:
                    connected = await self._connected(game_id, now)
                shown.append({**kept.summary, "connected": connected})
        return lists

    async def _current(self, game_id: str, now: float) -> _Kept | None:
        kept = self.kept.get(game_id)
        if kept is not None and kept.status == "finished":
            return kept  # final
        live = self.service.games.get(game_id)
        if live is not None and game_id in self.hub.watchers:  # the pump keeps it current
            if kept is None or kept.summary["version"] != live.version:
                kept = self._keep(live)
            return kept
        if (kept is not None and not kept.stale) or self._away(now):
            return kept  # unchanged at the last `_recheck`, or as last read
        try:
            if live is not None:  # cached, not watched: fold what came since
                await self.service.catch_up(live)
            else:
                records = await self.service.store.read(game_id)
                # not cached: the lobby keeps its summary, not a fold in the players' cache
                live = LiveGame.replay(game_id, records) if records else None
        except StoreUnavailable:
            self.away_at = now
            return kept  # as last read
        except (Rejected, ImportError, KeyError, GameGap, msgspec.DecodeError) as exc:
            # of a kind or an event this server cannot read (another version of it?): not listed,
            # and one game that cannot be read must not take the lobby down with it
            log.warning("lobby_unreadable", game_id=game_id, error=type(exc).__name__)
            live = None
        if live is None:
            self.kept.pop(game_id, None)
            return None
        return self._keep(live)

    async def _recheck(self, index: list[str]) -> None:
        """Forget what is kept of games beyond the newest SCAN, and mark those whose stream
        moved since they were kept: one heads call for all of those that can move."""
        newest = set(index[-SCAN:])
        self.online = {g: seen for g, seen in self.online.items() if g in newest}
        self.kept = {g: kept for g, kept in self.kept.items() if g in newest}
        movable = [g for g, kept in self.kept.items() if kept.status != "finished"]
        heads = await self.service.store.heads(movable)
        for game_id in movable:
            kept = self.kept[game_id]
            if heads.get(game_id) != (kept.summary["version"], kept.hash):
                kept.stale = True

    def _away(self, now: float) -> bool:
        return now - self.away_at < REFRESH_SECONDS

    def _keep(self, live: LiveGame) -> _Kept:
        kept = _Kept(summary(live, []), live.hash, status(live), live.moved_ms)
        self.kept[live.game_id] = kept
        return kept

    async def _connected(self, game_id: str, now: float) -> list[int]:
        known = self.online.get(game_id)
        if known is not None and now - known[1] < REFRESH_SECONDS:
            return known[0]
        if self._away(now):  # presence lives in the store too: this process's own sockets
            return self.hub.connected_seats(game_id)
        seats = await self.hub.online(game_id)
        self.online[game_id] = (seats, now)
        return seats
