"""redeal: the position for a what-if fork, as one viewer knew it (`domain.forks`).

The only secret is a hand chosen this round and not revealed yet. The knower keeps its own;
another seat's is drawn again, as a hand that seat could have chosen: that it has chosen is
public, which hand is not."""

from __future__ import annotations

from msgspec.structs import replace

from domain.chance import Rng, choice
from domain.games.rock_paper_scissors.data import HANDS
from domain.games.rock_paper_scissors.state import State
from domain.kernel import Viewer, sees_seat


def redeal(state: State, knower: Viewer, rng: Rng) -> State:
    if state.played and state.played[-1].round == state.round:
        return state  # this round's hands are revealed: nothing is secret
    hands = tuple(
        hand if hand is None or sees_seat(knower, seat) else choice(rng, HANDS)
        for seat, hand in enumerate(state.hands)
    )
    return replace(state, hands=hands)
