"""The process's notifier: it derives the notices of watched games from their streams into
the outbox (`server.store.outbox`) and sends the waiting ones to their channels, whichever
process appended the events.

Every process runs one. A game is attended by one process at a time, the one holding its
lease (`server.store.agenda`, under `notify:<game>`): it records the notices of the versions
past the game's cursor (with the cursor's move, at once: `Outbox.record`), then sends those
due. A notice leaves the outbox only once every channel it goes to answered 2xx or was
paused; a process killed before that leaves it waiting, and another sends it again with the
same id (`Idempotency-Key`), which a receiver that deduplicates sees once.

Nothing here is on a command's path: an append is seen by the sweep, which compares the
heads of watched games with their cursors every `sweep_s` (a process that appended and died
leaves nothing behind that the sweep does not find). A failing try is retried with backoff;
a channel that fails `PAUSE_AFTER` times in a row is paused until its owner tests it again;
each channel sends at most a burst, then one notice per `RATE_EVERY_MS` (per process).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import Awaitable, Callable

import httpx
import msgspec

from domain.clocks import ClockStamped
from domain.kernel import Rejected
from domain.table import awaited_seats
from projections.live import LiveGame
from projections.notices import CLOCK, TEST, TURN, Notice, notices_between
from server.ops.logs import log
from server.store import StoreUnavailable
from server.store.agenda import Agenda
from server.store.deployment_secret import DeploymentSecret
from server.store.outbox import Outbox
from server.store.outbox.waiting import Waiting
from server.table import mail, push
from server.table.channels import (
    EMAIL,
    HEALTH,
    PAUSE_AFTER,
    PUSH,
    BadChannel,
    Channel,
    Health,
    channel_id,
    seal,
    shown,
    unseal,
)
from server.table.service import GameService
from server.table.webhooks import Unsendable, send

LEASE_MS = 10_000  # a process killed holding games leaves them to others after this
BATCH = 16  # notices sent per game per turn; games attended at once
MAX_ATTEMPTS = 10  # then the notice is dropped (logged)
MAX_BACKOFF_MS = 3_600_000
# per channel: a burst, then one notice per so many ms (Discord takes 30 a minute per webhook;
# a game played over days sends a channel a few a day)
BURST, RATE_EVERY_MS = 5, 12_000
GRACE_MS = 10_000
NOTICE = msgspec.json.Decoder(Notice)


def wall_ms() -> int:
    return int(time.time() * 1000)


async def nobody(game_id: str) -> list[int]:
    return []


def stale(notice: Notice, awaited: set[int]) -> bool:
    """A turn's notice whose turn is over by the time it would be sent: a seat's whose seat
    is no longer awaited, the table's whose seats all are not."""
    if notice.kind != TURN:
        return False
    if notice.seat is not None:
        return notice.seat not in awaited
    return not awaited & set(notice.awaited)


def ended(notice: Notice, live: LiveGame) -> bool:
    """A reminder whose turn is over: its seat moved since (a clock stamp names the mover)."""
    if notice.kind != CLOCK:
        return False
    moves = live.events[notice.version :]
    return notice.seat not in set(awaited_seats(live.game, live.table)) or any(
        isinstance(event, ClockStamped) and event.seat == notice.seat for event in moves
    )


class Pace:
    """A channel's token bucket, in this process: a burst, then one per `every_ms`."""

    __slots__ = ("at", "burst", "every_ms", "tokens")

    def __init__(self, now: int, burst: int = BURST, every_ms: int = RATE_EVERY_MS) -> None:
        self.burst, self.every_ms = burst, every_ms
        self.tokens, self.at = float(burst), now

    def take(self, now: int) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) / self.every_ms)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def ready_at(self) -> int:
        """When the next token is there."""
        return self.at + int((1 - self.tokens) * self.every_ms) + 1


