"""redeal: the position for a what-if fork, as one viewer knew it (`domain.forks`).

18ZOO hides one thing: the order of the powers deck beyond what is face up (the bank's offer so
far and the next four, `ctx.future_powers`; with the option power_visible every power the days
bring, which everyone saw, so a fork keeps them all: `ctx.face_up`). The powers left below are
shuffled again from their sorted ids, for every knower alike; the holdings follow the deck's
order, as `evolve` built them, so they are put in the new order too.

Kept apart from the rest of the package while 18ZOO is being rewritten (issue 25): a field
added to `State` must be judged here, kept or dealt again (`tests/domain/test_redeal.py` fails
until it is). A deck dealt from a recorded seed must not keep that seed in a fork."""

from __future__ import annotations

from msgspec.structs import replace

from domain.chance import Rng, shuffle
from domain.games.zoo18.ctx import face_up as shown
from domain.games.zoo18.state import State
from domain.kernel import Viewer


def redeal(state: State, knower: Viewer, rng: Rng) -> State:
    face_up = shown(state) if state.players else 0
    below = state.deck[face_up:]
    deck = (*state.deck[:face_up], *shuffle(rng, sorted(below)))
    hidden = set(below)
    holding = {power.id: power for power in state.powers}
    again = iter(holding[power] for power in deck if power in hidden)
    powers = tuple(next(again) if power.id in hidden else power for power in state.powers)
    return replace(state, deck=deck, powers=powers)
