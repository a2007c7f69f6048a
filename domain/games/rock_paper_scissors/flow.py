"""The engine's steps: once every seat has chosen, the reveal, then the next round or the end."""

from __future__ import annotations

from domain.games.rock_paper_scissors.data import BEATS, Hand
from domain.games.rock_paper_scissors.evolve import fold
from domain.games.rock_paper_scissors.messages import (
    Event,
    GameEnded,
    RoundRevealed,
    RoundStarted,
)
from domain.games.rock_paper_scissors.state import State


def winner(hands: tuple[Hand, ...]) -> int | None:
    """The seat whose hand beats the other's; None on a draw."""
    first, second = hands
    if BEATS[first] == second:
        return 0
    if BEATS[second] == first:
        return 1
    return None


def step(state: State) -> list[Event]:
    """The next automatic events, or [] while a seat has still to choose."""
    if state.over or not all(state.chosen):
        return []
    hands = tuple(hand for hand in state.hands if hand is not None)
    assert len(hands) == state.seats, "the engine needs every hand to reveal the round"
    reveal = RoundRevealed(round=state.round, hands=hands, winner=winner(hands))
    after = fold(state, [reveal])
    if state.round == state.rounds:
        return [reveal, GameEnded(scores=after.scores)]
    return [reveal, RoundStarted(round=state.round + 1)]


def advance(state: State) -> list[Event]:
    """The automatic events from `state` on, until a seat has a choice to make or the end."""
    events: list[Event] = []
    while new := step(state):
        events += new
        state = fold(state, new)
    return events
