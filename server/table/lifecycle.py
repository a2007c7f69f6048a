"""A table's life around its game: opened (`create`), seats claimed (`join`), the game
started (`start`), and chat at the table (`chat`).

Each reads the fold from the game cache (`server.table.games`), decides, and appends what it
decided at the version it read; another append first makes it read and decide again. Bad
input of any kind is refused with `Rejected` before anything is appended.
"""

from __future__ import annotations

import unicodedata
import uuid
from collections.abc import Callable
from typing import Any

import msgspec

from domain import games
from domain.fairness import SETUP
from domain.forks import FORK_DEAL, origin
from domain.kernel import Reason, Rejected
from domain.options import checked as checked_options
from domain.rules import OPTION as RULES_OPTION
from domain.rules import options_for
from domain.table import ChatPosted, GameStarted, RatingAsked, SeatClaimed, TableOpened
from domain.undo import CONSENT, MODES
from projections.codec import encode
from server.ops.logs import log
from server.store import WrongExpectedVersion
from server.table import fairness, forks
from server.table.appends import MAX_ATTEMPTS, once
from server.table.bot_table import bot_claims, gap_before_bots
from server.table.chat_limit import ChatLimits
from server.table.games import Games
from server.table.names import why_name_refused, why_taken
from server.table.table_clock import ClockRequest, clock_set, stamps
from server.table.text import why_refused
from server.table.tokens import new_token, seat_of, token_hash

MAX_NAME = 32
MAX_CHAT = 500
REUSED_KEY = "this Idempotency-Key was used with another request"

Deal = Callable[[str], fairness.Opening]  # a fresh secret's opening, for a deal's label


