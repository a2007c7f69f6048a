"""The folded state: two liner sheets, the pile, and where the turn stands. Immutable."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.games.bienvenue_a_bord.data import (
    CABIN_IDS,
    CABIN_LEVEL,
    LEVELS,
    STOPOVER_TURNS,
    Symbol,
)
from domain.games.bienvenue_a_bord.messages import Options

Phase = Literal["setup", "split", "choose", "resolve", "stopover", "over"]
CabinStatus = Literal["closed", "open", "occupied"]


class Cabin(msgspec.Struct, frozen=True):
    id: str
    status: CabinStatus = "closed"
    passenger: str | None = None  # card id of the occupant
    vp: int | None = None  # number written in the window
    symbol: str | None = None  # fun / sun / game drawn in the window
    love: int | None = None  # love symbol value, at most one
    love_source: str | None = None  # love card id, or "E4"

    @property
    def level(self) -> int:
        return CABIN_LEVEL[self.id]


class Objective(msgspec.Struct, frozen=True):
    card: str
    symbol: str | None = None  # O2's chosen symbol


class Sheet(msgspec.Struct, frozen=True):
    """One liner sheet (all of it public)."""

    cabins: tuple[Cabin, ...] = tuple(Cabin(id=c) for c in CABIN_IDS)
    satisfied: int = 0
    unhappy: int = 0
    objectives: tuple[Objective, ...] = ()
    sun_slots: tuple[int, ...] = ()  # one per stopover scored so far
    majorities: tuple[str, ...] = ()  # stopover cards won (6 VP each)
    bonus: str | None = None

    def cabin(self, cabin_id: str) -> Cabin:
        return next(c for c in self.cabins if c.id == cabin_id)

    def closed(self, level: int) -> tuple[str, ...]:
        return tuple(c.id for c in self.cabins if c.status == "closed" and c.level == level)

    def closed_counts(self) -> dict[int, int]:
        counts = dict.fromkeys(LEVELS, 0)
        for c in self.cabins:
            if c.status == "closed":
                counts[CABIN_LEVEL[c.id]] += 1
        return counts

    def open_empty(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cabins if c.status == "open")

    def occupied(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cabins if c.status == "occupied")

    def loveless_occupied(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cabins if c.status == "occupied" and c.love is None)

    def symbols(self, symbol: Symbol | str) -> int:
        """Occurrences in the cabins plus the bonus box."""
        return self.cabin_symbols(symbol) + (1 if self.bonus == symbol else 0)

    def cabin_symbols(self, symbol: Symbol | str) -> int:
        """Occurrences in the cabins only (the bonus box is not a cabin: D25)."""
        return sum(1 for c in self.cabins if c.symbol == symbol)

    def symbol_counts(self) -> dict[str, int]:
        """Fun, Sun and Game held (cabins plus the bonus box), in one pass."""
        counts = {"fun": 0, "sun": 0, "game": 0}
        for c in self.cabins:
            if c.symbol is not None:
                counts[c.symbol] += 1
        if self.bonus is not None:
            counts[self.bonus] += 1
        return counts

    def loves(self) -> int:
        return sum(1 for c in self.cabins if c.love is not None)


class State(msgspec.Struct, frozen=True):
    seats: int
    options: Options
    phase: Phase = "setup"
    pile: tuple[str | None, ...] = ()  # top first; None where the viewer may not know
    tokens: tuple[str, ...] = ()  # opaque public ids of the face-down pile cards
    turn: int = 0
    splitter: int = 0
    revealed: tuple[str, ...] = ()  # the three cards of this turn, in draw order
    single: str | None = None  # the splitter's 1-card pile once split
    taken: str | None = None  # "single" | "pair": what the non-splitter took
    hands: tuple[tuple[str, ...], ...] = ((), ())  # cards each seat still has to resolve
    received: tuple[tuple[str, ...], ...] = ((), ())  # cards each seat got this turn
    sheets: tuple[Sheet, ...] = (Sheet(), Sheet())
    stopovers: tuple[str, ...] = ()  # revealed stopover cards, in order
    pending: tuple[tuple[int, str], ...] = ()  # (seat, stopover) compensations awaited
    discard: tuple[str, ...] = ()  # resolved cards, oldest first
    scores: tuple[int, ...] = ()  # final totals once over
    ranks: tuple[int, ...] = ()

    @property
    def chooser(self) -> int:
        return 1 - self.splitter

    @property
    def stopover_due(self) -> bool:
        return self.turn in STOPOVER_TURNS


def symbols_when_taken(state: State, seat: int, symbol: Symbol | str) -> int:
    """The seat's `symbol`s as they stood when it took this turn's cards, before any was
    resolved (D10): those its cards of this turn have drawn since do not count. While cards
    are resolved nothing else draws a symbol (the bonus box is filled at stopovers)."""
    sheet = state.sheets[seat]
    this_turn = state.received[seat]
    since = sum(1 for c in sheet.cabins if c.symbol == symbol and c.passenger in this_turn)
    return sheet.symbols(symbol) - since


def with_sheet(state: State, seat: int, sheet: Sheet) -> State:
    sheets = tuple(sheet if n == seat else s for n, s in enumerate(state.sheets))
    return msgspec.structs.replace(state, sheets=sheets)
