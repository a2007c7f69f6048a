"""reveals: the events that show a viewer what it could not see (undo by consent, `domain.undo`).

The only secret is the choices of an open vote; the last vote reveals them all. Dice are drawn
when a command needs them, so `domain.undo` refuses those commands for their draws."""

from __future__ import annotations

from domain.games.vertigo.messages import Event, VotesRevealed
from domain.games.vertigo.state import State


def reveals(state: State, event: Event) -> bool:
    return isinstance(event, VotesRevealed)
