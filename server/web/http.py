"""HTTP routes: create, list, join and start games; export the log; time travel; health."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response

from domain import games
from domain.fairness import published
from domain.kernel import SPECTATOR, Reason, Rejected, Seat
from domain.rules import OPTION as RULES_OPTION
from projections.codec import encode
from projections.frames import redacted_log
from projections.lobby import summary
from projections.snapshot import snapshot
from server.live.lobby import LIMIT
from server.ops.version import version
from server.records.proof import proof_of
from server.store import STORE_DOWN, StoreUnavailable
from server.table import forks
from server.table.fork_bots import fill_with_bots
from server.table.seat_handover import hand_over
from server.table.table_clock import left_now
from server.table.tokens import new_token
from server.web import idempotency
from server.web.account_seats import attach_host, attach_seat
from server.web.acting_seat import acting_seat, bearer, request_hosts, request_seat
from server.web.http_limits import Limited
from server.web.state import AppState

MAX_BODY = 64 * 1024
STATUS = {
    Reason.NOT_FOUND: 404,
    Reason.UNAUTHORIZED: 401,
    Reason.FORBIDDEN: 403,
    Reason.BAD_REQUEST: 400,
    Reason.TOO_LARGE: 413,
    Reason.RATE_LIMITED: 429,
    Reason.BUSY: 503,
}

Handler = Callable[[Request], Awaitable[Response]]


def state_of(request: Request) -> AppState:
    plateau: AppState = request.app.state.plateau
    return plateau


class MsgspecJSON(Response):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return encode(content)


def refusals(handler: Handler) -> Handler:
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except Rejected as refusal:
            return JSONResponse(
                {"error": refusal.reason.value, "detail": refusal.detail},
                status_code=STATUS.get(refusal.reason, 409),
            )
        except StoreUnavailable:  # whatever the request did may not have landed: retry it
            return JSONResponse({"error": Reason.BUSY.value, "detail": STORE_DOWN}, 503)
        except Limited as limited:
            state_of(request).metrics.count("http_limited")
            return JSONResponse(
                {"error": Reason.RATE_LIMITED.value, "detail": limited.detail},
                status_code=429,
                headers={"retry-after": str(limited.retry_after)},
            )

    return wrapped


async def body(request: Request) -> bytes:
    if int(request.headers.get("content-length") or 0) > MAX_BODY:
        raise Rejected(Reason.TOO_LARGE, f"bodies are limited to {MAX_BODY} bytes")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise Rejected(Reason.TOO_LARGE, f"bodies are limited to {MAX_BODY} bytes")
    return data


def whole_number(request: Request, name: str, low: int, high: int) -> int | None:
    """The query parameter `name`, a whole number from `low` to `high`; None if absent.
    Only ASCII digits: `str.isdigit` also takes "²", which `int` refuses."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit()) or not low <= int(raw) <= high:
        raise Rejected(Reason.BAD_REQUEST, f"{name} must be a whole number from {low} to {high}")
    return int(raw)


def address_of(request: Request) -> str:
    """The client's address, as the websocket's cap counts it: uvicorn takes it from
    X-Forwarded-For when the peer is a trusted proxy (FORWARDED_ALLOW_IPS)."""
    return request.client.host if request.client else "?"


@refusals
async def game_types(request: Request) -> Response:
    out = []
    for name in games.names():
        try:
            game = games.get(name)
        except (ImportError, AttributeError):
            continue  # a game package still being written
        options = msgspec.to_builtins(msgspec.convert({}, game.options_type))
        options.pop(RULES_OPTION, None)  # set by the server, not a choice
        out.append(
            {
                "name": name,
                "title": game.title,
                "min_seats": game.min_seats,
                "max_seats": game.max_seats,
                "options": options,
                "rules": game.rules,
            }
        )
    return MsgspecJSON(out)


@refusals
async def create_game(request: Request) -> Response:
    state, address = state_of(request), address_of(request)
    await state.limits.before_create(address)
    raw, key = await body(request), idempotency.key_of(request.headers)
    if key is None:
        host = new_token()
        game_id = await state.service.create(raw, host_token=host)
    else:
        game_id, host = await idempotency.create(
            state.service, state.secret, state.agenda, raw, key
        )
    state.limits.opened(address, game_id)
    state.listing.created(game_id)
    await attach_host(request, state, game_id)
    # shown once: the creator starts the table with it before every seat is taken
    return JSONResponse({"game_id": game_id, "host_token": host}, status_code=201)


