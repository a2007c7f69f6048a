"""legal: the three hands for a seat that has not chosen this round, else nothing."""

from __future__ import annotations

from domain.games.rock_paper_scissors.data import HANDS
from domain.games.rock_paper_scissors.messages import Choose, Command
from domain.games.rock_paper_scissors.state import State, waiting_for


def legal(state: State, seat: int) -> list[Command]:
    if seat not in waiting_for(state):
        return []
    return [Choose(hand=hand) for hand in HANDS]
