"""reveals: the events that show a viewer what it could not see (undo by consent, `domain.undo`).

18ZOO hides the order of the powers deck below what is face up (`ctx.face_up`). No event reads
it; a position shows more of it: the start deals the deck with its first powers face up, and
each day that begins brings four more into view (rules 11: the stock round's `round_begun`;
rules 1-10: a `flow_changed`, which every step of those games stores). An event is judged by
the face-up count it leaves, not by its kind, so both are."""

from __future__ import annotations

from domain.games.zoo18.ctx import face_up
from domain.games.zoo18.evolve import evolve
from domain.games.zoo18.messages import Event, Started
from domain.games.zoo18.state import State


def _seen(state: State) -> int:
    """How many powers of the deck, from its top, every viewer has seen."""
    return min(face_up(state), len(state.deck)) if state.players else 0


def reveals(state: State, event: Event) -> bool:
    return isinstance(event, Started) or _seen(evolve(state, event)) > _seen(state)
