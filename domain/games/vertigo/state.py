"""The folded state of a Vertigo game, immutable, plus read-only queries on it.

Each country is 30 province cells (index = region * 10 + number - 1) holding one code:
free, polluted, populated, or populated with a factory (whose engineers are implied by its kind:
a factory always has exactly the engineers its kind requires). The turn structure is an agenda:
a tuple of pending tasks, the head being what happens next.
"""

from __future__ import annotations

import msgspec

from domain.games.vertigo.data import (
    CLEAN,
    ENGINEERS,
    OVERPOPULATED_MIN,
    POLLUTING,
    POPULATION_SUPPLY,
    PROVINCE_COUNT,
    SCHOLARS_PER_COLOR,
    STARTING_MONEY,
    SUPPLY,
    TREATMENT,
)

FREE, POLLUTED, POP, POP_POLLUTING, POP_CLEAN, POP_TREATMENT = range(6)
FACTORY_CODE = {POLLUTING: POP_POLLUTING, CLEAN: POP_CLEAN, TREATMENT: POP_TREATMENT}
CODE_KIND = {POP_POLLUTING: POLLUTING, POP_CLEAN: CLEAN, POP_TREATMENT: TREATMENT}


class Country(msgspec.Struct, frozen=True):
    cells: tuple[int, ...] = (FREE,) * PROVINCE_COUNT
    moved: frozenset[int] = frozenset()  # populated cells whose pawn moved or arrived this turn
    idle_ready: tuple[int, int, int] = (0, 0, 0)  # idle scholars per region box, not yet acted
    idle_acted: tuple[int, int, int] = (0, 0, 0)
    diplomats: int = 0
    safe: int = STARTING_MONEY
    trained: frozenset[int] = frozenset()  # regions that trained this turn
    laws_used: frozenset[int] = frozenset()
    active: bool = True
    eliminated: int = 0  # 1 for the first elimination event, 2 for the next, ...; 0 = active

    def population(self, region: int | None = None) -> int:
        cells = self.cells if region is None else self.cells[region * 10 : region * 10 + 10]
        return len(cells) - cells.count(FREE) - cells.count(POLLUTED)

    def factories(self, kind: str | None = None) -> int:
        cells = self.cells
        if kind is None:
            return cells.count(POP_POLLUTING) + cells.count(POP_CLEAN) + cells.count(POP_TREATMENT)
        return cells.count(FACTORY_CODE[kind])

    def engineers(self) -> int:
        cells = self.cells
        return (
            ENGINEERS[POLLUTING] * cells.count(POP_POLLUTING)
            + ENGINEERS[CLEAN] * cells.count(POP_CLEAN)
            + ENGINEERS[TREATMENT] * cells.count(POP_TREATMENT)
        )

    def idle(self, region: int) -> int:
        return self.idle_ready[region] + self.idle_acted[region]

    def scholars(self) -> int:
        """Scholar pawns on the board: idle + engineers + diplomats (the upkeep count)."""
        return sum(self.idle_ready) + sum(self.idle_acted) + self.engineers() + self.diplomats

    def polluted(self, region: int) -> int:
        return self.cells[region * 10 : region * 10 + 10].count(POLLUTED)

    def has_treatment(self, region: int) -> bool:
        return POP_TREATMENT in self.cells[region * 10 : region * 10 + 10]

    def overpopulated(self, region: int) -> bool:
        return self.population(region) >= OVERPOPULATED_MIN and not self.has_treatment(region)

    def sources(self, region: int) -> int:
        """Pollution die rolls for this region: polluting factories + 1 if overpopulated."""
        polluting = self.cells[region * 10 : region * 10 + 10].count(POP_POLLUTING)
        return polluting + (1 if self.overpopulated(region) else 0)

    def non_polluting(self) -> bool:
        return self.factories(POLLUTING) == 0 and not any(self.overpopulated(r) for r in range(3))


class Task(msgspec.Struct, frozen=True):
    """One pending step of the agenda. `seat` is who acts (the placer for `place`)."""

    kind: str
    seat: int = -1
    region: int = -1
    owner: int = -1
    count: int = 0
    from_die: bool = False
    adjacency: bool = False
    law: int = 0


DECISIONS = frozenset(
    {
        "setup",
        "designate",
        "upkeep",
        "build",
        "depollute",
        "population",
        "training",
        "target",
        "place",
        "cleanup",
        "law",
        "vote",
        "destroy",
    }
)
MANAGEMENT = ("upkeep", "build", "depollute", "population", "training")


class State(msgspec.Struct, frozen=True):
    seats: int
    countries: tuple[Country, ...]
    treasury: int
    bank: int = 0  # net money the bank received (negative: it paid out more than it got)
    level: int = 0  # planetary pollution in tens of percent
    witness: int = 0
    placed: int = 0  # markers placed by die results this turn
    turn: int = 0
    first: int = -1
    order: tuple[int, ...] = ()
    proposed: frozenset[int] = frozenset()  # laws proposed this turn
    dice: tuple[tuple[int, str, str], ...] = ()  # this turn's pollution rolls (seat, region, face)
    end_die: str | None = None
    agenda: tuple[Task, ...] = ()
    vote_law: int = 0
    vote_proposer: int = -1
    voters: tuple[int, ...] = ()
    votes: tuple[tuple[int, str], ...] = ()
    cleaned: frozenset[int] = frozenset()  # regions cleaned in the current cleanup
    eliminations: int = 0
    over: bool = False
    end_reason: str = ""
    rules: int = 1  # the rules version (`messages.Options.rules`)
    queued: bool = False  # the tasks are queued by events (`messages.TasksQueued`): rules 2 on

    @property
    def head(self) -> Task | None:
        return self.agenda[0] if self.agenda else None

    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if self.countries[s].active)

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Active seats clockwise starting at `seat` (or the next active one after it)."""
        ring = [(seat + k) % self.seats for k in range(self.seats)]
        return tuple(s for s in ring if self.countries[s].active)

    def in_order(self) -> tuple[int, ...]:
        """This turn's order over the players still active."""
        return tuple(s for s in self.order if self.countries[s].active)


def factory_stock(state: State, kind: str) -> int:
    """Tokens of this factory kind left in the shared supply."""
    code = FACTORY_CODE[kind]
    return SUPPLY[kind] - sum(c.cells.count(code) for c in state.countries)


def population_stock(state: State) -> int:
    return POPULATION_SUPPLY - sum(c.population() for c in state.countries)


def scholar_stock(state: State, seat: int) -> int:
    return SCHOLARS_PER_COLOR - state.countries[seat].scholars()
