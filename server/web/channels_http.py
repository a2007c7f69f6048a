"""HTTP routes of a game's notice channels (`server.table.notifier`), each with a token as
Bearer: a seat's token for that seat's channels, the table's host token (its creator's) for
the table's; or, signed in, the session of the account holding the seat (`?seat=N`) or having
created the table (`server.web.acting_seat`).

`GET /api/games/{id}/channels` lists them (the host each points at, never the address); `POST`
adds one: a webhook, `{"url": ..., "format": "json" | "discord" | "slack"}`, or an e-mail
address, `{"email": ...}`, or a browser's push subscription, `{"push": {"endpoint", "keys":
{"p256dh", "auth"}}}`, each with `"always": false` or true (even while the seat is open in a
browser); `DELETE .../channels/{channel}` removes one; `POST .../channels/{channel}/test` sends
a test notice and answers the channel's health (a paused channel that answers is resumed).
`GET /api/push/key` gives the browser the key to subscribe to web push with."""

from __future__ import annotations

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from domain.kernel import Reason, Rejected
from server.table.channels import BadChannel, checked, checked_email, checked_push
from server.table.tokens import holds
from server.table.webhooks import Unsendable, resolved
from server.web.acting_seat import bearer, request_hosts, request_seat
from server.web.http import body, refusals, state_of
from server.web.state import AppState


class Keys(msgspec.Struct):
    p256dh: str
    auth: str


class Subscription(msgspec.Struct):
    """`PushSubscription.toJSON()`, as a browser gives it."""

    endpoint: str
    keys: Keys


class Asked(msgspec.Struct, forbid_unknown_fields=True):
    url: str | None = None  # a webhook
    email: str | None = None  # or an e-mail address
    push: Subscription | None = None  # or a browser's push subscription
    format: str = "json"
    always: bool = False


async def owner(state: AppState, request: Request) -> int | None:
    """The seat whose channels the request reaches (its token's, or the seat its session names),
    or None for the table's (the host token, or the session of the account that created it)."""
    game_id = request.path_params["game_id"]
    token = bearer(request)
    if token is None:
        seat = await request_seat(request, state, game_id)
        if seat is not None:
            return seat
        if await request_hosts(request, state, game_id):
            return None
        raise Rejected(
            Reason.UNAUTHORIZED, "a seat's token or the host token as Bearer, or sign in"
        )
    try:
        return await state.service.seat_for(game_id, token)
    except Rejected as refusal:
        live = await state.service.load(game_id)
        if refusal.reason == Reason.UNAUTHORIZED and holds(token, live.table.host_hash):
            return None
        raise


@refusals
async def list_channels(request: Request) -> Response:
    state, game_id = state_of(request), request.path_params["game_id"]
    seat = await owner(state, request)
    return JSONResponse({"channels": await state.notifier.listed(game_id, seat)})


@refusals
async def add_channel(request: Request) -> Response:
    state, game_id = state_of(request), request.path_params["game_id"]
    seat = await owner(state, request)
    try:
        asked = msgspec.json.decode(await body(request), type=Asked)
        if [asked.url, asked.email, asked.push].count(None) != 2:
            raise BadChannel("say one of a webhook's url, an email address, a push subscription")
        if asked.push is not None:
            if state.notifier.pusher is None:
                raise BadChannel("this server sends no web push (no VAPID key configured)")
            keys = asked.push.keys
            channel = checked_push(asked.push.endpoint, keys.p256dh, keys.auth, seat, asked.always)
            await resolved(channel.url, state.settings.webhook_allow_private)
        elif asked.email is not None:
            if state.notifier.smtp is None:
                raise BadChannel("this server sends no e-mail (no SMTP server configured)")
            channel = checked_email(asked.email, seat, asked.always)
        else:
            channel = checked(asked.url or "", asked.format, seat, asked.always)
            await resolved(channel.url, state.settings.webhook_allow_private)
    except (msgspec.DecodeError, msgspec.ValidationError, BadChannel) as bad:
        raise Rejected(Reason.BAD_REQUEST, str(bad)) from None
    except Unsendable as refused:
        raise Rejected(Reason.BAD_REQUEST, f"the URL cannot be reached: {refused.reason}") from None
    channel_id = await state.notifier.add(game_id, channel)
    return JSONResponse({"id": channel_id}, status_code=201)


@refusals
async def remove_channel(request: Request) -> Response:
    state, game_id = state_of(request), request.path_params["game_id"]
    seat = await owner(state, request)
    if not await state.notifier.remove(game_id, request.path_params["channel"], seat):
        raise Rejected(Reason.NOT_FOUND, "no such channel")
    return Response(status_code=204)


@refusals
async def test_channel(request: Request) -> Response:
    state, game_id = state_of(request), request.path_params["game_id"]
    seat = await owner(state, request)
    health = await state.notifier.test(game_id, request.path_params["channel"], seat)
    if health is None:
        raise Rejected(Reason.NOT_FOUND, "no such channel")
    return JSONResponse(
        {
            "sent": health.failures == 0,
            "failures": health.failures,
            "paused": health.paused,
            "error": health.error,
        }
    )


async def push_key(request: Request) -> Response:
    """The key a browser subscribes to web push with (`applicationServerKey`); null when web
    push is off."""
    pusher = state_of(request).notifier.pusher
    return JSONResponse({"key": pusher.public_key if pusher is not None else None})


ROUTES = [
    Route("/api/push/key", push_key),
    Route("/api/games/{game_id}/channels", list_channels, methods=["GET"]),
    Route("/api/games/{game_id}/channels", add_channel, methods=["POST"]),
    Route("/api/games/{game_id}/channels/{channel}", remove_channel, methods=["DELETE"]),
    Route("/api/games/{game_id}/channels/{channel}/test", test_channel, methods=["POST"]),
]
