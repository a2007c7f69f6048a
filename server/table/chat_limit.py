"""Chat's pace, per seat and per game, kept by the service of each process.

A socket's own pace (`server.sockets.rate_limit`) does not limit a seat that opens twenty
sockets, so the chat lines a game stores are counted where they are stored: a token bucket per
seat (a few lines at once, then one every few seconds) and one per game (a table's chat as a
whole).
A human chatting at the table never reaches either; a line refused is `rate_limited`, and
nothing is stored for it.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from domain.kernel import Reason, Rejected
from server.ops.config import Settings

K = TypeVar("K")
KEPT = 10_000  # buckets remembered per kind; the least recently used is forgotten (refilled)


@dataclass(frozen=True)
class ChatPace:
    seat_burst: int = 5  # lines a seat may send at once
    seat_every_s: float = 2.0  # then one more line every this many seconds
    game_burst: int = 20  # lines a table may take at once, all seats together
    game_every_s: float = 0.5


def chat_pace(settings: Settings) -> ChatPace:
    return ChatPace(
        settings.chat_seat_burst,
        settings.chat_seat_every_s,
        settings.chat_game_burst,
        settings.chat_game_every_s,
    )


class _Bucket:
    __slots__ = ("at", "tokens")

    def __init__(self, tokens: float, at: float) -> None:
        self.tokens, self.at = tokens, at

    def refill(self, now: float, burst: int, every_s: float) -> float:
        self.tokens = min(float(burst), self.tokens + (now - self.at) / every_s)
        self.at = now
        return self.tokens


class ChatLimits:
    """Admits a chat line of a seat of a game, or refuses it (`rate_limited`)."""

    def __init__(
        self, pace: ChatPace | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.pace = pace or ChatPace()
        self.clock = clock
        self._seats: OrderedDict[tuple[str, int], _Bucket] = OrderedDict()
        self._games: OrderedDict[str, _Bucket] = OrderedDict()

    def admit(self, game_id: str, seat: int) -> None:
        """Take one line from the seat's bucket and the game's; Rejected if either is empty
        (then neither is taken)."""
        pace, now = self.pace, self.clock()
        mine = _bucket(self._seats, (game_id, seat), pace.seat_burst, now)
        table = _bucket(self._games, game_id, pace.game_burst, now)
        if mine.refill(now, pace.seat_burst, pace.seat_every_s) < 1:
            raise Rejected(
                Reason.RATE_LIMITED,
                f"too many chat lines from your seat: {pace.seat_burst} at once,"
                f" then one every {pace.seat_every_s:g} s",
            )
        if table.refill(now, pace.game_burst, pace.game_every_s) < 1:
            raise Rejected(
                Reason.RATE_LIMITED,
                f"too many chat lines at this table: {pace.game_burst} at once,"
                f" then one every {pace.game_every_s:g} s for all seats; wait a moment",
            )
        mine.tokens -= 1
        table.tokens -= 1


def _bucket(buckets: OrderedDict[K, _Bucket], key: K, burst: int, now: float) -> _Bucket:
    """The bucket of `key`, now the most recently used; a full one if it had none."""
    found = buckets.get(key)
    if found is None:
        found = buckets[key] = _Bucket(float(burst), now)
        if len(buckets) > KEPT:
            buckets.popitem(last=False)
    else:
        buckets.move_to_end(key)
    return found
