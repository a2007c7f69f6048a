"""The start of a game: no score, then the first round. Nothing is drawn."""

from __future__ import annotations

from domain.chance import Rng
from domain.games.rock_paper_scissors.data import SEATS
from domain.games.rock_paper_scissors.evolve import fold
from domain.games.rock_paper_scissors.flow import advance
from domain.games.rock_paper_scissors.messages import Event, Options, RoundStarted
from domain.games.rock_paper_scissors.state import State


def initial(seats: int, options: Options) -> State:
    if seats != SEATS:
        raise ValueError(f"rock-paper-scissors is played by exactly {SEATS} players, not {seats}")
    return State(seats=seats, rounds=options.rounds, scores=(0,) * seats)


def setup(state: State, rng: Rng) -> list[Event]:
    events: list[Event] = [RoundStarted(round=1)]
    return events + advance(fold(state, events))
