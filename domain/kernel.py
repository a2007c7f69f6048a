"""The game kernel: a game is a plain bundle of pure functions (the Decider pattern).

`decide` is the only place with rules and randomness; `evolve` only applies recorded facts, so
folding stored events always rebuilds the same state whatever code or RNG produced them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Any, Generic, NoReturn, TypeVar

import msgspec

from domain.chance import Rng


class Seat(msgspec.Struct, frozen=True, tag="seat"):
    n: int


class Spectator(msgspec.Struct, frozen=True, tag="spectator"):
    pass


class Omniscient(msgspec.Struct, frozen=True, tag="omniscient"):
    """The server itself, and every viewer once the game is over."""


Viewer = Seat | Spectator | Omniscient

SPECTATOR = Spectator()
OMNISCIENT = Omniscient()


def sees_seat(viewer: Viewer, seat: int) -> bool:
    """Whether `viewer` may see what is private to `seat`."""
    return isinstance(viewer, Omniscient) or (isinstance(viewer, Seat) and viewer.n == seat)


class Reason(enum.StrEnum):
    """The closed set of reasons a command or a frame can be refused."""

    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"
    GAME_OVER = "game_over"
    NOT_STARTED = "not_started"
    STALE_VERSION = "stale_version"
    UNKNOWN_COMMAND = "unknown_command"
    BAD_REQUEST = "bad_request"
    FORBIDDEN = "forbidden"
    UNAUTHORIZED = "unauthorized"
    NOT_FOUND = "not_found"
    TOO_LARGE = "too_large"
    RATE_LIMITED = "rate_limited"
    BUSY = "busy"
    INTERNAL = "internal_error"


DEFAULT_DETAIL: dict[Reason, str] = {
    Reason.NOT_YOUR_TURN: "it is not your turn",
    Reason.ILLEGAL: "that move is not allowed now",
    Reason.GAME_OVER: "the game is over",
    Reason.NOT_STARTED: "the game has not started yet",
    Reason.STALE_VERSION: "the game moved on since the version you saw; look again and retry",
    Reason.UNKNOWN_COMMAND: "this game has no such command",
    Reason.BAD_REQUEST: "the message is malformed",
    Reason.FORBIDDEN: "you may not do that",
    Reason.UNAUTHORIZED: "unknown or wrong seat token",
    Reason.NOT_FOUND: "no such game",
    Reason.TOO_LARGE: "the message is too large",
    Reason.RATE_LIMITED: "too many messages; slow down",
    Reason.BUSY: "the game is busy; retry",
    Reason.INTERNAL: "the server failed on this message; nothing was changed",
}


class Rejected(Exception):
    """The only exception `decide` may raise: why the command was refused, in words."""

    def __init__(self, reason: Reason, detail: str = "") -> None:
        self.reason = reason
        self.detail = detail or DEFAULT_DETAIL[reason]
        super().__init__(f"{reason.value}: {self.detail}")


def illegal(detail: str) -> NoReturn:
    """Refuse a command the rules do not allow now, saying why in the player's terms.

    The one refusal helper of the rule modules; other reasons (not_your_turn, game_over...)
    are raised as `Rejected(reason, detail)` where they are decided."""
    raise Rejected(Reason.ILLEGAL, detail)


class Result(msgspec.Struct, frozen=True):
    """Final standing: scores and ranks are per seat (rank 1 wins; tied seats share a rank)."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str
    details: dict[str, Any] = {}

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)


def ranks_from_keys(keys: Sequence[tuple[Any, ...]]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3, ...) of seats by descending sort key; equal keys tie."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")


@dataclass(frozen=True)
class Positions(Generic[S]):
    """How a game stores a whole position (what an undo restores, what a fork is dealt):
    in forms of its own, never its live state type (`domain.positions`).

    - `forms`: the stored forms, oldest first (version n is `forms[n - 1]`). A form once
      stored never changes (tests/domain/test_positions.py pins each one): a state that
      outgrows the last form gets a new one after it.
    - `of(state)`: the state in the last form.
    - `state(position, options)`: a position of any form as today's state, the options being
      the table's (a position leaves them out: every fold reads them from the opening).
    """

    forms: tuple[type[Any], ...]
    of: Callable[[S], Any]
    state: Callable[[Any, Any], S]


