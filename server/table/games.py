"""The game cache: each game's fold (`LiveGame`), loaded from the store on demand, caught up
with its stream, folded again when the stream was rewritten, and evicted least recently used
first unless watched.

The cached fold of each game is advanced only from stored records, whoever appended them.
The use cases (`server.table.lifecycle`, `server.table.moves`) read and append through it.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from domain.kernel import Reason, Rejected
from projections.live import GameGap, LiveGame
from server.ops.logs import log
from server.ops.metrics import Metrics
from server.store import EventStore
from server.table.tokens import holds, seat_of

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class Games:
    def __init__(self, store: EventStore, metrics: Metrics, max_cached: int = 2000) -> None:
        self.store = store
        self.metrics = metrics
        self.games: OrderedDict[str, LiveGame] = OrderedDict()  # least recently used first
        self.max_cached = max_cached
        self.pinned: Callable[[str], bool] = lambda game_id: False  # the hub pins watched games
        # a fold moved outside the hub's pump (a load, a command or a refold read the stream
        # itself): the hub publishes it, or sockets would wait for the game's next event
        self.on_folded: Callable[[LiveGame], None] = lambda live: None
        # an append of this process moved the game (a move, a start, a seat handed over), or
        # this process folded it anew: the bot seats' player looks whether a bot or a clock
        # is awaited now
        self.appended: Callable[[LiveGame], None] = lambda live: None
        # before such an append (True: it seats a bot), the bot seats' player writes the game
        # on the agenda for a little later, so a process that dies between the append and
        # `appended` leaves the game due, not forgotten (None: nothing to write)
        self.appending: Callable[[LiveGame, bool], Awaitable[None] | None] = lambda live, _: None

    async def load(self, game_id: str, fresh: bool = False) -> LiveGame:
        """The cached fold of a game; `fresh` also catches it up with its stream."""
        live = self.cached(game_id)
        if live is None:
            if not GAME_ID.match(game_id):
                raise Rejected(Reason.NOT_FOUND)
            records = await self.store.read(game_id)
            if not records:
                raise Rejected(Reason.NOT_FOUND, f"no game {game_id!r}")
            # a concurrent load may have cached one while we read: keep one fold per game,
            # since the hub checks what sockets were shown against the cached one
            live = self.games.get(game_id)
            if live is None:
                live = self.games[game_id] = LiveGame.replay(game_id, records)
                self._evict()
                self.appended(live)  # a turn due whose process died before saying so
                return live
            self.games.move_to_end(game_id)
        if fresh:
            await self.catch_up(live)
        return live

    def cached(self, game_id: str) -> LiveGame | None:
        """The cached fold of a game, now the most recently used, or None."""
        live = self.games.get(game_id)
        if live is not None:
            self.games.move_to_end(game_id)
        return live

    def _evict(self) -> None:
        """Forget the least recently used folds nobody watches; they are rebuilt on demand."""
        excess = len(self.games) - self.max_cached
        for game_id in list(self.games):
            if excess <= 0:
                return
            if not self.pinned(game_id):
                del self.games[game_id]
                excess -= 1

    async def catch_up(self, live: LiveGame) -> bool:
        """Fold what the store has beyond the cache; True if anything was new.

        The read starts at our last version, so its hash is checked again: a stream that lost
        its tail (Redis restarted without its last writes) or was rewritten since is detected
        here and folded again from scratch, never extended as if nothing had happened."""
        records = await self.store.read(live.game_id, after=live.version - 1)
        try:
            if not records:
                raise GameGap(f"{live.game_id}: the stream ends before version {live.version}")
            live.extend(records)
        except GameGap as gap:
            await self.refold(live, str(gap))
            return True
        if len(records) > 1:
            self.on_folded(live)
            return True
        return False

    async def refold(self, live: LiveGame, why: str) -> None:
        """Fold the whole stream again into `live`, in place: whoever holds it sees the stream
        as it is now. The hub then resyncs sockets that were shown the lost versions."""
        log.warning("stream_rewritten", game_id=live.game_id, why=why)
        self.metrics.count("history_rewrites")
        records = await self.store.read(live.game_id)
        if not records:
            self.games.pop(live.game_id, None)
            raise Rejected(Reason.NOT_FOUND, f"no game {live.game_id!r}")
        first = records[0]
        # in place (mypy refuses a call of __init__ on an instance): every holder sees it
        live.__init__(live.game_id, first.data, first.hash, bool(first.salt))  # type: ignore[misc]
        live.extend(records[1:])
        self.on_folded(live)

    async def hosted_by(self, game_id: str, token: str | None) -> bool:
        """Whether `token` is the host token the table's create answered."""
        return token is not None and holds(token, (await self.load(game_id)).table.host_hash)

    async def seat_for(self, game_id: str, token: str | None) -> int | None:
        """The seat a token holds in a game; None for no token; Rejected for a wrong one."""
        if token is None:
            return None
        live = await self.load(game_id)
        seat = seat_of(token, live.table.token_hashes)
        if seat is None:
            await self.catch_up(live)  # the seat may have been claimed through another process
            seat = seat_of(token, live.table.token_hashes)
        if seat is None:
            raise Rejected(Reason.UNAUTHORIZED)
        return seat
