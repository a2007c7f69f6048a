"""HTTP routes of accounts (`server.accounts`), all optional: nothing else needs one.

`POST /api/account/register/options` `{"name"}` then `POST /api/account/register`
`{"ceremony", "credential"}` make an account with its first passkey and sign in;
`POST /api/account/signin/options` then `POST /api/account/signin` sign in with any passkey;
`GET /api/account` is who is signed in (`{"signed_in": false}`: nobody), and whether sign-in
links are mailed (`server.web.mail_links_http`);
`POST /api/account/passkeys/options` then `POST /api/account/passkeys` add a passkey,
`DELETE /api/account/passkeys/{id}` removes one; `POST /api/account/seats` attaches a seat
held by its token, `GET /api/account/games` lists the account's games;
`POST /api/account/signout` ends this browser's session, `.../signout/everywhere` every one.
"""

from __future__ import annotations

import base64
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from domain.accounts import Account, PasskeyAdded, PasskeyRemoved, PasskeyUsed, SignedOutEverywhere
from domain.kernel import Reason, Rejected
from server.accounts import passkeys
from server.accounts.book import Accounts, new_account_id
from server.accounts.mail_links import MailLinks
from server.accounts.sessions import COOKIE, LIFETIME_S, opened
from server.ops.logs import log
from server.web.account_seats import attach_held, games_of
from server.web.http import MsgspecJSON, address_of, body, refusals, state_of
from server.web.signed_in import account_of, signed_in
from server.web.state import AppState


