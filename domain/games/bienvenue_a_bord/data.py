"""The printed material of Bienvenue à bord (spec §7): the sheet and the 64 cards."""

from __future__ import annotations

from typing import Literal

import msgspec

# The rules version (domain.rules): bump it, keeping the older, to change a rule. Version 2
# follows the original text on two rules (issue 31): a conditional passenger is checked
# against the symbols held when the card was taken (D10), and the Game trigger counts only the
# Games in cabins, a bonus-box Game neither triggering nor counted (D25).
RULES = 2
SEATS = 2
TURNS = 20
STOPOVER_TURNS = (5, 10, 15, 20)
CRUISE_PER_BLOCK = 15
CARDS_PER_TURN = 3
OBJECTIVE_SLOTS = 5
SUN_VP_PER_SYMBOL = 2
MAJORITY_VP = 6
E4_LOVE_VP = 2

Symbol = Literal["fun", "sun", "game"]
SYMBOLS: tuple[Symbol, ...] = ("fun", "sun", "game")

# cabin ids by level, in the order the engine opens them (lowest letter first)
CABINS_BY_LEVEL: dict[int, tuple[str, ...]] = {
    1: tuple(f"1{letter}" for letter in "ABCDEFGH"),
    2: tuple(f"2{letter}" for letter in "ABCDEF"),
    3: tuple(f"3{letter}" for letter in "ABCD"),
}
CABIN_IDS: tuple[str, ...] = tuple(c for level in (1, 2, 3) for c in CABINS_BY_LEVEL[level])
CABIN_LEVEL: dict[str, int] = {c: int(c[0]) for c in CABIN_IDS}
LEVELS = (1, 2, 3)


class CabinCard(msgspec.Struct, frozen=True):
    id: str
    open: tuple[int, ...] = ()  # printed levels, highest first (regular card)
    special_total: int | None = None  # special card: levels summing to this total

    @property
    def special(self) -> bool:
        return self.special_total is not None


class PassengerCard(msgspec.Struct, frozen=True):
    id: str
    effect: Literal["symbol", "wild_symbol", "vp", "conditional_vp", "love"]
    level: int | None = None  # requested level (None for love)
    vp: int = 0
    symbol: Symbol | None = None  # for "symbol"
    requires: Symbol | None = None  # for "conditional_vp"


class ObjectiveCard(msgspec.Struct, frozen=True):
    id: str
    code: str
    scoring: str
    vp: int
    symbol: Symbol | None = None  # for "per_symbol"

    @property
    def chooses_symbol(self) -> bool:
        return self.scoring == "per_chosen_symbol"


class StopoverCard(msgspec.Struct, frozen=True):
    id: str
    metric: str
    compensation: str


def _cabin(n: int, *levels: int) -> CabinCard:
    return CabinCard(id=f"CAB{n:02d}", open=tuple(sorted(levels, reverse=True)))


CABIN_CARDS: tuple[CabinCard, ...] = (
    _cabin(1, 1, 1),
    _cabin(2, 1, 1),
    _cabin(3, 1, 1),
    _cabin(4, 2),
    _cabin(5, 2),
    _cabin(6, 2),
    _cabin(7, 2),
    _cabin(8, 1, 2),
    _cabin(9, 1, 2),
    _cabin(10, 1, 2),
    _cabin(11, 2, 2),
    _cabin(12, 2, 2),
    _cabin(13, 3),
    _cabin(14, 3),
    _cabin(15, 3),
    _cabin(16, 1, 3),
    CabinCard(id="CAB17", special_total=3),
    CabinCard(id="CAB18", special_total=3),
)


def _symbol(n: int, level: int, symbol: Symbol) -> PassengerCard:
    return PassengerCard(id=f"PAS{n:02d}", effect="symbol", level=level, symbol=symbol)


def _vp(n: int, level: int, vp: int) -> PassengerCard:
    return PassengerCard(id=f"PAS{n:02d}", effect="vp", level=level, vp=vp)


