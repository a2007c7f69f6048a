"""The lobby's listing of games, from a summary kept per game between requests.

Every open lobby asks for the listing every 3 seconds. Folding every game for each request
cost a store read per game each time (3,000 small games: 220 to 370 ms of the event loop per
request, whoever asked). Summaries are kept instead:
- a finished game's never changes;
- a game this process watches is kept current by the hub's pump, so its summary is read off
  the fold whenever its version moved;
- any other is read again once it is REFRESH_SECONDS old, and at once after this process
  changed it (`changed`: created, joined, started).
So the store sees at most one read per game and refresh period, however many people watch the
lobby, and games changed by other processes (or created there) show within that period. Each
list holds the newest `limit` games, and the scan stops once all three are full. While the
store is away, the lobby shows what it last read.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.kernel import Rejected
from projections.live import LiveGame
from projections.lobby import status, summary
from server.hub import Hub
from server.service import GameService
from server.store import StoreUnavailable

REFRESH_SECONDS = 5.0
LIMIT = 100  # games per list, unless the request asks for fewer
KINDS = ("open", "live", "finished")


@dataclass
class _Kept:
    summary: dict[str, Any]  # `projections.lobby.summary` but who is connected
    status: str
    read_at: float  # when it was read from the store or a fold


class Listing:
    def __init__(
        self, service: GameService, hub: Hub, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.service, self.hub, self.clock = service, hub, clock
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
        self.kept.pop(game_id, None)

    async def lists(self, limit: int = LIMIT) -> dict[str, list[dict[str, Any]]]:
        """The newest `limit` games of each kind, newest first."""
        now = self.clock()
        if now - self.index_at >= REFRESH_SECONDS and not self._away(now):
            try:
                self.index, self.index_at = await self.service.store.streams(), now
            except StoreUnavailable:
                self.away_at = now
        if self._away(now) and not self.index:
            raise StoreUnavailable("no listing yet")  # nothing to show: the asker retries
        lists: dict[str, list[dict[str, Any]]] = {kind: [] for kind in KINDS}
        for game_id in reversed(self.index):
            if all(len(shown) >= limit for shown in lists.values()):
                break
            kept = await self._current(game_id, now)
            if kept is None:
                continue  # gone, or a game this server no longer knows
            shown = lists[kept.status]
            if len(shown) < limit:
                shown.append({**kept.summary, "connected": await self._connected(game_id, now)})
        return lists

    async def _current(self, game_id: str, now: float) -> _Kept | None:
        kept = self.kept.get(game_id)
        if kept is not None and kept.status == "finished":
            return kept  # final
        live = self.service.games.get(game_id)
        if live is not None and game_id in self.hub.watchers:  # the pump keeps it current
            if kept is None or kept.summary["version"] != live.version:
                kept = self._keep(live, now)
            return kept
        if (kept is not None and now - kept.read_at < REFRESH_SECONDS) or self._away(now):
            return kept  # while the store is away, as it was last read
        try:
            live = await self.service.load(game_id, fresh=True)
        except StoreUnavailable:
            self.away_at = now
            return kept
        except (Rejected, ImportError, KeyError):
            self.kept.pop(game_id, None)
            return None
        return self._keep(live, now)

    def _away(self, now: float) -> bool:
        return now - self.away_at < REFRESH_SECONDS

    def _keep(self, live: LiveGame, now: float) -> _Kept:
        kept = _Kept(summary(live, []), status(live), now)
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