class Named(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str


class Answered(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ceremony: str
    credential: dict[str, Any]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def shown(account: Account) -> dict[str, Any]:
    """What the account's own browser is told of it."""
    return {
        "signed_in": True,
        "account_id": account.account_id,
        "name": account.name,
        "passkeys": [
            {"id": _b64(p.credential_id), "added_ms": p.added_ms} for p in account.passkeys
        ],
        "seats": [{"game_id": game_id, "seat": seat} for game_id, seat in account.seats],
    }


async def _decoded(request: Request, kind: type[Any]) -> Any:
    try:
        return msgspec.json.decode(await body(request), type=kind)
    except msgspec.DecodeError as exc:
        raise Rejected(Reason.BAD_REQUEST, str(exc)) from None


def _origin(request: Request) -> str:
    origin = request.headers.get("origin")
    if not origin:
        raise Rejected(Reason.BAD_REQUEST, "a passkey needs the page's Origin")
    return origin


async def with_session(
    request: Request, state: AppState, account: Account, status: int
) -> Response:
    value = opened(
        await state.secret.get(), account.account_id, account.epoch, state.service.now_ms()
    )
    response = JSONResponse(shown(account), status_code=status)
    response.set_cookie(
        COOKIE,
        value,
        max_age=LIFETIME_S,
        path="/",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )
    return response


def _signed_out(response: Response, request: Request) -> Response:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="strict", secure=request.url.scheme == "https"
    )
    return response


@refusals
async def me(request: Request) -> Response:
    """Who is signed in: asked by every page, so nobody signed in is an answer, not an error.
    Either way, whether this server mails sign-in links; signed in, the account's address."""
    state = state_of(request)
    account = await account_of(request, state)
    mailing = state.notifier.smtp is not None
    if account is None:
        return JSONResponse({"signed_in": False, "mail_links": mailing})
    address = await MailLinks(state.store, await state.secret.get()).links_to(account)
    return JSONResponse({**shown(account), "mail_links": mailing, "email": address})


@refusals
async def register_options(request: Request) -> Response:
    state_of(request).limits.before_passkey(address_of(request))
    state, named = state_of(request), await _decoded(request, Named)
    why = await Accounts(state.store).why_name_unavailable(named.name)
    if why:
        raise Rejected(Reason.FORBIDDEN, why)
    options = passkeys.registration(
        await state.secret.get(),
        _origin(request),
        new_account_id(),
        named.name,
        state.service.now_ms(),
    )
    return JSONResponse(options)


@refusals
async def register(request: Request) -> Response:
    state_of(request).limits.before_passkey(address_of(request))
    state, answered = state_of(request), await _decoded(request, Answered)
    now, origin, book = state.service.now_ms(), _origin(request), Accounts(state.store)
    ceremony = passkeys.ceremony_of(
        await state.secret.get(), answered.ceremony, passkeys.REGISTER, now
    )
    if await book.load(ceremony.account_id) is not None:
        raise Rejected(Reason.UNAUTHORIZED, "this passkey request was already answered")
    key = passkeys.registered(ceremony, answered.credential, origin, now)
    if not await book.answer(ceremony.challenge):
        raise Rejected(Reason.UNAUTHORIZED, "this passkey request was already answered")
    added = PasskeyAdded(key.credential_id, key.public_key, key.sign_count, now)
    account = await book.create(ceremony.name, ceremony.account_id, now, added)
    log.info("account_created", account_id=account.account_id)
    return await with_session(request, state, account, 201)


@refusals
async def signin_options(request: Request) -> Response:
    state_of(request).limits.before_passkey(address_of(request))
    state = state_of(request)
    return JSONResponse(
        passkeys.sign_in(await state.secret.get(), _origin(request), state.service.now_ms())
    )


@refusals
async def signin(request: Request) -> Response:
    state_of(request).limits.before_passkey(address_of(request))
    state, answered = state_of(request), await _decoded(request, Answered)
    now, origin, book = state.service.now_ms(), _origin(request), Accounts(state.store)
    ceremony = passkeys.ceremony_of(
        await state.secret.get(), answered.ceremony, passkeys.SIGN_IN, now
    )
    assertion = passkeys.assertion_of(answered.credential)
    user = assertion.response.user_handle or b""
    account = await book.load(user.decode(errors="replace"))
    key = account.passkey(assertion.raw_id) if account is not None else None
    if account is None or key is None:
        raise Rejected(Reason.UNAUTHORIZED, "this passkey belongs to no account here")
    count = passkeys.asserted(ceremony, assertion, key, origin)
    if not await book.answer(ceremony.challenge):
        raise Rejected(Reason.UNAUTHORIZED, "this passkey request was already answered")
    if count > key.sign_count:
        account = await book.append(account.account_id, PasskeyUsed(key.credential_id, count))
    log.info("signed_in", account_id=account.account_id)
    return await with_session(request, state, account, 200)


@refusals
async def passkey_options(request: Request) -> Response:
    state_of(request).limits.before_passkey(address_of(request))
    state = state_of(request)
    account = await signed_in(request, state)
    options = passkeys.registration(
        await state.secret.get(),
        _origin(request),
        account.account_id,
        account.name,
        state.service.now_ms(),
        account.passkeys,
    )
    return JSONResponse(options)


@refusals
async def add_passkey(request: Request) -> Response:
    state_of(request).limits.before_passkey(address_of(request))
    state, answered = state_of(request), await _decoded(request, Answered)
    account = await signed_in(request, state)
    now, origin, book = state.service.now_ms(), _origin(request), Accounts(state.store)
    ceremony = passkeys.ceremony_of(
        await state.secret.get(), answered.ceremony, passkeys.REGISTER, now
    )
    if ceremony.account_id != account.account_id:
        raise Rejected(Reason.FORBIDDEN, "this passkey request is another account's")
    key = passkeys.registered(ceremony, answered.credential, origin, now)
    if account.passkey(key.credential_id) is not None:
        raise Rejected(Reason.BAD_REQUEST, "this passkey is already the account's")
    if not await book.answer(ceremony.challenge):
        raise Rejected(Reason.UNAUTHORIZED, "this passkey request was already answered")
    added = PasskeyAdded(key.credential_id, key.public_key, key.sign_count, now)
    account = await book.append(account.account_id, added)
    return JSONResponse(shown(account), status_code=201)


@refusals
async def remove_passkey(request: Request) -> Response:
    state = state_of(request)
    account = await signed_in(request, state)
    raw = request.path_params["credential_id"]
    key = next((p for p in account.passkeys if _b64(p.credential_id) == raw), None)
    if key is None:
        raise Rejected(Reason.NOT_FOUND, "the account has no such passkey")
    if len(account.passkeys) == 1:
        raise Rejected(Reason.FORBIDDEN, "the last passkey stays: add another before removing it")
    account = await Accounts(state.store).append(
        account.account_id, PasskeyRemoved(key.credential_id)
    )
    return JSONResponse(shown(account))


@refusals
async def signout(request: Request) -> Response:
    await signed_in(request, state_of(request))
    return _signed_out(JSONResponse({"signed_in": False}), request)


@refusals
async def signout_everywhere(request: Request) -> Response:
    state = state_of(request)
    account = await signed_in(request, state)
    await Accounts(state.store).append(
        account.account_id, SignedOutEverywhere(state.service.now_ms())
    )
    log.info("signed_out_everywhere", account_id=account.account_id)
    return _signed_out(JSONResponse({"signed_in": False}), request)


class Held(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    game_id: str
    token: str


@refusals
async def attach(request: Request) -> Response:
    """Attach a seat this browser holds, shown by its token, to the signed-in account."""
    state, held = state_of(request), await _decoded(request, Held)
    account = await signed_in(request, state)
    account = await attach_held(state, account, held.game_id, held.token)
    return JSONResponse({"seats": [list(s) for s in account.seats]}, status_code=201)


@refusals
async def your_games(request: Request) -> Response:
    state = state_of(request)
    account = await signed_in(request, state, changing=False)
    return MsgspecJSON(await games_of(state, account))


ROUTES = [
    Route("/api/account", me, methods=["GET"]),
    Route("/api/account/register/options", register_options, methods=["POST"]),
    Route("/api/account/register", register, methods=["POST"]),
    Route("/api/account/signin/options", signin_options, methods=["POST"]),
    Route("/api/account/signin", signin, methods=["POST"]),
    Route("/api/account/passkeys/options", passkey_options, methods=["POST"]),
    Route("/api/account/passkeys", add_passkey, methods=["POST"]),
    Route("/api/account/passkeys/{credential_id}", remove_passkey, methods=["DELETE"]),
    Route("/api/account/seats", attach, methods=["POST"]),
    Route("/api/account/games", your_games, methods=["GET"]),
    Route("/api/account/signout", signout, methods=["POST"]),
    Route("/api/account/signout/everywhere", signout_everywhere, methods=["POST"]),
]