class Notifier:
    def __init__(
        self,
        service: GameService,
        outbox: Outbox,
        agenda: Agenda,
        secret: DeploymentSecret,
        public_url: str = "http://127.0.0.1:8000",
        allow_private: bool = False,
        sweep_s: float = 0.5,
        backoff_ms: int = 1000,
        now_ms: Callable[[], int] = wall_ms,
    ) -> None:
        self.service = service
        self.outbox = outbox
        self.agenda = agenda
        self.secret = secret
        self.public_url = public_url
        self.allow_private = allow_private
        self.sweep_s = sweep_s
        self.backoff_ms = backoff_ms
        self.now_ms = now_ms
        self.owner = uuid.uuid4().hex
        self.client = httpx.AsyncClient(follow_redirects=False, trust_env=False)
        self._paces: dict[str, Pace] = {}
        self.pace = (BURST, RATE_EVERY_MS)  # per channel (tests play faster than people)
        # a turn is told once it has run this long (a seat that plays at once is not told)
        self.grace_ms = GRACE_MS
        self.smtp: mail.Smtp | None = None  # e-mail's server; None: e-mail is off
        self.pusher: push.Pusher | None = None  # the VAPID key; None: web push is off
        # the seats open in a browser now, in any process (the hub's presence): a seat's
        # notice is not sent to them, unless its channel says `always`
        self.online: Callable[[str], Awaitable[list[int]]] = nobody
        self._task: asyncio.Task[None] | None = None
        self._stopping = False

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        self._stopping = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.client.aclose()

    async def _run(self) -> None:
        while not self._stopping:
            try:
                await self.sweep()
                await self.attend_due()
            except StoreUnavailable as exc:
                log.warning("notifier_store_unavailable", error=str(exc))
            except Exception:  # every game's notices: one failure must not end them
                log.exception("notifier_failed")
            await asyncio.sleep(self.sweep_s)

    # -- which games have work ------------------------------------------------------------

    async def sweep(self) -> None:
        """Make due every watched game whose stream moved past its cursor."""
        watched = await self.outbox.watched()
        if not watched:
            return
        cursors = await self.outbox.cursors(watched)
        heads = await self.service.store.heads(watched)
        now = self.now_ms()
        for game_id, (head, _) in heads.items():
            if head > cursors.get(game_id, head):
                await self.outbox.schedule(game_id, now, sooner_only=True)

    async def attend_due(self) -> int:
        """Attend every game due now; the notices sent."""
        due = await self.outbox.due(self.now_ms(), BATCH)
        sent = await asyncio.gather(*(self.attend(game_id) for game_id in due))
        return sum(sent)

    async def attend(self, game_id: str) -> int:
        lease = f"notify:{game_id}"
        if not await self.agenda.lease(lease, self.owner, LEASE_MS):
            return 0
        try:
            await self.derive(game_id)
            sent, paced_until = await self.deliver(game_id)
            await self._next(game_id, paced_until)
            return sent
        except StoreUnavailable:
            raise
        except Exception:  # this game's failure: the others go on, it is tried later
            log.exception("notifier_game_failed", game_id=game_id)
            await self.outbox.schedule(game_id, self.now_ms() + MAX_BACKOFF_MS // 60)
            return 0
        finally:
            await self.agenda.release(lease, self.owner)

    async def _next(self, game_id: str, not_before: int = 0) -> None:
        """The game is next due when its next notice is (not before its channels may send
        again); else off the agenda, unless its stream moved meanwhile (then the sweep would
        see it late)."""
        at = await self.outbox.next_at(game_id)
        if at is not None:
            await self.outbox.schedule(game_id, max(at, not_before))
            return
        await self.outbox.unschedule(game_id)
        cursor = (await self.outbox.cursors([game_id])).get(game_id)
        head = (await self.service.store.heads([game_id])).get(game_id)
        if cursor is not None and head is not None and head[0] > cursor:
            await self.outbox.schedule(game_id, self.now_ms(), sooner_only=True)

    # -- deriving -------------------------------------------------------------------------

    async def derive(self, game_id: str) -> int:
        """Record the notices of the versions past the game's cursor that have a channel to
        go to; how many."""
        cursor = (await self.outbox.cursors([game_id])).get(game_id)
        if cursor is None:
            return 0
        try:
            live = await self.service.load(game_id, fresh=True)
        except Rejected:  # no such game (any more)
            await self.outbox.unwatch(game_id)
            return 0
        head = live.version
        if head <= cursor:
            return 0
        start, events = live.table_at(cursor), live.events[cursor:head]
        notices = notices_between(game_id, live.game, start, events, cursor + 1)
        targets = {c.seat for c in (await self._channels(game_id)).values()}
        now = self.now_ms()
        kept = [
            (n.id, msgspec.json.encode(n), self._due(n, now)) for n in notices if n.seat in targets
        ]
        if not await self.outbox.record(game_id, cursor, head, kept):
            return 0  # another process recorded them
        if live.over:
            await self.outbox.unwatch(game_id)  # the last notices are recorded
        return len(kept)

    def _due(self, notice: Notice, now: int) -> int:
        """When a notice is first tried: a turn's after its grace, a reminder at its time."""
        if notice.kind == CLOCK and notice.remind_at_ms is not None:
            return notice.remind_at_ms
        return now + (self.grace_ms if notice.kind == TURN else 0)

    # -- sending --------------------------------------------------------------------------

    async def deliver(self, game_id: str) -> tuple[int, int]:
        """Send the game's notices due now; how many reached every channel they go to, and
        until when a channel's pace holds back the rest (0: none does). A notice held back
        only by a pace waits as it is, written nothing: a closed loop's notices would
        otherwise be rewritten at every turn of the notifier."""
        waiting = await self.outbox.waiting(game_id, self.now_ms(), BATCH)
        if not waiting:
            return 0, 0
        try:
            live = await self.service.load(game_id)
        except Rejected:  # the game is gone: nothing of it is due any more
            live = None
        channels = await self._channels(game_id)
        health = {k: HEALTH.decode(v) for k, v in (await self.outbox.health(game_id)).items()}
        online = set(await self.online(game_id))
        awaited = set(awaited_seats(live.game, live.table)) if live is not None else set()
        done, paced_until, until = 0, 0, self.now_ms() + LEASE_MS // 2
        for notice_id, kept in waiting:
            if self.now_ms() > until:
                break  # slow receivers: the rest waits for the next turn, under a new lease
            notice = NOTICE.decode(kept.body)
            if live is None or stale(notice, awaited) or ended(notice, live):
                await self.outbox.done(game_id, notice_id)
                self.service.metrics.count("notices_stale")
                continue
            reached, failed, paced = list(kept.reached), False, False
            for cid, channel in channels.items():
                if channel.seat != notice.seat or cid in reached:
                    continue
                if channel.seat in online and not channel.always:
                    reached.append(cid)  # its reader has the game open: not sent
                    continue
                state = health.get(cid, Health())
                if state.paused:
                    continue
                pace = self._pace(cid)
                if not pace.take(self.now_ms()):
                    paced, paced_until = True, max(paced_until, pace.ready_at())
                    continue
                state = health[cid] = await self._try(game_id, cid, channel, notice, state)
                if state.failures == 0:
                    reached.append(cid)
                elif not state.paused:
                    failed = True
            if failed and kept.attempts + 1 < MAX_ATTEMPTS:
                tried = Waiting(kept.body, kept.attempts + 1, tuple(reached))
                await self.outbox.retry(game_id, notice_id, tried, self._backoff(tried.attempts))
            elif paced:
                if len(reached) > len(kept.reached):
                    tried = Waiting(kept.body, kept.attempts, tuple(reached))
                    await self.outbox.retry(game_id, notice_id, tried, paced_until)
            else:
                if failed:
                    log.warning("notice_dropped", game_id=game_id, notice=notice_id)
                await self.outbox.done(game_id, notice_id)
                done += 1
        return done, paced_until

    async def _try(
        self, game_id: str, cid: str, channel: Channel, notice: Notice, state: Health
    ) -> Health:
        """One try of one channel; its health after it (kept when it changed)."""
        try:
            if channel.kind == EMAIL:
                if self.smtp is None:
                    raise Unsendable("email_off")
                await mail.send(self.smtp, channel, notice, self.public_url)
            elif channel.kind == PUSH:
                if self.pusher is None:
                    raise Unsendable("push_off")
                await push.send(
                    self.client, self.pusher, channel, notice, self.public_url, self.allow_private
                )
            else:
                await send(self.client, channel, notice, self.public_url, self.allow_private)
        except Unsendable as failed:
            failures = state.failures + 1
            after = Health(failures, failures >= PAUSE_AFTER, failed.reason)
            log.info("notice_failed", game_id=game_id, channel=cid, error=failed.reason)
            self.service.metrics.count("notices_failed")
        else:
            after = Health()
            self.service.metrics.count("notices_sent")
        if after != state:
            await self.outbox.set_health(game_id, cid, msgspec.msgpack.encode(after))
        return after

    def _pace(self, cid: str) -> Pace:
        pace = self._paces.get(cid)
        if pace is None:
            if len(self._paces) > 100_000:
                self._paces.clear()
            pace = self._paces[cid] = Pace(self.now_ms(), *self.pace)
        return pace

    def _backoff(self, attempts: int) -> int:
        return self.now_ms() + min(MAX_BACKOFF_MS, self.backoff_ms << (attempts - 1))

    async def _channels(self, game_id: str) -> dict[str, Channel]:
        secret = await self.secret.get()
        opened = {}
        for cid, sealed in (await self.outbox.channels(game_id)).items():
            try:
                opened[cid] = unseal(secret, game_id, sealed)
            except BadChannel:  # sealed under another secret: it cannot be used
                log.warning("channel_unreadable", game_id=game_id, channel=cid)
        return opened

    # -- the channels' owners -------------------------------------------------------------

    async def add(self, game_id: str, channel: Channel) -> str:
        """Keep a channel for the game, watched from its current version on; its id."""
        live = await self.service.load(game_id, fresh=True)
        cid = channel_id()
        await self.outbox.add_channel(game_id, cid, seal(await self.secret.get(), game_id, channel))
        if not live.over:
            await self.outbox.watch(game_id, live.version)
        return cid

    async def listed(self, game_id: str, seat: int | None) -> list[dict[str, object]]:
        """The channels of a seat (or of the table), as their owner is shown them."""
        health = await self.outbox.health(game_id)
        return [
            shown(cid, channel, HEALTH.decode(health[cid]) if cid in health else Health())
            for cid, channel in sorted((await self._channels(game_id)).items())
            if channel.seat == seat
        ]

    async def owned(self, game_id: str, cid: str, seat: int | None) -> Channel | None:
        channel = (await self._channels(game_id)).get(cid)
        return channel if channel is not None and channel.seat == seat else None

    async def remove(self, game_id: str, cid: str, seat: int | None) -> bool:
        if await self.owned(game_id, cid, seat) is None:
            return False
        return await self.outbox.remove_channel(game_id, cid)

    async def test(self, game_id: str, cid: str, seat: int | None) -> Health | None:
        """Send a test notice now (a paused channel that answers is resumed); its health."""
        channel = await self.owned(game_id, cid, seat)
        if channel is None:
            return None
        live = await self.service.load(game_id)
        notice = Notice(
            id=f"{game_id}:test:{uuid.uuid4().hex[:12]}",
            kind=TEST,
            game_id=game_id,
            version=live.version,
            game=live.table.game,
            title=live.game.title,
            names=list(live.table.names),
            awaited=[],
            seat=seat,
        )
        health = await self.outbox.health(game_id)
        state = HEALTH.decode(health[cid]) if cid in health else Health()
        return await self._try(game_id, cid, channel, notice, state)
