"""reveals: the events that show a viewer what it could not see (undo by consent, `domain.undo`).

The only secret is the order of the pile. A turn's three cards drawn from its top show it; a
stopover turned shows it too, unless it is the last one left (which stopovers are left is
public, so the last is known before it is turned). The majority decided next names the
stopover just turned: nothing more."""

from __future__ import annotations

from domain.games.bienvenue_a_bord.data import STOPOVER
from domain.games.bienvenue_a_bord.messages import CardsRevealed, Event, StopoverRevealed
from domain.games.bienvenue_a_bord.state import State


def reveals(state: State, event: Event) -> bool:
    match event:
        case CardsRevealed():
            return True
        case StopoverRevealed():
            return len({card for card in state.pile if card in STOPOVER}) > 1
    return False
