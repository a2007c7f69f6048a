"""HTTP routes of the ratings (`server.accounts.ratings`): `GET /api/ratings/{game}` is a game's
leaderboard, `GET /api/players/{account_id}` a player's page (its rating at each game and its
rated games, in the order they ended). Both public, as a table's names are."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from domain import games
from domain.kernel import Reason, Rejected
from projections.ratings import Standing
from server.accounts.book import Accounts
from server.store import EventStore
from server.web.http import MsgspecJSON, refusals, state_of

SHOWN = 100  # places on a leaderboard


def _standing(standing: Standing) -> dict[str, Any]:
    return {
        "rating": round(standing.rating, 2),
        "mu": standing.mu,
        "sigma": standing.sigma,
        "games": standing.games,
    }


async def _names(store: EventStore, account_ids: list[str]) -> dict[str, str]:
    book, names = Accounts(store), {}
    for account_id in account_ids:
        account = await book.load(account_id)
        names[account_id] = account.name if account else ""
    return names


@refusals
async def leaderboard(request: Request) -> Response:
    state, game = state_of(request), request.path_params["game"]
    if game not in games.names():
        raise Rejected(Reason.NOT_FOUND, f"no game {game!r}")
    board = (await state.ratings.ratings()).leaderboard(game)[:SHOWN]
    names = await _names(state.store, [account_id for account_id, _ in board])
    return MsgspecJSON(
        [
            {"place": place, "account_id": account_id, "name": names[account_id]}
            | _standing(standing)
            for place, (account_id, standing) in enumerate(board, start=1)
        ]
    )


@refusals
async def player(request: Request) -> Response:
    state, account_id = state_of(request), request.path_params["account_id"]
    account = await Accounts(state.store).load(account_id)
    if account is None:
        raise Rejected(Reason.NOT_FOUND, "no such player")
    ratings = await state.ratings.ratings()
    rated = {
        game: _standing(table[account_id])
        for game, table in sorted(ratings.standings.items())
        if account_id in table
    }
    return MsgspecJSON(
        {
            "account_id": account_id,
            "name": account.name,
            "ratings": rated,
            "history": ratings.history.get(account_id, []),
        }
    )


ROUTES = [
    Route("/api/ratings/{game}", leaderboard, methods=["GET"]),
    Route("/api/players/{account_id}", player, methods=["GET"]),
]
