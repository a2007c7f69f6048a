"""The folded state of a game of rock-paper-scissors, and the questions asked of it."""

from __future__ import annotations

import msgspec

from domain.games.rock_paper_scissors.data import Hand


class Revealed(msgspec.Struct, frozen=True):
    round: int
    hands: tuple[Hand, ...]
    winner: int | None


class State(msgspec.Struct, frozen=True):
    seats: int
    rounds: int
    round: int = 0  # the round being played (1-based); 0 before setup
    chosen: tuple[bool, ...] = ()  # public: who has chosen this round
    hands: tuple[Hand | None, ...] = ()  # this round's hands (None: not chosen, or not known)
    scores: tuple[int, ...] = ()
    played: tuple[Revealed, ...] = ()
    over: bool = False


def waiting_for(state: State) -> tuple[int, ...]:
    """The seats still to choose this round."""
    if state.over or state.round == 0:
        return ()
    return tuple(seat for seat, done in enumerate(state.chosen) if not done)
