"""redeal: the position for a what-if fork, as one viewer knew it (`domain.forks`).

Two things are secret in Eiffel Mania: the order of the contract pile (its cards are public as
a set, its opaque ids are public; the order is known only to the last Office user) and a
committed stance before the reveal (that it is committed is public). The knower keeps what it
sees; the pile is shuffled again from its sorted cards, and another negotiator's committed
stance is drawn again. The opaque ids stay with their places in the pile: they never named a
card to anyone but the Office user, who, in the fork, sees the new order."""

from __future__ import annotations

from msgspec.structs import replace

from domain.chance import Rng, choice, shuffle
from domain.games.eiffel_mania.messages import BETRAY, COLLABORATE, Stance
from domain.games.eiffel_mania.state import State
from domain.kernel import Viewer, sees_seat

STANCES: tuple[Stance, ...] = (COLLABORATE, BETRAY)


def redeal(state: State, knower: Viewer, rng: Rng) -> State:
    seer = state.office_seer
    if seer is None or not sees_seat(knower, seer):
        state = replace(state, pile=shuffle(rng, sorted(c for c in state.pile if c is not None)))
    if not state.stances_revealed:
        negotiators = (state.principal, state.partner)
        stances = tuple(
            choice(rng, STANCES) if committed and not sees_seat(knower, seat) else stance
            for seat, stance, committed in zip(
                negotiators, state.stances, state.committed, strict=True
            )
        )
        state = replace(state, stances=(stances[0], stances[1]))
    return state