@dataclass(frozen=True)
class Game(Generic[S, C, E]):
    """Everything the platform needs to host one game; every function is pure.

    - `initial(seats, options)`: the state before setup.
    - `setup(state, rng)`: the events of the start (shuffles, deals, first player).
    - `decide(state, seat, command, rng)`: events, or raises `Rejected`.
    - `evolve(state, event)`: total, no rules, no randomness; never mutates `state`.
    - `legal(state, seat)`: every command `seat` may send now (a representative sample where
      the space is huge); empty when it has nothing to do.
    - `view(state, viewer)` / `redact(event, viewer)`: what a viewer may know; `redact` returns
      None when the viewer must not even learn that the event happened. A seat knows at least
      what a spectator knows: an event a spectator is shown whole, every seat is shown whole.
    - `one_view`: True when `view(state, viewer)` is the same for every viewer (a game that
      hides nothing in its view, 18ZOO): the fan-out then computes it once per version, not
      once per seat (tests/server/test_update_frames.py checks it at every golden version).
    - `explain(state, seat, command)` (optional): what a command would do, in public terms
      only (an 18ZOO run's revenue before it is sent), without deciding it; raises `Rejected`.
    - `redeal(state, knower, rng)` (what-if forks; None: the game cannot be forked yet): the
      same position with everything `knower` (a Seat, or the Spectator) may not know drawn
      again from `rng`: other seats' hidden cards and secret choices, pile orders. It keeps
      exactly what `knower` sees, and draws the rest from public facts only (sorted
      multisets, counts), never from the hidden values it replaces.
    - `reveals(state, event)` (undo by consent; None: no command that might reveal can be
      undone): whether folding `event` on `state` shows some viewer a part of the game it
      could not see before (a card turned, a stance or vote shown, a hidden power brought face
      up). Most games read it from the event's kind alone; the state is there for an event
      that reveals only at some positions (18ZOO's day change brings four powers face up).
    - `positions` (undo by consent and forks; None: neither): how a whole position is stored.
    - `choice_fields`: the command fields a seat's legal list may leave open: commands that
      differ in that field alone are sent as one choice, a set of values (`domain.choices`).
      Empty: every command is sent whole. `range_fields`: those of them that are amounts,
      sent as a range when every whole number between two ends is offered (18ZOO's prices).
    - `rules`: the version of the rules today; bumped by a change to how stored games fold or
      decide, the older versions kept (`domain.rules`, docs/adding-a-game.md).
    Commands whose class sets `simultaneous: ClassVar[bool] = True` commute with other seats'
    moves and skip the stale-version check.
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    options_type: type[Any]
    command_type: Any
    event_type: Any
    initial: Callable[[int, Any], S]
    setup: Callable[[S, Rng], list[E]]
    decide: Callable[[S, int, C, Rng], list[E]]
    evolve: Callable[[S, E], S]
    is_over: Callable[[S], bool]
    result: Callable[[S], Result]
    legal: Callable[[S, int], list[C]]
    view: Callable[[S, Viewer], Any]
    redact: Callable[[E, Viewer], E | None]
    explain: Callable[[S, int, C], Any] | None = None
    redeal: Callable[[S, Viewer, Rng], S] | None = None
    reveals: Callable[[S, E], bool] | None = None
    positions: Positions[S] | None = None
    choice_fields: tuple[str, ...] = ()
    range_fields: tuple[str, ...] = ()
    rules: int = 1
    one_view: bool = False

    def fold(self, events: Iterable[E], state: S) -> S:
        return reduce(self.evolve, events, state)


def is_simultaneous(command: object) -> bool:
    return bool(getattr(command, "simultaneous", False))
