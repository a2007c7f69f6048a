"""HTTP routes of the one-time links by e-mail (`server.accounts.mail_links`), offered only when
the server has an SMTP server (`GET /api/account` says `"mail_links"`).

`POST /api/account/email` `{"email"}`, signed in, mails a link confirming the address;
`POST /api/account/email/link` `{"email"}` mails a sign-in link to the account that confirmed
it, answered `202` alike whether one did or not (the mail is sent after the answer, so it takes
no longer either); `POST /api/account/email/open` `{"token"}`, from the page the link opens,
signs that browser in as a passkey does. Each address and each account gets so many links an
hour (`PLATEAU_MAIL_LINKS_PER_HOUR`), a request past that for an address refused `429` whether
it is an account's or not, one past that for an account dropped unsaid.
"""

from __future__ import annotations

from typing import TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from domain.kernel import Reason, Rejected
from server.accounts.mail_links import (
    CONFIRM,
    SIGN_IN,
    MailLinks,
    address_key,
    link_url,
    message,
)
from server.ops.logs import log
from server.store import StoreUnavailable
from server.table.channels import valid_address
from server.table.mail import Smtp, deliver
from server.table.webhooks import Unsendable
from server.web.accounts_http import with_session
from server.web.http import address_of, body, refusals, state_of
from server.web.http_limits import Limited
from server.web.signed_in import from_allowed_page, signed_in
from server.web.state import AppState

Body = TypeVar("Body", bound=msgspec.Struct)
ASKED = {"detail": "if an account confirmed this address, a link to sign in is on its way"}


class Addressed(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    email: str


class Opened(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    token: str


async def _asked(request: Request, kind: type[Body]) -> Body:
    try:
        return msgspec.json.decode(await body(request), type=kind)
    except msgspec.DecodeError as exc:
        raise Rejected(Reason.BAD_REQUEST, str(exc)) from None


def _smtp(state: AppState) -> Smtp:
    if state.notifier.smtp is None:
        raise Rejected(Reason.NOT_FOUND, "this server sends no e-mail: sign in with a passkey")
    return state.notifier.smtp


async def _address(request: Request) -> str:
    asked = await _asked(request, Addressed)
    if not valid_address(asked.email):
        raise Rejected(Reason.BAD_REQUEST, "not an e-mail address this server sends to")
    return asked.email


def _paced(state: AppState, secret: bytes, address: str) -> None:
    wait = state.mail_links.by_address.take(
        address_key(secret, address), state.settings.mail_links_per_hour
    )
    if wait is not None:
        raise Limited("too many links asked for this address: wait, then ask again", wait)


@refusals
async def confirm_address(request: Request) -> Response:
    state = state_of(request)
    state.limits.before_passkey(address_of(request))
    smtp = _smtp(state)
    account = await signed_in(request, state)
    address, secret = await _address(request), await state.secret.get()
    _paced(state, secret, address)
    wait = state.mail_links.by_account.take(account.account_id, state.settings.mail_links_per_hour)
    if wait is not None:
        raise Limited("too many links asked for this account: wait, then ask again", wait)
    links = MailLinks(state.store, secret)
    token = await links.issue(account.account_id, CONFIRM, state.service.now_ms(), address)
    url = link_url(state.notifier.public_url, token)
    try:
        await deliver(smtp, message(smtp, address, CONFIRM, account.name, url))
    except Unsendable as failed:
        log.warning("mail_link_unsent", error=failed.reason)
        raise Rejected(Reason.BUSY, "the mail was not sent: try again later") from None
    return JSONResponse({"detail": "a link to confirm this address is on its way"}, 202)


@refusals
async def ask_link(request: Request) -> Response:
    state = state_of(request)
    state.limits.before_passkey(address_of(request))
    smtp = _smtp(state)
    address, secret = await _address(request), await state.secret.get()
    _paced(state, secret, address)
    state.mail_links.later(_send_sign_in(state, smtp, secret, address))
    return JSONResponse(ASKED, status_code=202)


async def _send_sign_in(state: AppState, smtp: Smtp, secret: bytes, address: str) -> None:
    """Mail a sign-in link to the account that confirmed `address`, if one did and it has not
    had its links for the hour; its failures are logged, without the address."""
    try:
        links = MailLinks(state.store, secret)
        account = await links.account_for(address)
        if account is None:
            return
        limit = state.settings.mail_links_per_hour
        if state.mail_links.by_account.take(account.account_id, limit) is not None:
            return
        token = await links.issue(account.account_id, SIGN_IN, state.service.now_ms())
        url = link_url(state.notifier.public_url, token)
        confirmed = links.address_of(account) or address  # as confirmed, whatever the case
        await deliver(smtp, message(smtp, confirmed, SIGN_IN, account.name, url))
    except Unsendable as failed:
        log.warning("mail_link_unsent", error=failed.reason)
    except StoreUnavailable:
        log.warning("mail_link_unsent", error="store_unavailable")


@refusals
async def open_link(request: Request) -> Response:
    state = state_of(request)
    state.limits.before_passkey(address_of(request))
    if not from_allowed_page(request, state):
        raise Rejected(Reason.FORBIDDEN, "a link is opened by this site's pages")
    opened = await _asked(request, Opened)
    links = MailLinks(state.store, await state.secret.get())
    account = await links.redeem(opened.token, state.service.now_ms())
    log.info("signed_in_by_mail", account_id=account.account_id)
    return await with_session(request, state, account, 200)


ROUTES = [
    Route("/api/account/email", confirm_address, methods=["POST"]),
    Route("/api/account/email/link", ask_link, methods=["POST"]),
    Route("/api/account/email/open", open_link, methods=["POST"]),
]