@refusals
async def list_games(request: Request) -> Response:
    """The newest games of each kind (open, live, finished), newest first; `?limit=N`
    (1 to 100) per kind."""
    limit = whole_number(request, "limit", 1, LIMIT) or LIMIT
    return MsgspecJSON(await state_of(request).listing.lists(limit))


@refusals
async def get_game(request: Request) -> Response:
    state = state_of(request)
    game_id = request.path_params["game_id"]
    live = await state.service.load(game_id, fresh=True)
    shown = summary(live, await state.hub.online(game_id))
    shown["fairness"] = published(live.table.fairness)  # the lobby's rows leave it out
    shown["hosted"] = bool(live.table.host_hash)  # until full, only its creator starts it
    if shown["hosted"] and not live.table.started:  # the asker is it: its Start is enabled
        shown["you_host"] = await _asks_as_host(request, state, game_id)
    if live.table.rated:  # each seat's rating at this game, beside its name
        table = live.table
        shown["rated"] = True
        shown["ratings"] = await state.ratings.beside(game_id, table.game, table.seats)
    if live.table.clock is not None:  # what each seat has left now, in server time
        now = state.service.now_ms()
        left = left_now(live.table, live.game, now)
        shown["clock"] = {**shown["clock"], "left_ms": left, "at_ms": now}
    return MsgspecJSON(shown)


async def _asks_as_host(request: Request, state: AppState, game_id: str) -> bool:
    """Whether a read comes from the table's creator (its host token, or the session of the
    account that created it, on any device); a read from a foreign page is answered, as no."""
    try:
        return await request_hosts(request, state, game_id)
    except Rejected:
        return False


@refusals
async def join_game(request: Request) -> Response:
    state, game_id, address = state_of(request), request.path_params["game_id"], address_of(request)
    await state.limits.before_join(address)
    raw, key = await body(request), idempotency.key_of(request.headers)
    if key is None:
        seat, token = await state.service.join(game_id, raw)
    else:
        seat, token = await idempotency.join(state.service, state.secret, game_id, raw, key)
    state.limits.seated(address, game_id, seat)
    state.listing.changed(game_id)
    await attach_seat(request, state, game_id, seat)
    return JSONResponse({"seat": seat, "token": token}, status_code=201)


@refusals
async def seat_bot(request: Request) -> Response:
    """Hand a seat to a bot or take it back (`server.table.seat_handover`), with its token or
    the session of the account holding it."""
    state, game_id = state_of(request), request.path_params["game_id"]
    raw_seat = request.path_params["seat"]
    named = int(raw_seat) if raw_seat.isascii() and raw_seat.isdigit() else None
    holder = await acting_seat(request, state, game_id, bearer(request), named)
    answer = await hand_over(state.service, game_id, raw_seat, holder, await body(request))
    state.listing.changed(game_id)
    return JSONResponse(answer)


@refusals
async def start_game(request: Request) -> Response:
    """Start the table: as its creator (the host token, or the session of the account that
    created it), or as a seat once every seat is taken."""
    state, game_id = state_of(request), request.path_params["game_id"]
    hosting = await request_hosts(request, state, game_id)
    seated = not hosting and await request_seat(request, state, game_id) is not None
    version = await state.service.start_by(game_id, hosting, seated)
    state.listing.changed(game_id)
    return JSONResponse({"version": version})


@refusals
async def fork_game(request: Request) -> Response:
    """A what-if fork at `{"version": N}` (`server.table.forks`): a seat (`request_seat`) while
    the game runs; anyone once it is over."""
    state, game_id, address = state_of(request), request.path_params["game_id"], address_of(request)
    await state.limits.before_fork(address)
    seat = await request_seat(request, state, game_id)
    forked = await forks.fork(state.service, game_id, await body(request), seat)
    state.limits.opened(address, forked.game_id)
    if forked.seat is not None:
        state.limits.seated(address, forked.game_id, forked.seat)
        await attach_seat(request, state, forked.game_id, forked.seat)  # the forker's, as a join
    state.listing.created(forked.game_id)
    return MsgspecJSON(forked, status_code=201)


