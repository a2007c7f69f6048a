"""evolve: apply one recorded fact to the state. No rules, no randomness, never mutates."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

from msgspec.structs import replace

from domain.games.rock_paper_scissors.messages import (
    Event,
    GameEnded,
    HandChosen,
    RoundRevealed,
    RoundStarted,
)
from domain.games.rock_paper_scissors.state import Revealed, State


def evolve(state: State, event: Event) -> State:
    match event:
        case RoundStarted(round=number):
            return replace(
                state,
                round=number,
                chosen=(False,) * state.seats,
                hands=(None,) * state.seats,
            )
        case HandChosen(seat=seat, hand=hand):  # hand is None in a redacted event
            chosen = tuple(done or n == seat for n, done in enumerate(state.chosen))
            hands = tuple(hand if n == seat else h for n, h in enumerate(state.hands))
            return replace(state, chosen=chosen, hands=hands)
        case RoundRevealed(round=number, hands=hands, winner=winner):
            scores = tuple(s + (n == winner) for n, s in enumerate(state.scores))
            played = (*state.played, Revealed(round=number, hands=hands, winner=winner))
            return replace(state, scores=scores, played=played, hands=hands)
        case GameEnded():
            return replace(state, over=True)
    return state


def fold(state: State, events: Iterable[Event]) -> State:
    return reduce(evolve, events, state)
