"""Who a request is signed in as: the account its session cookie names, if the session is
this server's, unexpired and not signed out everywhere since.

A request that changes something on the session's say-so must also come from an allowed page:
an Origin header is required and must pass (`server.web.origin`). The same-origin guard lets a
request without one through, as scripts send them; a script has no browser's cookie to send.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection

from domain.accounts import Account
from domain.kernel import Reason, Rejected
from server.accounts.book import Accounts
from server.accounts.sessions import COOKIE, session_of
from server.web.origin import origin_allowed
from server.web.state import AppState


async def account_of(conn: HTTPConnection, state: AppState) -> Account | None:
    """The signed-in account, or None (no cookie, or one no longer good)."""
    value = conn.cookies.get(COOKIE)
    if not value:
        return None
    session = session_of(await state.secret.get(), value, state.service.now_ms())
    if session is None:
        return None
    account = await Accounts(state.store).load(session.account_id)
    if account is None or account.epoch != session.epoch:
        return None
    return account


def from_allowed_page(conn: HTTPConnection, state: AppState) -> bool:
    """Whether a request carries an Origin, and an allowed one."""
    return conn.headers.get("origin") is not None and origin_allowed(
        conn, state.settings.allowed_origins
    )


async def signed_in(conn: HTTPConnection, state: AppState, changing: bool = True) -> Account:
    """The signed-in account; Rejected when there is none, or when a change comes from a page
    not allowed to ask for it."""
    if changing and (
        conn.headers.get("origin") is None
        or not origin_allowed(conn, state.settings.allowed_origins)
    ):
        raise Rejected(Reason.FORBIDDEN, "a signed-in change must come from this site's pages")
    account = await account_of(conn, state)
    if account is None:
        raise Rejected(Reason.UNAUTHORIZED, "sign in first")
    return account