@refusals
async def fork_bots(request: Request) -> Response:
    """The forker gives a fork's free seats to bots (`server.table.fork_bots`), as its seat."""
    state, game_id = state_of(request), request.path_params["game_id"]
    seat = await request_seat(request, state, game_id)
    answer = await fill_with_bots(state.service, game_id, seat, await body(request))
    state.listing.changed(game_id)
    return JSONResponse(answer)


async def _viewer(request: Request) -> tuple[Any, Any]:
    state = state_of(request)
    game_id = request.path_params["game_id"]
    seat = await request_seat(request, state, game_id)
    live = await state.service.load(game_id, fresh=True)
    return live, SPECTATOR if seat is None else Seat(seat)


@refusals
async def export_events(request: Request) -> Response:
    """The event log as JSON Lines, redacted for whoever asks (everything once over)."""
    live, viewer = await _viewer(request)
    entries = redacted_log(live.game, live.table, live.events, 1, viewer)
    lines = b"".join(encode(entry) + b"\n" for entry in entries)
    return Response(lines, media_type="application/x-ndjson")


@refusals
async def view_at(request: Request) -> Response:
    live, viewer = await _viewer(request)
    version = whole_number(request, "version", 1, live.version)
    frame = snapshot(live, viewer, version)
    return MsgspecJSON({"version": frame.version, "hash": frame.hash, "view": frame.view})


@refusals
async def log_proof(request: Request) -> Response:
    """Once the game is over: every stored event with its salt and hash, as stored now, so
    anyone can recompute the chain (`server.records.proof`). Refused while it runs: the salts are
    what keeps the hashes from confirming guesses."""
    state = state_of(request)
    game_id = request.path_params["game_id"]
    live = await state.service.load(game_id, fresh=True)
    if not live.over:
        raise Rejected(Reason.FORBIDDEN, "the log's proof is published when the game is over")
    return MsgspecJSON(proof_of(game_id, await state.store.read(game_id)))


@refusals
async def export_18xx(request: Request) -> Response:
    """A finished 18ZOO game as an 18xx.games export, to replay it on the site."""
    from server.records.export_18xx import export_live

    state = state_of(request)
    game_id = request.path_params["game_id"]
    live = await state.service.load(game_id, fresh=True)
    headers = {"content-disposition": f'attachment; filename="18zoo-{game_id}.json"'}
    return MsgspecJSON(export_live(live), headers=headers)


async def healthz(request: Request) -> Response:
    state = state_of(request)
    ok = await state.store.ping()
    return JSONResponse(
        {
            "status": "ok" if ok else "store_unavailable",
            "version": version(),
            "connections": state.hub.connections,
        },
        status_code=200 if ok else 503,
    )


async def metrics(request: Request) -> Response:
    state = state_of(request)
    gauges = {
        "games_cached": float(len(state.service.games)),
        "connections": float(state.hub.connections),
        "games_watched": float(len(state.hub.watchers)),
    }
    return PlainTextResponse(state.metrics.render(gauges), media_type="text/plain; version=0.0.4")


def index(web_root: Path) -> Handler:
    async def page(request: Request) -> Response:
        path = web_root / "index.html"
        if not path.exists():
            return PlainTextResponse("Plateau: the browser client is not installed.", 404)
        return FileResponse(path, headers={"cache-control": "no-cache"})

    return page


# files served at the root, not under /static: a service worker controls only the pages under
# its own path, and the app's manifest goes with it
ROOT_FILES = {"manifest.webmanifest": "application/manifest+json", "sw.js": "text/javascript"}


def web_file(web_root: Path, name: str) -> Handler:
    media_type = ROOT_FILES[name]

    async def file(request: Request) -> Response:
        path = web_root / name
        if not path.exists():
            return PlainTextResponse("not installed", 404)
        return FileResponse(path, media_type=media_type, headers={"cache-control": "no-cache"})

    return file
