"""Every legal way to resolve a card or a compensation on one sheet (§3.1-3.4, §4)."""

from __future__ import annotations

from itertools import product

from domain.games.bienvenue_a_bord.data import (
    CRUISE,
    LEVELS,
    OBJECTIVE_SLOTS,
    SYMBOLS,
    CabinCard,
    ObjectiveCard,
    PassengerCard,
)
from domain.games.bienvenue_a_bord.messages import Choice
from domain.games.bienvenue_a_bord.state import Sheet

Openings = tuple[int | None, ...]


def regular_openings(printed: tuple[int, ...], closed: dict[int, int]) -> list[Openings]:
    """Entries per printed level (highest first): the printed level if one is closed (must),
    else any lower closed level or None (D8); each entry sees the previous ones."""
    if not printed:
        return [()]
    level, rest = printed[0], printed[1:]
    if closed[level] > 0:
        options: list[int | None] = [level]
    else:
        options = [lower for lower in range(level - 1, 0, -1) if closed[lower] > 0]
        options.append(None)
    out: list[Openings] = []
    for entry in options:
        after = dict(closed)
        if entry is not None:
            after[entry] -= 1
        out.extend((entry, *tail) for tail in regular_openings(rest, after))
    return out


def total_openings(total: int, closed: dict[int, int]) -> list[tuple[int, ...]]:
    """Multisets of closed levels (highest first) summing to `total`, or to the largest
    achievable sum below it when `total` cannot be reached (D9)."""
    feasible: list[tuple[int, ...]] = []
    counts = [range(min(closed[level], total // level) + 1) for level in LEVELS]
    for ones, twos, threes in product(*counts):
        if ones + 2 * twos + 3 * threes <= total:
            feasible.append((3,) * threes + (2,) * twos + (1,) * ones)
    best = max(sum(levels) for levels in feasible)
    return sorted((f for f in feasible if sum(f) == best), reverse=True)


def cabin_choices(card: CabinCard, sheet: Sheet) -> list[Choice]:
    closed = sheet.closed_counts()
    if card.special_total is not None:
        return [Choice(open=levels) for levels in total_openings(card.special_total, closed)]
    return [Choice(open=entries) for entries in regular_openings(card.open, closed)]


def passenger_choices(card: PassengerCard, sheet: Sheet) -> list[Choice]:
    if card.effect == "love":
        targets = sheet.loveless_occupied()
        return [Choice(cabin=c) for c in targets] if targets else [Choice(cabin=None)]
    cabins = sheet.open_empty()
    if not cabins:
        return [Choice(cabin=None)]
    if card.effect == "wild_symbol":
        return [Choice(cabin=c, symbol=s) for c in cabins for s in SYMBOLS]
    return [Choice(cabin=c) for c in cabins]


def objective_choices(card: ObjectiveCard, sheet: Sheet) -> list[Choice]:
    if len(sheet.objectives) >= OBJECTIVE_SLOTS or not card.chooses_symbol:
        return [Choice()]
    return [Choice(symbol=s) for s in SYMBOLS]


def card_choices(card_id: str, sheet: Sheet) -> list[Choice]:
    card = CRUISE[card_id]
    if isinstance(card, CabinCard):
        return cabin_choices(card, sheet)
    if isinstance(card, PassengerCard):
        return passenger_choices(card, sheet)
    return objective_choices(card, sheet)


def e3_choices(sheet: Sheet) -> list[tuple[int, ...]]:
    return total_openings(2, sheet.closed_counts())


def e4_choices(sheet: Sheet) -> list[str | None]:
    targets = sheet.loveless_occupied()
    return list(targets) if targets else [None]
