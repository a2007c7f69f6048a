"""The seats of an account: a seat taken while signed in is attached to it, and so is one this
browser held before signing in, shown by its token; "Your games" lists their games, those
awaiting the account first. What is listed is each game's public summary, as the lobby shows
it: an account sees nothing of a game that its seat, or anyone, does not."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from domain.accounts import Account
from domain.kernel import Reason, Rejected
from projections.lobby import status, summary
from server.accounts.book import Accounts
from server.ops.logs import log
from server.store import StoreUnavailable
from server.web.signed_in import account_of, from_allowed_page
from server.web.state import AppState

SHOWN = 100  # the games listed, the latest taken first
ORDER = {"awaiting": 0, "live": 1, "open": 2, "finished": 3}


async def attach_seat(request: Request, state: AppState, game_id: str, seat: int) -> None:
    """Attach a seat just taken to the signed-in account, if any. Never refuses: the seat is
    taken and its token must reach the browser, which can attach it again later."""
    if not request.cookies or not from_allowed_page(request, state):
        return
    try:
        account = await account_of(request, state)
        if account is not None:
            await Accounts(state.store).attach(account.account_id, game_id, seat)
    except (StoreUnavailable, Rejected):
        log.warning("seat_not_attached", game_id=game_id)


async def attach_host(request: Request, state: AppState, game_id: str) -> None:
    """Make the signed-in account, if any, the host of a table it just created: it may start
    the table as the host token does. Never refuses, as `attach_seat`."""
    if not request.cookies or not from_allowed_page(request, state):
        return
    try:
        account = await account_of(request, state)
        if account is not None:
            await Accounts(state.store).host(game_id, account.account_id)
    except StoreUnavailable:
        log.warning("host_not_attached", game_id=game_id)


async def attach_held(state: AppState, account: Account, game_id: str, token: Any) -> Account:
    """Attach the seat `token` holds in `game_id` (Rejected for a wrong token)."""
    if not isinstance(token, str) or not token:
        raise Rejected(Reason.BAD_REQUEST, "give the seat's token")
    seat = await state.service.seat_for(game_id, token)
    assert seat is not None
    return await Accounts(state.store).attach(account.account_id, game_id, seat)


async def games_of(state: AppState, account: Account) -> list[dict[str, Any]]:
    """The account's games: awaiting it first, then being played, open, finished."""
    found = []
    for game_id, seat in reversed(account.seats[-SHOWN:]):
        try:
            live = await state.service.load(game_id, fresh=True)
        except Rejected:
            continue  # gone (a store in memory that restarted)
        shown = summary(live, await state.hub.online(game_id))
        awaits = seat in shown["awaiting"]
        shown.update(seat=seat, awaiting_me=awaits, status=status(live))
        found.append(shown)
    return sorted(found, key=lambda g: ORDER["awaiting" if g["awaiting_me"] else g["status"]])
