"""Ratings: each game type's rating of each account, a projection of finished rated games.

A table counts when its creator asked (`RatingAsked`), it ended with a result, every seat was
an account's (each a different account), no seat was ever handed to a bot and it is no fork;
an imported game has no accounts, so it never counts. A seat whose clock ran out, its turns
played by a bot, still counts: as played badly, not as absent.

The model is Weng-Lin's Plackett-Luce (openskill), made for more than two players: every seat
is a team of one (no game here has teams), ranked by the result, tied seats sharing a rank.
The games are folded in the order of their ends (the time of the event recording the result,
then the game's id), whatever order they are read in: a rebuild from the stored games alone,
in any process, gives the same numbers to the last bit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec
from openskill.models import PlackettLuce, PlackettLuceRating

from domain.forks import GameForked
from domain.rules import ResultRecorded
from domain.seat_bots import BotSeated
from domain.table import RatingAsked, TableOpened


class RatedGame(msgspec.Struct, frozen=True):
    game_id: str
    game: str
    ended_ms: int
    accounts: tuple[str, ...]  # by seat
    ranks: tuple[int, ...]  # by seat: 1 won; tied seats share a rank


class Standing(msgspec.Struct, frozen=True):
    mu: float
    sigma: float
    games: int = 0

    @property
    def rating(self) -> float:
        """What is shown and ranked on: the skill the player has at least, most likely."""
        return self.mu - 3 * self.sigma


class Played(msgspec.Struct, frozen=True):
    """One account's line in a rated game: its rank, and its rating before and after."""

    game_id: str
    game: str
    ended_ms: int
    seat: int
    rank: int
    before: float
    after: float


class Ratings(msgspec.Struct):
    standings: dict[str, dict[str, Standing]]  # game type -> account -> standing
    history: dict[str, list[Played]]  # account -> its rated games, in the order of their ends

    def leaderboard(self, game: str) -> list[tuple[str, Standing]]:
        """The accounts rated at `game`, best first (ties by account id, so always the same)."""
        rated = self.standings.get(game, {})
        return sorted(rated.items(), key=lambda item: (-item[1].rating, item[0]))


MODEL = PlackettLuce()
FRESH = Standing(MODEL.mu, MODEL.sigma)


def rated_game(
    game_id: str,
    events: Sequence[Any],
    at_ms: Sequence[int],
    owners: Sequence[tuple[str, int] | None],
) -> RatedGame | None:
    """The rated game a stored stream makes (its events, the time each was stored, and the
    account each seat is attached to with the time it was), or None when it does not count.
    A seat attached only after the end does not make a game count afterwards."""
    if not events or not isinstance(events[0], TableOpened):
        return None
    if not any(isinstance(e, RatingAsked) for e in events):
        return None
    if any(isinstance(e, GameForked | BotSeated) for e in events):
        return None
    end = next((n for n, e in enumerate(events) if isinstance(e, ResultRecorded)), None)
    if end is None:
        return None
    result: ResultRecorded = events[end]
    accounts = tuple(o[0] if o is not None and o[1] <= at_ms[end] else None for o in owners)
    if len(accounts) != len(result.ranks) or None in accounts:
        return None
    if len(set(accounts)) != len(accounts):
        return None  # one person in two seats plays against themselves
    named = tuple(a for a in accounts if a is not None)
    return RatedGame(game_id, events[0].game, at_ms[end], named, tuple(result.ranks))


def order_of_ends(game: RatedGame) -> tuple[int, str]:
    return game.ended_ms, game.game_id


def rate(games: Iterable[RatedGame], onto: Ratings | None = None) -> Ratings:
    """The ratings the games make, folded in the order of their ends; with `onto`, folded on
    (and into) ratings of games that all ended before these."""
    ratings = Ratings({}, {}) if onto is None else onto
    for game in sorted(games, key=order_of_ends):
        table = ratings.standings.setdefault(game.game, {})
        before = [table.get(account, FRESH) for account in game.accounts]
        teams = [[PlackettLuceRating(s.mu, s.sigma)] for s in before]
        rated = MODEL.rate(teams, ranks=[float(rank) for rank in game.ranks])
        for seat, account in enumerate(game.accounts):
            (after_rating,) = rated[seat]
            after = Standing(after_rating.mu, after_rating.sigma, before[seat].games + 1)
            table[account] = after
            line = Played(
                game.game_id,
                game.game,
                game.ended_ms,
                seat,
                game.ranks[seat],
                before[seat].rating,
                after.rating,
            )
            ratings.history.setdefault(account, []).append(line)
    return ratings
