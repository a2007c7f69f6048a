"""The start of a game: the empty countries, then the first player drawn and the setup asked."""

from __future__ import annotations

from domain.chance import Rng, choice
from domain.games.vertigo import messages as m
from domain.games.vertigo.data import TREASURY_PER_PLAYER
from domain.games.vertigo.evolve import fold
from domain.games.vertigo.flow import advance, queue
from domain.games.vertigo.state import Country, State


def initial(seats: int, options: m.Options) -> State:
    return State(
        seats=seats,
        countries=tuple(Country() for _ in range(seats)),
        treasury=TREASURY_PER_PLAYER * seats,
        rules=options.rules,
    )


def setup(s: State, rng: Rng) -> list[m.Event]:
    first = m.FirstPlayerDrawn(choice(rng, range(s.seats)), queued=s.rules >= 2)
    events = queue(s, [first])
    return events + advance(fold(s, events), rng)