def _conditional(n: int, level: int, vp: int, requires: Symbol) -> PassengerCard:
    return PassengerCard(
        id=f"PAS{n:02d}", effect="conditional_vp", level=level, vp=vp, requires=requires
    )


PASSENGER_CARDS: tuple[PassengerCard, ...] = (
    _symbol(1, 1, "fun"),
    _symbol(2, 2, "fun"),
    _symbol(3, 2, "fun"),
    _symbol(4, 3, "fun"),
    _symbol(5, 1, "sun"),
    _symbol(6, 2, "sun"),
    _symbol(7, 2, "sun"),
    _symbol(8, 3, "sun"),
    _symbol(9, 1, "game"),
    _symbol(10, 2, "game"),
    _symbol(11, 2, "game"),
    _symbol(12, 3, "game"),
    PassengerCard(id="PAS13", effect="wild_symbol", level=2),
    PassengerCard(id="PAS14", effect="wild_symbol", level=3),
    _vp(15, 1, 1),
    _vp(16, 1, 1),
    _vp(17, 1, 2),
    _vp(18, 2, 2),
    _vp(19, 2, 3),
    _vp(20, 2, 3),
    _vp(21, 3, 4),
    _vp(22, 3, 5),
    _vp(23, 1, -1),
    _vp(24, 1, -2),
    _vp(25, 1, -3),
    _conditional(26, 2, 4, "fun"),
    _conditional(27, 2, 4, "sun"),
    _conditional(28, 2, 4, "game"),
    _conditional(29, 3, 6, "fun"),
    _conditional(30, 3, 6, "sun"),
    PassengerCard(id="PAS31", effect="love", vp=3),
    PassengerCard(id="PAS32", effect="love", vp=4),
    PassengerCard(id="PAS33", effect="love", vp=4),
)

OBJECTIVE_CARDS: tuple[ObjectiveCard, ...] = (
    ObjectiveCard(id="OBJ01", code="O1", scoring="per_open_empty_cabin", vp=2),
    ObjectiveCard(id="OBJ02", code="O2", scoring="per_chosen_symbol", vp=1),
    ObjectiveCard(id="OBJ03", code="O3", scoring="per_symbol", vp=2, symbol="fun"),
    ObjectiveCard(id="OBJ04", code="O4", scoring="per_symbol", vp=2, symbol="sun"),
    ObjectiveCard(id="OBJ05", code="O5", scoring="per_symbol", vp=2, symbol="game"),
    ObjectiveCard(id="OBJ06", code="O6", scoring="per_fun_sun_game_set", vp=5),
    ObjectiveCard(id="OBJ07", code="O7", scoring="per_stopover_won", vp=2),
    ObjectiveCard(id="OBJ08", code="O8", scoring="per_3_satisfied", vp=1),
    ObjectiveCard(id="OBJ09", code="O9", scoring="per_unhappy", vp=1),
)

STOPOVER_CARDS: tuple[StopoverCard, ...] = (
    StopoverCard(id="E1", metric="satisfied", compensation="check_satisfied"),
    StopoverCard(id="E2", metric="symbols_drawn_incl_love", compensation="bonus_symbol"),
    StopoverCard(id="E3", metric="cabins_opened", compensation="open_cabins"),
    StopoverCard(id="E4", metric="cabins_occupied", compensation="love"),
)

CruiseCard = CabinCard | PassengerCard | ObjectiveCard
CRUISE_CARDS: tuple[CruiseCard, ...] = (*CABIN_CARDS, *PASSENGER_CARDS, *OBJECTIVE_CARDS)
CRUISE: dict[str, CruiseCard] = {card.id: card for card in CRUISE_CARDS}
CRUISE_IDS: tuple[str, ...] = tuple(CRUISE)
STOPOVER: dict[str, StopoverCard] = {card.id: card for card in STOPOVER_CARDS}
STOPOVER_IDS: tuple[str, ...] = tuple(STOPOVER)


def fun_points(n: int) -> int:
    """The Fun table (D11): 0, 1, 3, 6, 10, 15, then +5 per further Fun."""
    return n * (n + 1) // 2 if n <= 5 else 15 + 5 * (n - 5)
