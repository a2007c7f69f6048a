"""§5 scoring: lot points, special cards, Eiffel and series bonuses, tie-breaks (D21); the end."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.games.eiffel_mania.data import (
    EIFFEL,
    EIFFEL_BONUS_PER_LOT,
    LOT_POINTS,
    SERIES_BONUS_PER_CARD,
    SERIES_MIN_LENGTH,
    SPECIAL_POINTS,
    SPECIAL_TYPE,
    lot_id,
)
from domain.games.eiffel_mania.state import State
from domain.kernel import Result, ranks_from_keys


class ScoreLine(msgspec.Struct, frozen=True):
    seat: int
    lot_points: int
    special_points: int
    eiffel_bonus: int
    longest_series: int
    series_bonus: int
    total: int
    betrayals: int


def longest_series(numbers: Sequence[int]) -> int:
    """Length of the longest run of consecutive lot numbers (1 for a lone lot, 0 for none)."""
    owned = set(numbers)
    best = 0
    for n in owned:
        if n - 1 not in owned:
            length = 1
            while n + length in owned:
                length += 1
            best = max(best, length)
    return best


def score_lines(
    lot_owner: Sequence[int | None],
    held: Sequence[Sequence[str]],
    betrayals: Sequence[int],
) -> list[ScoreLine]:
    """Scores from public holdings (also used by bots to estimate a move)."""
    seats = len(held)
    lots = [[i + 1 for i, owner in enumerate(lot_owner) if owner == seat] for seat in range(seats)]
    eiffels = [sum(1 for c in held[seat] if SPECIAL_TYPE[c] == EIFFEL) for seat in range(seats)]
    most_eiffel = max(eiffels, default=0)
    series = [longest_series(lots[seat]) for seat in range(seats)]
    best_series = max(series, default=0)
    lines = []
    for seat in range(seats):
        lot_points = sum(LOT_POINTS[lot_id(n)] for n in lots[seat])
        special = SPECIAL_POINTS * len(held[seat])
        eiffel = (
            EIFFEL_BONUS_PER_LOT * len(lots[seat])
            if most_eiffel >= 1 and eiffels[seat] == most_eiffel
            else 0
        )
        length = series[seat]
        bonus = (
            SERIES_BONUS_PER_CARD * length
            if best_series >= SERIES_MIN_LENGTH and length == best_series
            else 0
        )
        lines.append(
            ScoreLine(
                seat=seat,
                lot_points=lot_points,
                special_points=special,
                eiffel_bonus=eiffel,
                longest_series=length if length >= SERIES_MIN_LENGTH else 0,
                series_bonus=bonus,
                total=lot_points + special + eiffel + bonus,
                betrayals=betrayals[seat],
            )
        )
    return lines


def is_over(state: State) -> bool:
    return state.phase == "over"


def result(state: State) -> Result:
    lines = score_lines(state.lot_owner, state.held, state.betrayals)
    keys = [(line.total, line.lot_points, -line.betrayals) for line in lines]
    return Result(
        scores=tuple(line.total for line in lines),
        ranks=ranks_from_keys(keys),
        reason=state.end_reason or "in_progress",
        details={"lines": [msgspec.to_builtins(line) for line in lines]},
    )
