"""The application service: the only place with a read-decide-append loop.

Bad input of any kind is refused with `Rejected` before anything is appended. The cached fold
of each game is advanced only from stored records, whoever appended them.
"""

from __future__ import annotations

import re
import time
import unicodedata
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple

import msgspec

from domain import games
from domain.chance import Rng
from domain.fairness import SETUP
from domain.forks import FORK_DEAL, origin
from domain.kernel import Reason, Rejected, is_simultaneous
from domain.options import checked as checked_options
from domain.rules import OPTION as RULES_OPTION
from domain.rules import options_for
from domain.table import ChatPosted, GameStarted, SeatClaimed, TableOpened
from domain.undo import CONSENT, MODES
from projections.codec import encode
from projections.live import SERVER_APPEND, GameGap, LiveGame
from server import fairness, forks
from server.bot_table import attended, bot_claims, gap_before_bots
from server.chat_limit import ChatLimits
from server.decisions import decided
from server.logs import log
from server.metrics import Metrics
from server.names import why_name_refused, why_taken
from server.store import STORE_DOWN, EventStore, StoreUnavailable, WrongExpectedVersion
from server.table_clock import ClockRequest, clock_set, out_of_time, stamps, wall_ms
from server.text import why_refused
from server.tokens import holds, new_token, seat_of, token_hash

MAX_ATTEMPTS = 5
MAX_NAME = 32
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
MAX_CHAT = 500
REUSED_KEY = "this Idempotency-Key was used with another request"
# a client's command id is stored under this prefix, so no client can take an id the server
# uses itself (`SERVER_APPEND`, the bots' `bot-...`, the clocks' `clock-...`): a move sent
# under the id of a bot's next move would make that move a no-op for the store. Games stored
# before the prefix keep their ids as sent: a retry across the upgrade is not recognised as
# one (it is decided again, most likely refused as stale), which is acceptable
CLIENT_COMMAND = "c-"


def client_command(command_id: str) -> str:
    """The stored id of a client's command id ("" stays no id: the store then dedupes nothing)."""
    return CLIENT_COMMAND + command_id if command_id else ""


class Landed(NamedTuple):
    version: int  # the version the command's append ended at (its first one's, for a retry)
    appended: bool  # False: its id had landed before and nothing was written now


def once() -> str:
    """A command id for an append the server makes itself (create, claim, start, chat).

    redis-py resends a command after a connection error; if Redis had run the append and the
    reply was lost, the resent append with the same id returns the first result instead of
    writing the event twice (a chat line twice, a second seat claim, a failed create)."""
    return SERVER_APPEND + uuid.uuid4().hex


