"""What one client address may do over HTTP, counted by each process in memory.

- A pace per kind of request (creates, joins, forks): at most N in any minute.
- Caps on what an address holds open: the tables it created or forked that have not started,
  and the seats it took at tables that have not started. A table that starts frees both; one
  that never does stops counting after `held_for_s`, so a person whose tables nobody joined
  can make new ones later.

Past a bound the request is refused with `Limited` (429 with `Retry-After`) before it does
anything. Each process counts its own: behind a load balancer spreading one address over k
processes, the address gets up to k times the figures. A bound of 0 lifts that limit (tests and
benchmarks that create many games from one address).
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from domain.kernel import Rejected

if TYPE_CHECKING:
    from server.ops.config import Settings
    from server.table.games import Games

SPAN_S = 60.0  # the paces are per minute
SWEEP_AT = 4096  # addresses remembered before the forgotten ones are swept out
CAP_RETRY_S = 60  # a refusal by a cap: try again in a minute, or when the oldest expires

OpenNow = Callable[[str], Awaitable[bool]]


class Limited(Exception):
    """A request refused for its address's pace or holdings: `429`, `Retry-After` seconds."""

    def __init__(self, detail: str, retry_after_s: float) -> None:
        super().__init__(detail)
        self.detail = detail
        self.retry_after = max(1, math.ceil(retry_after_s))


class Pace:
    """At most `limit` requests per address in any minute (0: no limit)."""

    def __init__(self, what: str, limit: int, clock: Callable[[], float]) -> None:
        self.what, self.limit, self.clock = what, limit, clock
        self.times: dict[str, deque[float]] = {}
        self.swept_at = -math.inf

    def take(self, address: str) -> None:
        """Count one request of `address`; Limited if that would go past the pace."""
        if not self.limit:
            return
        now = self.clock()
        if len(self.times) >= SWEEP_AT and now - self.swept_at >= SPAN_S:  # once a minute
            self._sweep(now)
        times = self.times.setdefault(address, deque())
        while times and times[0] <= now - SPAN_S:
            times.popleft()
        if len(times) >= self.limit:
            raise Limited(
                f"too many {self.what} from your address: {self.limit} a minute",
                times[0] + SPAN_S - now,
            )
        times.append(now)

    def _sweep(self, now: float) -> None:
        self.swept_at = now
        for address in [a for a, times in self.times.items() if times[-1] <= now - SPAN_S]:
            del self.times[address]  # never empty: each take leaves a time


class Holdings:
    """What each address holds open (tables by game id, seats by "game id/seat"), with when
    it took each; at most `limit` (0: no limit)."""

    def __init__(self, what: str, limit: int, held_for_s: float) -> None:
        self.what, self.limit, self.held_for_s = what, limit, held_for_s
        self.held: dict[str, dict[str, float]] = {}
        self.swept_at = -math.inf

    def add(self, address: str, key: str, now: float) -> None:
        if not self.limit:
            return
        if len(self.held) >= SWEEP_AT and now - self.swept_at >= SPAN_S:  # once a minute
            self._sweep(now)
        self.held.setdefault(address, {}).setdefault(key, now)

    async def check(self, address: str, open_now: OpenNow, now: float) -> None:
        """Limited if `address` holds its cap, once what it holds is looked at again: the
        expired, and those of games started since (`open_now` says), are let go."""
        held = self.held.get(address, {})
        if not self.limit or len(held) < self.limit:
            return
        for key, since in list(held.items()):
            if since <= now - self.held_for_s or not await open_now(key.partition("/")[0]):
                del held[key]
        if len(held) >= self.limit:
            expires = min(held.values()) + self.held_for_s - now
            raise Limited(
                f"your address holds {len(held)} {self.what} at tables not started yet, the"
                " most allowed: start them, or wait",
                min(CAP_RETRY_S, expires),
            )

    def _sweep(self, now: float) -> None:
        """Forget the addresses whose every holding expired (or was let go)."""
        self.swept_at = now
        for address, held in list(self.held.items()):
            if max(held.values(), default=now - self.held_for_s) <= now - self.held_for_s:
                del self.held[address]


class HttpLimits:
    """The paces and caps of creates, joins and forks, from the settings."""

    def __init__(
        self, settings: Settings, service: Games, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.service, self.clock = service, clock
        self.creates = Pace("creates", settings.creates_per_minute, clock)
        self.joins = Pace("joins", settings.joins_per_minute, clock)
        self.forks = Pace("forks", settings.forks_per_minute, clock)
        self.passkeys = Pace("passkey requests", settings.passkeys_per_minute, clock)
        held_for = settings.held_for_s
        self.tables = Holdings("open tables", settings.max_open_tables_per_address, held_for)
        self.seats = Holdings("seats", settings.max_held_seats_per_address, held_for)

    async def before_create(self, address: str) -> None:
        self.creates.take(address)
        await self.tables.check(address, self._open, self.clock())

    async def before_join(self, address: str) -> None:
        self.joins.take(address)
        await self.seats.check(address, self._open, self.clock())

    async def before_fork(self, address: str) -> None:
        self.forks.take(address)
        await self.tables.check(address, self._open, self.clock())
        await self.seats.check(address, self._open, self.clock())

    def before_passkey(self, address: str) -> None:
        self.passkeys.take(address)

    def opened(self, address: str, game_id: str) -> None:
        self.tables.add(address, game_id, self.clock())

    def seated(self, address: str, game_id: str, seat: int) -> None:
        self.seats.add(address, f"{game_id}/{seat}", self.clock())

    async def _open(self, game_id: str) -> bool:
        """Whether the game is still waiting for its start (as its stream says now)."""
        try:
            live = await self.service.load(game_id, fresh=True)
        except Rejected:
            return False
        return not live.table.started
