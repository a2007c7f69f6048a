"""redeal: the position for a what-if fork, as one viewer knew it (`domain.forks`).

Everything in Vertigo is public but the choices of an open vote: who has voted is public, what
they voted is not until the last vote reveals them all. The knower keeps its own vote; another
voter's is drawn again among the choices it had. Dice are rolled when a command needs them, so
none lies in the state: a fork rolls its own."""

from __future__ import annotations

from msgspec.structs import replace

from domain.chance import Rng, choice
from domain.games.vertigo.data import VOTE_CHOICES
from domain.games.vertigo.state import State
from domain.kernel import Viewer, sees_seat


def redeal(state: State, knower: Viewer, rng: Rng) -> State:
    votes = tuple(
        (seat, vote if sees_seat(knower, seat) else choice(rng, VOTE_CHOICES))
        for seat, vote in state.votes
    )
    return replace(state, votes=votes)
