"""Which seat a request acts for: the one its token holds, or, without a token, the seat it
names (`?seat=N`, a route's own `{seat}`, the hello's `seat`) when the signed-in session's
account holds it. Every route and the websocket ask here, so a session reaches exactly the
seats of its account, each as its token would: never another's, and nothing more.

A session acts only from an allowed page: an allowed Origin is required, as the account's
own routes require it (`server.web.signed_in`), but for a read without one (a browser sends
none with a same-origin GET). A page of another site, a forged or expired cookie, or a
session signed out everywhere acts for no seat: the request is refused.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection, Request

from domain.kernel import Reason, Rejected
from server.accounts.book import Accounts
from server.accounts.sessions import COOKIE
from server.web.signed_in import account_of, from_allowed_page
from server.web.state import AppState

READS = frozenset({"GET", "HEAD"})


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def seat_named(request: Request) -> int | None:
    """The seat `?seat=N` names, or None."""
    raw = request.query_params.get("seat")
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 3:
        raise Rejected(Reason.BAD_REQUEST, "seat must be a seat's number")
    return int(raw)


def _session_may_act(conn: HTTPConnection, state: AppState) -> None:
    """Rejected unless the request comes from an allowed page: a foreign Origin never, and no
    Origin only for a read (a browser sends none with a same-origin GET)."""
    reading = conn.scope["type"] == "http" and conn.scope["method"] in READS
    if conn.headers.get("origin") is None and reading:
        return
    if not from_allowed_page(conn, state):
        raise Rejected(Reason.FORBIDDEN, "a signed-in request must come from this site's pages")


async def acting_seat(
    conn: HTTPConnection, state: AppState, game_id: str, token: str | None, named: int | None
) -> int | None:
    """The seat of `game_id` the asker acts for: `token`'s (Rejected for a wrong one), else
    seat `named` if the session's account holds it (Rejected if not), else None."""
    if token is not None:
        return await state.service.seat_for(game_id, token)
    if named is None:
        return None
    if COOKIE not in conn.cookies:
        raise Rejected(Reason.UNAUTHORIZED, "give the seat's token, or sign in")
    _session_may_act(conn, state)
    account = await account_of(conn, state)
    if account is None:
        raise Rejected(Reason.UNAUTHORIZED, "sign in again, or give the seat's token")
    if not account.holds(game_id, named):
        raise Rejected(Reason.FORBIDDEN, "this seat is not your account's")
    return named


async def request_seat(request: Request, state: AppState, game_id: str) -> int | None:
    """The seat an HTTP request acts for: its Bearer token's, or the `?seat=N` of its session."""
    return await acting_seat(request, state, game_id, bearer(request), seat_named(request))


async def request_hosts(request: Request, state: AppState, game_id: str) -> bool:
    """Whether an HTTP request acts as the table's creator: its Bearer token is the host token,
    or, with no token, its session's account created the table signed in."""
    token = bearer(request)
    if token is not None:
        return await state.service.hosted_by(game_id, token)
    if COOKIE not in request.cookies:
        return False
    _session_may_act(request, state)
    account = await account_of(request, state)
    if account is None:
        return False
    return await Accounts(state.store).host_of(game_id) == account.account_id