class CreateGame(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    seats: int
    options: dict[str, Any] = {}
    undo: str = CONSENT  # undo by consent (`domain.undo`), or "never"
    bots: list[int] = []  # seats the server's bots play (`server.bot_seats`)
    bot_level: str = "greedy"
    clock: ClockRequest | None = None  # a turn clock (`domain.clocks`)


class JoinGame(msgspec.Struct, forbid_unknown_fields=True):
    name: str


class GameService:
    def __init__(
        self,
        store: EventStore,
        metrics: Metrics,
        new_secret: Callable[[], bytes] = fairness.new_secret,
        max_cached: int = 2000,
        now_ms: Callable[[], int] = wall_ms,
        chat_limits: ChatLimits | None = None,
    ) -> None:
        self.store = store
        self.metrics = metrics
        self.new_secret = new_secret  # each game's secret: every draw of it derives from it
        self.now_ms = now_ms  # server time, as turn clocks are stamped with (tests inject it)
        self.chat_limits = chat_limits or ChatLimits()
        self.games: OrderedDict[str, LiveGame] = OrderedDict()  # least recently used first
        self.max_cached = max_cached
        self.pinned: Callable[[str], bool] = lambda game_id: False  # the hub pins watched games
        # a fold moved outside the hub's pump (a load, a command or a refold read the stream
        # itself): the hub publishes it, or sockets would wait for the game's next event
        self.on_folded: Callable[[LiveGame], None] = lambda live: None
        self._command_decoders: dict[str, msgspec.json.Decoder[Any]] = {}
        # an append of this process moved the game (a move, a start, a seat handed over), or
        # this process folded it anew: the bot seats' player looks whether a bot or a clock
        # is awaited now
        self.appended: Callable[[LiveGame], None] = lambda live: None
        # before such an append (True: it seats a bot), the bot seats' player writes the game
        # on the agenda for a little later, so a process that dies between the append and
        # `appended` leaves the game due, not forgotten (None: nothing to write)
        self.appending: Callable[[LiveGame, bool], Awaitable[None] | None] = lambda live, _: None

    # -- reading -------------------------------------------------------------------------

    async def load(self, game_id: str, fresh: bool = False) -> LiveGame:
        """The cached fold of a game; `fresh` also catches it up with its stream."""
        live = self.cached(game_id)
        if live is None:
            if not GAME_ID.match(game_id):
                raise Rejected(Reason.NOT_FOUND)
            records = await self.store.read(game_id)
            if not records:
                raise Rejected(Reason.NOT_FOUND, f"no game {game_id!r}")
            # a concurrent load may have cached one while we read: keep one fold per game,
            # since the hub checks what sockets were shown against the cached one
            live = self.games.get(game_id)
            if live is None:
                live = self.games[game_id] = LiveGame.replay(game_id, records)
                self._evict()
                self.appended(live)  # a turn due whose process died before saying so
                return live
            self.games.move_to_end(game_id)
        if fresh:
            await self.catch_up(live)
        return live

    def cached(self, game_id: str) -> LiveGame | None:
        """The cached fold of a game, now the most recently used, or None."""
        live = self.games.get(game_id)
        if live is not None:
            self.games.move_to_end(game_id)
        return live

    def _evict(self) -> None:
        """Forget the least recently used folds nobody watches; they are rebuilt on demand."""
        excess = len(self.games) - self.max_cached
        for game_id in list(self.games):
            if excess <= 0:
                return
            if not self.pinned(game_id):
                del self.games[game_id]
                excess -= 1

    async def catch_up(self, live: LiveGame) -> bool:
        """Fold what the store has beyond the cache; True if anything was new.

        The read starts at our last version, so its hash is checked again: a stream that lost
        its tail (Redis restarted without its last writes) or was rewritten since is detected
        here and folded again from scratch, never extended as if nothing had happened."""
        records = await self.store.read(live.game_id, after=live.version - 1)
        try:
            if not records:
                raise GameGap(f"{live.game_id}: the stream ends before version {live.version}")
            live.extend(records)
        except GameGap as gap:
            await self.refold(live, str(gap))
            return True
        if len(records) > 1:
            self.on_folded(live)
            return True
        return False

    async def refold(self, live: LiveGame, why: str) -> None:
        """Fold the whole stream again into `live`, in place: whoever holds it sees the stream
        as it is now. The hub then resyncs sockets that were shown the lost versions."""
        log.warning("stream_rewritten", game_id=live.game_id, why=why)
        self.metrics.count("history_rewrites")
        records = await self.store.read(live.game_id)
        if not records:
            self.games.pop(live.game_id, None)
            raise Rejected(Reason.NOT_FOUND, f"no game {live.game_id!r}")
        first = records[0]
        # in place (mypy refuses a call of __init__ on an instance): every holder sees it
        live.__init__(live.game_id, first.data, first.hash, bool(first.salt))  # type: ignore[misc]
        live.extend(records[1:])
        self.on_folded(live)

    # -- the table -----------------------------------------------------------------------

    async def create(
        self, raw: bytes, game_id: str | None = None, host_token: str | None = None
    ) -> str:
        """A new table from the request `raw`; its id. With `game_id` (an idempotent retry's,
        `server.idempotency`), a table already stored under that id is the one created. With
        `host_token`, its creator's: the table keeps its hash, and until every seat is taken
        only that token starts it (`start`)."""
        opening = self.opening(raw)
        if host_token is not None:
            opening[0] = msgspec.structs.replace(opening[0], host_hash=token_hash(host_token))
        retried, game_id = game_id is not None, game_id or uuid.uuid4().hex[:12]
        try:
            await self.store.append(game_id, 0, [encode(e) for e in opening], once(), "")
        except WrongExpectedVersion:
            if not retried:
                raise
            await self.store.register(game_id)
            return game_id  # the first try of the same request created it
        await self.store.register(game_id)
        self.metrics.count("games_created")
        opened = opening[0]
        log.info("game_created", game_id=game_id, game=opened.game, seats=opened.seats)
        return game_id

    def opening(self, raw: bytes) -> list[Any]:
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
        return [opened, *clock_set(request.clock), *bots]

    async def join(
        self, game_id: str, raw: bytes, token: str | None = None, command_id: str | None = None
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
            live = await self.load(game_id, fresh=True)
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
                await self.store.append(
                    game_id, live.version, [encode(claim)], command_id or once(), live.hash
                )
            except WrongExpectedVersion:
                await self.catch_up(live)
                continue
            if retried:  # the claim that landed may be another try's: ask the log whose
                await self.catch_up(live)
                landed = seat_of(token, live.table.token_hashes)
                seat = seat if landed is None else landed
            log.info("seat_claimed", game_id=game_id, seat=seat)
            return seat, token
        raise Rejected(Reason.BUSY)

    async def seat_for(self, game_id: str, token: str | None) -> int | None:
        """The seat a token holds in a game; None for no token; Rejected for a wrong one."""
        if token is None:
            return None
        live = await self.load(game_id)
        seat = seat_of(token, live.table.token_hashes)
        if seat is None:
            await self.catch_up(live)  # the seat may have been claimed through another process
            seat = seat_of(token, live.table.token_hashes)
        if seat is None:
            raise Rejected(Reason.UNAUTHORIZED)
        return seat

    async def start(self, game_id: str, token: str | None) -> int:
        """Start the game, with the creator's host token, or with a seat's once every seat is
        taken (a table stored without a host: any seat's, as before)."""
        if token is None:
            raise Rejected(Reason.UNAUTHORIZED, "only the table's creator or a seat may start it")
        hosting = holds(token, (await self.load(game_id)).table.host_hash)
        if not hosting:
            await self.seat_for(game_id, token)  # Rejected for a token of no seat here
        for _ in range(MAX_ATTEMPTS):
            live = await self.load(game_id, fresh=True)
            table, game = live.table, live.game
            at, head = live.version, live.hash  # what the start is decided at (see `submit`)
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
                dealing = self.setup_randomness()
                events = [
                    GameStarted(seats=table.claimed),
                    *dealing.events(game.setup(initial, dealing.rng)),
                ]
            else:  # a fork's position, dealt again from the fork's own secret
                dealing = self.setup_randomness(FORK_DEAL)
                dealt, started = await forks.opening(self, table, forked, dealing.rng)
                events = [*dealing.events([dealt]), started]
            events = [*stamps(table, game, self.now_ms()), *events]  # the clocks start
            ahead = self.appending(live, False)
            if ahead is not None:
                await ahead
            try:
                version = await self.store.append(
                    game_id, at, [encode(e) for e in events], once(), head
                )
            except WrongExpectedVersion:
                await self.catch_up(live)
                continue
            log.info("game_started", game_id=game_id, seats=table.claimed, version=version)
            self.appended(live)
            return version
        raise Rejected(Reason.BUSY)

    async def chat(self, game_id: str, seat: int | None, text: str) -> int:
        text = unicodedata.normalize("NFC", text.strip())
        if not text or len(text) > MAX_CHAT:
            raise Rejected(Reason.BAD_REQUEST, f"a chat line has 1 to {MAX_CHAT} characters")
        why = why_refused(text)
        if why:
            raise Rejected(Reason.BAD_REQUEST, f"this line cannot be sent: {why}")
        if seat is None:
            raise Rejected(Reason.FORBIDDEN, "spectators may not chat")
        live = await self.load(game_id)
        try:
            self.chat_limits.admit(game_id, seat)  # a seat's pace, whatever its sockets
        except Rejected:
            self.metrics.count("chat_rate_limited")
            raise
        name = live.table.names[seat]
        posted = encode(ChatPosted(seat=seat, name=name, text=text))
        for _ in range(MAX_ATTEMPTS):
            try:
                return await self.store.append(game_id, live.version, [posted], once(), live.hash)
            except WrongExpectedVersion:
                await self.catch_up(live)
        raise Rejected(Reason.BUSY)

    # -- commands ------------------------------------------------------------------------

    def decode_command(self, game_name: str, raw: bytes) -> Any:
        """A game's command from JSON, or Rejected (`unknown_command`, `bad_request`)."""
        return self._decode_command(game_name, raw)

    def _decode_command(self, game_name: str, raw: bytes) -> Any:
        decoder = self._command_decoders.get(game_name)
        if decoder is None:
            decoder = msgspec.json.Decoder(games.get(game_name).command_type)
            self._command_decoders[game_name] = decoder
        try:
            return decoder.decode(raw)
        except msgspec.ValidationError as exc:
            text = str(exc)
            if "Invalid value" in text and "`$.type`" in text:
                raise Rejected(Reason.UNKNOWN_COMMAND, f"{text}") from None
            raise Rejected(Reason.BAD_REQUEST, text) from None
        except msgspec.DecodeError as exc:
            raise Rejected(Reason.BAD_REQUEST, str(exc)) from None

    async def submit(
        self,
        game_id: str,
        seat: int,
        command_id: str,
        seen_version: int,
        raw: bytes,
    ) -> int:
        """Decide and append a player's command (`command_id` is the client's); the new version,
        or Rejected. Idempotent per id."""
        landed = await self.play(game_id, seat, client_command(command_id), seen_version, raw)
        return landed.version

    async def play(
        self,
        game_id: str,
        seat: int,
        command_id: str,
        seen_version: int,
        raw: bytes,
        ran_out: bool = False,
        by_bot: bool = False,
    ) -> Landed:
        """Decide and append one command under the stored id `command_id`; where it landed,
        or Rejected. Idempotent per id. `by_bot`: the server's bot plays it
        (`server.bot_seats`); `ran_out`: for a seat whose time ran out."""
        live = self.cached(game_id) or await self.load(game_id)  # no coroutine when cached
        if not live.table.started:
            raise Rejected(Reason.NOT_STARTED)
        command = self._decode_command(live.table.game, raw)
        kind = command.__struct_config__.tag
        if seen_version > live.version:
            await self.catch_up(live)
        for _ in range(MAX_ATTEMPTS):
            # the version decided at: the append expects it, whatever the fold reaches while
            # the agenda is written (a version read after that await would store a decision
            # taken on an older state on top of a newer one)
            at, head = live.version, live.hash
            try:
                events = self._decide(live, seat, command, seen_version, ran_out, by_bot)
            except Rejected as refusal:
                if await self.catch_up(live):
                    continue  # our fold was behind: decide again on the current state
                landed = await self.store.recall(game_id, command_id)
                if landed is not None:
                    return Landed(landed, False)  # a retry of a command that already landed
                self.metrics.count("rejections")
                log.info(
                    "rejected",
                    game_id=game_id,
                    seat=seat,
                    command=kind,
                    reason=refusal.reason.value,
                    version=live.version,
                )
                raise
            playing = attended(live.table)  # the bot seats' player may be due after it
            if playing:
                ahead = self.appending(live, False)
                if ahead is not None:
                    await ahead
            started = time.perf_counter()
            try:
                version = await self.store.append(
                    game_id, at, [encode(e) for e in events], command_id, head
                )
            except WrongExpectedVersion:
                await self.catch_up(live)
                continue
            except StoreUnavailable:
                self.metrics.count("store_errors")
                raise Rejected(Reason.BUSY, STORE_DOWN) from None
            # an append that wrote ends `len(events)` after the version it expected; an id
            # that had landed answers where it did, and nothing is counted (two tries of one
            # id decided on the same version are alike here: they wrote the same once)
            if version != at + len(events):
                log.debug("already_applied", game_id=game_id, command=kind, version=version)
                return Landed(version, False)
            self.metrics.observe_append(time.perf_counter() - started)
            self.metrics.count("commands")
            log.debug("appended", game_id=game_id, command=kind, version=version)
            if playing:
                self.appended(live)
            return Landed(version, True)
        raise Rejected(Reason.BUSY)

    async def explain(self, game_id: str, seat: int, raw: bytes) -> Any:
        """What a command would do, in the game's public terms; nothing is decided or stored."""
        live = await self.load(game_id)
        if not live.table.started:
            raise Rejected(Reason.NOT_STARTED)
        command = self._decode_command(live.table.game, raw)
        if live.game.explain is None:
            raise Rejected(Reason.UNKNOWN_COMMAND, f"{live.game.title} explains no command")
        return live.game.explain(live.table.state, seat, command)

    def setup_randomness(self, label: str = SETUP) -> fairness.Opening:
        """A fresh secret for a game's deal: its commitment and the generator to deal with
        (a game's start; a what-if fork's new deal, with its own secret)."""
        return fairness.opening(self.new_secret(), label)

    def _decide(
        self,
        live: LiveGame,
        seat: int,
        command: Any,
        seen_version: int,
        ran_out: bool = False,
        by_bot: bool = False,
    ) -> list[Any]:
        """The events to store for the command: the game's, with the record of what they
        drew, and at the end the revealed secret and the result (`server.decisions`)."""
        table = live.table
        game, state = live.game, table.state
        if game.is_over(state):
            raise Rejected(Reason.GAME_OVER)
        if seen_version != live.version and not is_simultaneous(command):
            raise Rejected(
                Reason.STALE_VERSION,
                f"you saw version {seen_version}, the game is at {live.version}",
            )
        if not by_bot and seat < len(table.bots) and table.bots[seat]:
            raise Rejected(Reason.FORBIDDEN, "a bot plays this seat now; take it back first")
        clocked = table.clock is not None
        now = self.now_ms() if clocked else 0
        late = clocked and seat in out_of_time(table, game, now)
        if late != ran_out:  # a bot's move for a seat out of time, and only for one
            why = "your time has run out: a bot plays this turn" if late else "time is left"
            raise Rejected(Reason.FORBIDDEN, why)
        rng: Rng = fairness.draws_for(table)
        events = game.decide(state, seat, command, rng)
        if not events:
            raise Rejected(Reason.ILLEGAL, "that command changes nothing")
        stored = decided(game, table, seat, command, events, rng)
        return [*stamps(table, game, now, seat, ran_out), *stored] if clocked else stored
