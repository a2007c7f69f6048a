"""Building Vertigo positions for rule tests.

A region is drawn as 10 characters, one per province 1..10:
`.` free, `x` polluted, `o` population, `P` polluting factory, `C` clean, `T` treatment plant.
A trailing `Task("pause")` on the agenda stops the engine after the step under test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.state import (
    FREE,
    POLLUTED,
    POP,
    POP_CLEAN,
    POP_POLLUTING,
    POP_TREATMENT,
    Country,
    State,
    Task,
)
from tests.given import Given

CODES = {".": FREE, "x": POLLUTED, "o": POP, "P": POP_POLLUTING, "C": POP_CLEAN, "T": POP_TREATMENT}
EMPTY = "." * 10
PAUSE = Task("pause")
SUN, ONE, TWO, ARROW = 0, 3, 4, 5  # die face indexes for `Dice`


def country(
    R: str = EMPTY,
    C: str = EMPTY,
    L: str = EMPTY,
    safe: int = 40,
    ready: tuple[int, int, int] = (0, 0, 0),
    acted: tuple[int, int, int] = (0, 0, 0),
    diplomats: int = 0,
    **more: Any,
) -> Country:
    cells = tuple(CODES[ch] for region in (R, C, L) for ch in region)
    assert len(cells) == 30
    return Country(
        cells=cells, safe=safe, idle_ready=ready, idle_acted=acted, diplomats=diplomats, **more
    )


def position(
    *countries: Country,
    agenda: Sequence[Task] = (PAUSE,),
    order: tuple[int, ...] | None = None,
    **fields: Any,
) -> State:
    """A state with these countries (seat order), this agenda, turn order from seat 0 by default."""
    base = game.initial(len(countries), m.Options())
    seats = tuple(range(len(countries)))
    fields.setdefault("turn", 2)
    fields.setdefault("first", (order or seats)[0])
    return replace(
        base, countries=tuple(countries), agenda=tuple(agenda), order=order or seats, **fields
    )


def at(state: State) -> Given:
    return Given(game, state)


class Dice:
    """A scripted Rng: returns these values in order (die faces: SUN, ONE, TWO, ARROW)."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randrange(self, n: int, /) -> int:
        value = self.values.pop(0)
        assert 0 <= value < n
        return value


def cells_of(state: State, seat: int, region: int) -> str:
    back = {code: ch for ch, code in CODES.items()}
    return "".join(back[c] for c in state.countries[seat].cells[region * 10 : region * 10 + 10])
