"""The ratings read from the store (`projections.ratings` folds them): the rated games among
the stored ones, with who sat at each seat.

`RatedGames` keeps what it found per game, and reads a game again only when its stream moved
since; a finished game never moves, so a leaderboard asked again reads only the games that
changed. It keeps its fold too, and folds on it the games that ended after all it folded (the
same steps, so the same numbers, as folding them all again); a game found that ended before
(another process's, its clock a little behind) has everything folded again. `rebuild` reads
everything afresh, as `plateau ratings --rebuild` does: both give the same numbers, as the
fold orders the games by their ends, not by when they were read.
"""

from __future__ import annotations

import time
from typing import Any

import msgspec

from domain.table import RatingAsked
from projections.codec import decoder, opening
from projections.ratings import RatedGame, Ratings, order_of_ends, rate, rated_game
from server.accounts.book import Accounts
from server.store import EventStore, Recorded

_asked = msgspec.json.Decoder(RatingAsked)


class RatedGames:
    def __init__(self, store: EventStore, fresh_for_s: float = 2.0) -> None:
        self.store = store
        self.found: dict[str, tuple[int, RatedGame | None]] = {}  # game -> (version, found)
        # every open rated table asks each few seconds: one look at the store serves them all
        self.fresh_for_s = fresh_for_s
        self._last: tuple[float, Ratings] | None = None
        self._folded: dict[str, RatedGame] = {}  # by game id: the games `_last` holds

    async def games(self) -> list[RatedGame]:
        streams = await self.store.streams()
        heads = await self.store.heads(streams)
        for game_id, (version, _) in heads.items():
            known = self.found.get(game_id)
            if known is None or known[0] != version:
                self.found[game_id] = (version, await examined(self.store, game_id))
        return [game for _, game in self.found.values() if game is not None]

    async def ratings(self) -> Ratings:
        now = time.monotonic()
        if self._last is None or now - self._last[0] >= self.fresh_for_s:
            self._last = now, self._folded_on(await self.games())
        return self._last[1]

    def _folded_on(self, games: list[RatedGame]) -> Ratings:
        found = {game.game_id: game for game in games}
        new = [game for game in games if game.game_id not in self._folded]
        kept = all(found.get(game_id) == game for game_id, game in self._folded.items())
        last = max(map(order_of_ends, self._folded.values()), default=None)
        ahead = last is None or all(order_of_ends(game) > last for game in new)
        if self._last is not None and kept and ahead:
            ratings = rate(new, onto=self._last[1])
        else:
            ratings = rate(games)
        self._folded = found
        return ratings

    async def beside(self, game_id: str, game: str, seats: int) -> list[float | None]:
        """The rating of the account at each seat of a table at `game` (None: a guest's seat,
        or an account not rated at that game yet)."""
        book, standings = Accounts(self.store), (await self.ratings()).standings.get(game, {})
        owners = [await book.owner(game_id, seat) for seat in range(seats)]
        return [round(standings[o].rating, 2) if o in standings else None for o in owners]


async def rebuild(store: EventStore) -> Ratings:
    """The ratings from the stored games alone, nothing kept from before."""
    return rate(await RatedGames(store).games())


async def examined(store: EventStore, game_id: str) -> RatedGame | None:
    records = await store.read(game_id)
    if len(records) < 2 or not _rating_asked(records[1]):
        return None  # asked right after the opening, or never: most games stop here
    try:
        events: list[Any] = [opening(records[0].data)]
        decode = decoder(events[0].game).decode
        events += [decode(r.data) for r in records[1:]]
    except (msgspec.DecodeError, ImportError, KeyError, ValueError):
        return None  # a game this server cannot fold counts for nothing
    book = Accounts(store)
    owners = [await book.owned(game_id, seat) for seat in range(events[0].seats)]
    return rated_game(game_id, events, [r.at_ms for r in records], owners)


def _rating_asked(record: Recorded) -> bool:
    try:
        _asked.decode(record.data)
    except msgspec.DecodeError:
        return False
    return True
