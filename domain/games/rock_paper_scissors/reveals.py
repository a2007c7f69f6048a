"""reveals: the events that show a viewer what it could not see (undo by consent, `domain.undo`).

The only secret is a hand chosen this round and not revealed yet: the round's reveal shows
every hand. The score and the end that follow it show nothing more."""

from __future__ import annotations

from domain.games.rock_paper_scissors.messages import Event, RoundRevealed
from domain.games.rock_paper_scissors.state import State


def reveals(state: State, event: Event) -> bool:
    return isinstance(event, RoundRevealed)
