"""Component data of Eiffel Mania (spec §7): lots, special cards, colours, plan layout."""

from __future__ import annotations

from typing import Final

COLOURS: Final = ("red", "blue", "green", "yellow")
MAX_BETRAYALS: Final = 3
MAX_OFFERS: Final = 3
CARDS_PER_DEAL: Final = 2

PLAN_ROWS_TOP_TO_BOTTOM: Final = ((12,), (10, 11), (7, 8, 9), (3, 4, 5, 6), (1, 2))

# Special card types
OFFICE: Final = "office"
DENUNCIATION: Final = "denunciation"
CLAUSE: Final = "clause"
EIFFEL: Final = "eiffel"

SPECIAL_POINTS: Final = 1
EIFFEL_BONUS_PER_LOT: Final = 2
SERIES_BONUS_PER_CARD: Final = 2
SERIES_MIN_LENGTH: Final = 2


def _tier(number: int) -> int:
    if number <= 2:
        return 1
    if number <= 6:
        return 2
    if number <= 9:
        return 3
    if number <= 11:
        return 4
    return 5


LOT_IDS: Final = tuple(f"L{n:02d}" for n in range(1, 13))
LOT_NUMBER: Final = {f"L{n:02d}": n for n in range(1, 13)}
LOT_POINTS: Final = {f"L{n:02d}": _tier(n) for n in range(1, 13)}  # D1: points = tier

_SPECIAL_TYPES = (OFFICE, DENUNCIATION, CLAUSE, EIFFEL)  # D2: three of each
SPECIAL_TYPE: Final = {f"S{i + 1:02d}": _SPECIAL_TYPES[i // 3] for i in range(12)}
SPECIAL_IDS: Final = tuple(SPECIAL_TYPE)

ALL_CARDS: Final = LOT_IDS + SPECIAL_IDS


def lot_id(number: int) -> str:
    return f"L{number:02d}"
