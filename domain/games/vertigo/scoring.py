"""Final ranking (section 5): eligibility, factories, scholar pawns, money; eliminated last."""

from __future__ import annotations

from typing import Any

from domain.games.vertigo.data import COLORS
from domain.games.vertigo.state import Country, State
from domain.kernel import Result, ranks_from_keys


def is_over(s: State) -> bool:
    return s.over


def eligible(c: Country) -> bool:
    """Enough money in the safe for one upkeep of all own scholar pawns (D34)."""
    return c.safe >= c.scholars()


def rank_key(c: Country) -> tuple[int, ...]:
    if not c.active:
        return (0, 0, 0, 0, 0, c.eliminated)
    return (1, int(eligible(c)), c.factories(), c.scholars(), c.safe, 0)


def result(s: State) -> Result:
    keys = [rank_key(c) for c in s.countries]
    details: dict[str, Any] = {
        "end": s.end_reason,
        "turn": s.turn,
        "players": [
            {
                "seat": seat,
                "color": COLORS[seat],
                "active": c.active,
                "eligible": c.active and eligible(c),
                "factories": c.factories(),
                "scholars": c.scholars(),
                "safe": c.safe,
                "eliminated": c.eliminated,
            }
            for seat, c in enumerate(s.countries)
        ],
    }
    scores = tuple(c.factories() if c.active else 0 for c in s.countries)
    return Result(scores=scores, ranks=ranks_from_keys(keys), reason=s.end_reason, details=details)
