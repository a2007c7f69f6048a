"""The start of a game: empty holdings, then the pile shuffled and the first principal drawn."""

from __future__ import annotations

from domain.chance import Rng, choice, shuffle, token
from domain.games.eiffel_mania.data import ALL_CARDS
from domain.games.eiffel_mania.evolve import fold
from domain.games.eiffel_mania.flow import advance
from domain.games.eiffel_mania.messages import Event, FirstPrincipalDrawn, Options, PileShuffled
from domain.games.eiffel_mania.state import State


def initial(seats: int, options: Options) -> State:
    return State(
        seats=seats,
        held=((),) * seats,
        betrayals=(0,) * seats,
        inactive=(False,) * seats,
    )


def setup(state: State, rng: Rng) -> list[Event]:
    """The shuffle (opaque ids drawn per card) and the first principal, then the engine up to
    the first decision."""
    cards = shuffle(rng, ALL_CARDS)
    ids = tuple(token(rng) for _ in cards)
    first = choice(rng, range(state.seats))
    events: list[Event] = [PileShuffled(cards=cards, ids=ids), FirstPrincipalDrawn(seat=first)]
    return events + advance(fold(state, events), rng)
