"""The start of a game: two blank sheets, then the pile built and the first splitter drawn."""

from __future__ import annotations

from domain.chance import Rng, choice, shuffle, token
from domain.games.bienvenue_a_bord.data import CRUISE_IDS, CRUISE_PER_BLOCK, SEATS, STOPOVER_IDS
from domain.games.bienvenue_a_bord.evolve import fold
from domain.games.bienvenue_a_bord.flow import advance
from domain.games.bienvenue_a_bord.messages import Event, FirstSplitterDrawn, Options, PileBuilt
from domain.games.bienvenue_a_bord.state import State


def initial(seats: int, options: Options) -> State:
    if seats != SEATS:
        raise ValueError(f"Bienvenue à bord is played by exactly {SEATS} players, not {seats}")
    return State(seats=seats, options=options)


def build_pile(rng: Rng) -> tuple[str, ...]:
    """4 blocks, each 15 cruise cards on top of one stopover (D1): 64 cards, top first."""
    cruise = shuffle(rng, CRUISE_IDS)
    stopovers = shuffle(rng, STOPOVER_IDS)
    pile: list[str] = []
    for block, stopover in enumerate(stopovers):
        pile.extend(cruise[block * CRUISE_PER_BLOCK : (block + 1) * CRUISE_PER_BLOCK])
        pile.append(stopover)
    return tuple(pile)


def setup(state: State, rng: Rng) -> list[Event]:
    """The pile (with an opaque token per face-down card) and the first splitter, then the
    engine up to the first split."""
    pile = build_pile(rng)
    events: list[Event] = [
        PileBuilt(cards=pile, tokens=tuple(token(rng) for _ in pile)),
        FirstSplitterDrawn(seat=choice(rng, range(state.seats))),
    ]
    return events + advance(fold(state, events))
