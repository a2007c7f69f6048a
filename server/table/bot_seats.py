"""The process's player of bot seats: it plays every awaited bot seat of the games due on
the agenda, whoever is connected, whichever process appended the move that made them due,
and the turn of every seat whose clock has run out (`domain.clocks`), as the greedy bot.

Every process runs one. A game is played by one process at a time: the one holding its lease
(`server.store.agenda`), taken for `lease_ms`. A bot's move is submitted like a player's, with the
command id `bot-<seat>-<version>` and the version it was chosen at, so a second process that
plays the same turn anyway (a lease run out while the first still thought) gets the first
one's answer or a version conflict, never a second move. No client can take that id first:
a client's ids are stored under a prefix of their own (`server.table.moves.CLIENT_COMMAND`); a
move whose id was taken anyway (in a game stored before that prefix) lands nothing, is not
counted as played, and is played once more under another id (`_played_elsewhere`). A
process killed holding a lease leaves the game due: another takes it when the lease runs out,
and plays the turn.

An append that may make a bot or a clock due (a move, a start, a seat handed to a bot) is
preceded by an agenda entry one lease ahead (`ahead`) and followed by a poke that makes it due
at once: a process that dies between its append and its poke leaves the game due elsewhere,
not forgotten until someone folds it again.

A game leaves the agenda once no bot is awaited (a clocked game is put back for the moment
the first awaited seat runs out of time). To keep a move appended meanwhile by another
process from being missed, the game's head is read after that: moved on, it is due again.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from domain.kernel import Rejected
from domain.seat_bots import GREEDY
from projections.codec import encode
from projections.live import LiveGame
from server.ops.logs import log
from server.store import StoreUnavailable
from server.store.agenda import Agenda
from server.table.bot_choice import choose
from server.table.bot_table import attended
from server.table.moves import Landed
from server.table.service import GameService
from server.table.table_clock import deadline, out_of_time

POLL_S = 0.25  # how often the agenda is read for games another process made due
BATCH = 32  # games attended per read of the agenda
MOVES_PER_LEASE = 200  # then the game goes back on the agenda, so others get their turn
RETRY_MS = 1000  # a game whose bot was refused is tried again after this
FAILED_MS = 30_000  # and one whose attendance failed (a bug), after this: no log flood


def wall_ms() -> int:
    return int(time.time() * 1000)


class BotSeats:
    def __init__(
        self,
        service: GameService,
        agenda: Agenda,
        think_ms: int = 0,
        lease_ms: int = 5000,
        now_ms: Callable[[], int] = wall_ms,
        chooser: Callable[..., Any] = choose,
    ) -> None:
        self.service = service
        self.agenda = agenda
        self.think_ms = think_ms
        self.lease_ms = lease_ms
        self.now_ms = now_ms
        self.chooser = chooser
        self.owner = uuid.uuid4().hex  # this process, as a lease's holder
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._pokes: set[asyncio.Task[None]] = set()
        self._stalled: set[str] = set()  # games whose bot's move landed nothing, as logged

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        self._stopping = True
        for task in [self._task, *self._pokes]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    def ahead(self, live: LiveGame, always: bool = False) -> Awaitable[None] | None:
        """Before an append that may make a bot or a clock due (`always`: whatever the table
        holds now, as for a seat handed to a bot): the game is put on the agenda for one lease
        from now, unless it is due sooner. The append's own `poke` then makes it due at once;
        if this process dies in between, another process finds it due after that lease."""
        if not (always or attended(live.table)):
            return None
        return self._schedule(live.game_id, self.now_ms() + self.lease_ms)

    async def _schedule(self, game_id: str, at_ms: int) -> None:
        with contextlib.suppress(StoreUnavailable):  # then the append fails as well, or retries
            await self.agenda.schedule(game_id, at_ms, sooner_only=True)

    def poke(self, live: LiveGame) -> None:
        """An append of this process moved `live`: if it has bots, it may be due now."""
        if not attended(live.table):
            return
        task = asyncio.get_running_loop().create_task(self._due_now(live.game_id))
        self._pokes.add(task)
        task.add_done_callback(self._pokes.discard)

    async def _due_now(self, game_id: str) -> None:
        try:
            await self.agenda.schedule(game_id, self.now_ms(), sooner_only=True)
        except StoreUnavailable:
            return  # the agenda is Redis too: the move that poked failed as well, or retries
        self._wake.set()

    async def _run(self) -> None:
        while not self._stopping:
            try:
                await self.attend_due()
            except StoreUnavailable as exc:
                log.warning("bots_store_unavailable", error=str(exc))
            except Exception:  # the bots of every game: one failure must not end them
                log.exception("bots_failed")
            await self._pause()

    async def _pause(self) -> None:
        """Until poked, or POLL_S. Not `wait_for`: on 3.11 it can swallow the cancel of a
        stop that lands as the wait ends, and the loop then runs on after `stop`."""
        waking = asyncio.ensure_future(self._wake.wait())
        try:
            await asyncio.wait({waking}, timeout=POLL_S)
        finally:
            waking.cancel()
        self._wake.clear()

    async def attend_due(self) -> int:
        """Play the bots of every game due now; the moves played."""
        played = 0
        for game_id in await self.agenda.due(self.now_ms(), BATCH):
            if self._stopping:  # a cancel swallowed on the way: the games stay due
                break
            try:
                played += await self.attend(game_id)
            except StoreUnavailable:
                raise
            except Exception:  # one game's failure: the others go on, it is tried later
                log.exception("bots_failed", game_id=game_id)
                await self.agenda.schedule(game_id, self.now_ms() + FAILED_MS)
        return played

    async def attend(self, game_id: str) -> int:
        """Take the game's lease and play its awaited bots; the moves played (0 when another
        process holds the game)."""
        if not await self.agenda.lease(game_id, self.owner, self.lease_ms):
            return 0
        try:
            try:
                live = await self.service.load(game_id, fresh=True)
            except Rejected:  # no such game (any more): nothing to play
                await self.agenda.unschedule(game_id)
                return 0
            played, refused = await self._play(live)
            await self._next(live, refused)
            return played
        finally:
            await self.agenda.release(game_id, self.owner)

    async def _play(self, live: LiveGame) -> tuple[int, bool]:
        played = 0
        while played < MOVES_PER_LEASE:
            move = self._awaited(live)
            if move is None:
                return played, False
            seat, level, ran_out = move
            if self.think_ms:
                await asyncio.sleep(self.think_ms / 1000)
                if await self.service.catch_up(live):
                    continue  # the game moved while the bot thought: look again
            version = live.version
            command = await self._choose(live, seat, level)
            command_id = f"{'clock' if ran_out else 'bot'}-{seat}-{version}"
            landed: Landed | None
            try:
                landed = await self.service.play(
                    live.game_id, seat, command_id, version, encode(command), ran_out, by_bot=True
                )
                if not landed.appended:
                    landed = await self._played_elsewhere(live, seat, command_id, command, ran_out)
            except Rejected as refusal:
                if await self.service.catch_up(live):
                    continue  # another process moved the game first: look again
                log.warning(
                    "bot_refused", game_id=live.game_id, seat=seat, reason=refusal.reason.value
                )
                self.service.metrics.count("bot_refusals")
                return played, True
            if landed is None:
                continue  # another process played this turn: look again
            if not landed.appended:
                return played, True  # nothing moves the game now: back off, try later
            self._stalled.discard(live.game_id)
            self.service.metrics.count("bot_moves")
            played += 1
            await self.service.catch_up(live)
        return played, False

    async def _played_elsewhere(
        self, live: LiveGame, seat: int, command_id: str, command: Any, ran_out: bool
    ) -> Landed | None:
        """The store answered the bot's move with an earlier append of its id, and wrote
        nothing. If the game moved (another process played the turn), None. Else the id was
        taken by a client in a game stored before client ids had a namespace of their own
        (`server.table.moves.CLIENT_COMMAND`): the move is played once more under an id nobody
        could know then, the head's hash in it; what that lands is the answer."""
        version, head = live.version, live.hash
        if await self.service.catch_up(live):
            return None
        if live.game_id not in self._stalled:  # logged once per game, not per try
            self._stalled.add(live.game_id)
            log.warning("bot_id_taken", game_id=live.game_id, seat=seat, version=version)
        self.service.metrics.count("bot_ids_taken")
        return await self.service.play(
            live.game_id, seat, f"{command_id}-{head}", version, encode(command), ran_out, True
        )

    async def _choose(self, live: LiveGame, seat: int, level: str) -> Any:
        """The bot's command, thought out in a thread (a greedy bot can take a while); the
        random bot's if the strategy fails, so a bug in one does not stall the game."""
        state = live.table.state
        try:
            return await asyncio.to_thread(self.chooser, live.game, state, seat, level)
        except Exception as exc:  # its words may name the seat's cards: the kind only
            log.warning("bot_failed", game_id=live.game_id, seat=seat, error=type(exc).__name__)
            return await asyncio.to_thread(self.chooser, live.game, state, seat, "random")

    def _awaited(self, live: LiveGame) -> tuple[int, str, bool] | None:
        """A bot seat the game awaits (it has a legal command), with its level, or a seat
        out of time (True); or None."""
        table = live.table
        if not table.started or live.over:
            return None
        for seat, level in enumerate(table.bots):
            if level and seat < table.seats and live.game.legal(table.state, seat):
                return seat, level, False
        for seat in out_of_time(table, live.game, self.now_ms()):
            return seat, GREEDY, True
        return None

    async def _next(self, live: LiveGame, refused: bool) -> None:
        """Put the game back on the agenda for when it is next due, or take it off."""
        now = self.now_ms()
        if refused or self._awaited(live) is not None:
            await self.agenda.schedule(live.game_id, now + (RETRY_MS if refused else 0))
            return
        seen = live.version
        ends = deadline(live.table, live.game)
        if ends is not None:
            await self.agenda.schedule(live.game_id, ends)
        else:
            await self.agenda.unschedule(live.game_id)
        head = (await self.service.store.heads([live.game_id])).get(live.game_id)
        if head is not None and head[0] != seen:  # appended meanwhile: look at it again
            await self.agenda.schedule(live.game_id, now, sooner_only=True)
