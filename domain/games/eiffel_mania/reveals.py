"""reveals: the events that show a viewer what it could not see (undo by consent, `domain.undo`).

Two things are secret: the order of the contract pile (its cards are public, the order is
known to the last Office user only) and a committed stance before R1. The order is shown by
the cards turned from the top, by the pile shown to an Office user, and at the end by the pile
given away or discarded in its order, unless a single card is left (a card has no order). The
stances are shown at R1; what follows from them (the denunciation judged, the outcome, the
warnings, the betrayer's cards) always comes after it, when they are public."""

from __future__ import annotations

from domain.games.eiffel_mania.messages import (
    CardsAwarded,
    CardsRevealed,
    Event,
    OfficePlayed,
    PileDiscarded,
    StancesRevealed,
)
from domain.games.eiffel_mania.state import State


def reveals(state: State, event: Event) -> bool:
    ordered = len(state.pile) > 1
    match event:
        case StancesRevealed():
            return True
        case CardsRevealed() | OfficePlayed() | PileDiscarded():
            return ordered
        case CardsAwarded(how=how):
            return how == "last_active" and ordered  # the rest of the pile, in its order
    return False