class CreateGame(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    seats: int
    options: dict[str, Any] = {}
    undo: str = CONSENT  # undo by consent (`domain.undo`), or "never"
    bots: list[int] = []  # seats the server's bots play (`server.table.bot_seats`)
    bot_level: str = "greedy"
    clock: ClockRequest | None = None  # a turn clock (`domain.clocks`)
    rated: bool = False  # counts for the ratings if every seat is an account's


class JoinGame(msgspec.Struct, forbid_unknown_fields=True):
    name: str


async def create(
    cache: Games, raw: bytes, game_id: str | None = None, host_token: str | None = None
) -> str:
    """A new table from the request `raw`; its id. With `game_id` (an idempotent retry's,
    `server.web.idempotency`), a table already stored under that id is the one created. With
    `host_token`, its creator's: the table keeps its hash, and until every seat is taken
    only that token starts it (`start`)."""
    events = opening(raw)
    if host_token is not None:
        events[0] = msgspec.structs.replace(events[0], host_hash=token_hash(host_token))
    retried, game_id = game_id is not None, game_id or uuid.uuid4().hex[:12]
    try:
        await cache.store.append(game_id, 0, [encode(e) for e in events], once(), "")
    except WrongExpectedVersion:
        if not retried:
            raise
        await cache.store.register(game_id)
        return game_id  # the first try of the same request created it
    await cache.store.register(game_id)
    cache.metrics.count("games_created")
    opened = events[0]
    log.info("game_created", game_id=game_id, game=opened.game, seats=opened.seats)
    return game_id


def opening(raw: bytes) -> list[Any]:
    """The first events of a table asked for by `raw`; Rejected for a bad request."""
    try:
        request = msgspec.json.decode(raw, type=CreateGame)
    except msgspec.DecodeError as exc:
        raise Rejected(Reason.BAD_REQUEST, str(exc)) from None
    if request.game not in games.names():
        raise Rejected(Reason.BAD_REQUEST, f"unknown game {request.game!r}")
    game = games.get(request.game)
    if not game.min_seats <= request.seats <= game.max_seats:
        raise Rejected(
            Reason.BAD_REQUEST,
            f"{game.title} is for {game.min_seats} to {game.max_seats} players",
        )
    if RULES_OPTION in request.options:
        raise Rejected(
            Reason.BAD_REQUEST,
            f"options: a new game plays by today's rules (version {game.rules});"
            " the rules version is not an option",
        )
    options = checked_options(game, request.options)
    if getattr(options, "imported", False):
        # relaxed rules replay what another site recorded; a new game plays by the rules
        raise Rejected(Reason.BAD_REQUEST, "imported games come only from plateau import-18xx")
    if request.undo not in MODES:
        raise Rejected(Reason.BAD_REQUEST, f"undo is one of {', '.join(MODES)}")
    bots = bot_claims(request.bots, request.bot_level, request.seats)
    stored = msgspec.to_builtins(options)
    stored.pop(RULES_OPTION, None)  # kept once, as the table's `rules`
    opened = TableOpened(
        game=request.game,
        seats=request.seats,
        options=stored,
        rules=game.rules,
        undo=request.undo,
    )
    if request.rated and bots:
        raise Rejected(Reason.BAD_REQUEST, "a rated table is for people: no bot seats")
    asked = [RatingAsked()] if request.rated else []
    return [opened, *asked, *clock_set(request.clock), *bots]


async def join(
    cache: Games, game_id: str, raw: bytes, token: str | None = None, command_id: str | None = None
) -> tuple[int, str]:
    """Claim the next free seat; its number and token. With `token` (derived from an
    idempotency key), a seat that token holds already is the answer."""
    try:
        request = msgspec.json.decode(raw, type=JoinGame)
    except msgspec.DecodeError as exc:
        raise Rejected(Reason.BAD_REQUEST, str(exc)) from None
    name = unicodedata.normalize("NFC", request.name.strip())
    if not 1 <= len(name) <= MAX_NAME:
        raise Rejected(Reason.BAD_REQUEST, f"a name has 1 to {MAX_NAME} characters")
    why = why_name_refused(name)
    if why:
        raise Rejected(Reason.BAD_REQUEST, f"this name cannot be used: {why}")
    retried = token is not None
    token = token or new_token()
    for _ in range(MAX_ATTEMPTS):
        live = await cache.load(game_id, fresh=True)
        table = live.table
        if retried:
            seated = seat_of(token, table.token_hashes)
            if seated is not None:
                if table.names[seated] != name:
                    raise Rejected(Reason.BAD_REQUEST, REUSED_KEY)
                if table.started:  # a retry comes at once; later, a key only tells a token
                    raise Rejected(Reason.FORBIDDEN, "the game has already started")
                return seated, token
        if table.started:
            raise Rejected(Reason.FORBIDDEN, "the game has already started")
        if table.claimed >= table.seats:
            raise Rejected(Reason.FORBIDDEN, "every seat is taken")
        taken = why_taken(name, table.names)
        if taken:
            raise Rejected(Reason.FORBIDDEN, taken)
        seat = table.free_seat
        claim = SeatClaimed(seat=seat, name=name, token_hash=token_hash(token))
        try:
            await cache.store.append(
                game_id, live.version, [encode(claim)], command_id or once(), live.hash
            )
        except WrongExpectedVersion:
            await cache.catch_up(live)
            continue
        if retried:  # the claim that landed may be another try's: ask the log whose
            await cache.catch_up(live)
            landed = seat_of(token, live.table.token_hashes)
            seat = seat if landed is None else landed
        log.info("seat_claimed", game_id=game_id, seat=seat)
        return seat, token
    raise Rejected(Reason.BUSY)


async def start(
    cache: Games, game_id: str, token: str | None, deal: Deal, now_ms: Callable[[], int]
) -> int:
    """Start the game with a token: the creator's host token, or a seat's (`started_by`)."""
    hosting = await cache.hosted_by(game_id, token)
    seated = not hosting and await cache.seat_for(game_id, token) is not None
    return await started_by(cache, game_id, hosting, seated, deal, now_ms)


async def started_by(
    cache: Games, game_id: str, hosting: bool, seated: bool, deal: Deal, now_ms: Callable[[], int]
) -> int:
    """Start the game, by its creator (`hosting`), or by a seat (`seated`) once every seat is
    taken (a table stored without a host: any seat, as before). `deal` draws a fresh secret
    for the deal; `now_ms` is the time the clocks start at."""
    if not (hosting or seated):
        raise Rejected(Reason.UNAUTHORIZED, "only the table's creator or a seat may start it")
    for _ in range(MAX_ATTEMPTS):
        live = await cache.load(game_id, fresh=True)
        table, game = live.table, live.game
        at, head = live.version, live.hash  # what the start is decided at (see `moves.play`)
        if table.started:
            raise Rejected(Reason.FORBIDDEN, "the game has already started")
        if table.claimed < game.min_seats:
            raise Rejected(
                Reason.FORBIDDEN,
                f"{game.title} needs at least {game.min_seats} players; {table.claimed} seated",
            )
        gap = gap_before_bots(table.names, table.claimed)
        if gap is not None:
            raise Rejected(Reason.FORBIDDEN, f"seat {gap} is free, and a bot sits after it")
        checked_options(game, table.options)  # a table stored before options were checked
        if not hosting and table.host_hash and table.claimed < table.seats:
            raise Rejected(
                Reason.FORBIDDEN,
                "until every seat is taken, only the table's creator starts it"
                " (with the host token its create answered)",
            )
        options = options_for(game, table.options, table.rules)
        forked = origin(live.events)
        if forked is None:
            initial = game.initial(table.claimed, options)
            dealing = deal(SETUP)
            events = [
                GameStarted(seats=table.claimed),
                *dealing.events(game.setup(initial, dealing.rng)),
            ]
        else:  # a fork's position, dealt again from the fork's own secret
            dealing = deal(FORK_DEAL)
            dealt, started = await forks.opening(cache, table, forked, dealing.rng)
            events = [*dealing.events([dealt]), started]
        events = [*stamps(table, game, now_ms()), *events]  # the clocks start
        ahead = cache.appending(live, False)
        if ahead is not None:
            await ahead
        try:
            version = await cache.store.append(
                game_id, at, [encode(e) for e in events], once(), head
            )
        except WrongExpectedVersion:
            await cache.catch_up(live)
            continue
        log.info("game_started", game_id=game_id, seats=table.claimed, version=version)
        cache.appended(live)
        return version
    raise Rejected(Reason.BUSY)


async def chat(
    cache: Games, chat_limits: ChatLimits, game_id: str, seat: int | None, text: str
) -> int:
    """Post a seat's chat line at its table; the version it landed at."""
    text = unicodedata.normalize("NFC", text.strip())
    if not text or len(text) > MAX_CHAT:
        raise Rejected(Reason.BAD_REQUEST, f"a chat line has 1 to {MAX_CHAT} characters")
    why = why_refused(text)
    if why:
        raise Rejected(Reason.BAD_REQUEST, f"this line cannot be sent: {why}")
    if seat is None:
        raise Rejected(Reason.FORBIDDEN, "spectators may not chat")
    live = await cache.load(game_id)
    try:
        chat_limits.admit(game_id, seat)  # a seat's pace, whatever its sockets
    except Rejected:
        cache.metrics.count("chat_rate_limited")
        raise
    name = live.table.names[seat]
    posted = encode(ChatPosted(seat=seat, name=name, text=text))
    for _ in range(MAX_ATTEMPTS):
        try:
            return await cache.store.append(game_id, live.version, [posted], once(), live.hash)
        except WrongExpectedVersion:
            await cache.catch_up(live)
    raise Rejected(Reason.BUSY)
