"""reveals: the events that show a viewer what it could not see (undo by consent, `domain.undo`).

The only secret is the order of the pile: a turn's three cards drawn from its top, and a
stopover card turned (the majority decided names it too), show it."""

from __future__ import annotations

from domain.games.bienvenue_a_bord.messages import (
    CardsRevealed,
    Event,
    MajorityDecided,
    StopoverRevealed,
)
from domain.games.bienvenue_a_bord.state import State


def reveals(state: State, event: Event) -> bool:
    return isinstance(event, CardsRevealed | StopoverRevealed | MajorityDecided)
