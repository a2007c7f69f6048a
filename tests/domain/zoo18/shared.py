"""18ZOO in the shared tests (tests/per_game.py finds this module from the registry): the
seats they play it at and what it hides."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.chance import Rng, shuffle
from domain.games.zoo18.ctx import revealed
from domain.kernel import Viewer

SEATS = 3  # the seats the shared server and domain tests play it at
REDEAL_SEATS = (2, 3, 4)  # the seats of the games tests/domain/test_redeal.py forks
DRAWS = True  # its setup shuffles the powers deck
# the kinds of stored event that hide something from some viewer: the powers deck
# (tests/server/test_guess_oracle.py)
SECRET_EVENTS = frozenset({"zoo_started"})
# the kinds of twin tests/server/test_noninterference.py builds and must see compared: none
# of the generic ones reach the deck below the face-up powers; tests of their own there do
# (test_with_the_powers_visible_...)
TWIN_KINDS: tuple[str, ...] = ()
# the kinds of twin tests/server/test_fork_noninterference.py forks
FORK_KINDS = ("pile",)
# its State, field by field, as its redeal judged them (kept, or drawn again): a field added
# later may hold a secret, so tests/domain/test_redeal.py asks that it be judged too
JUDGED = (
    "seats options map players families shares powers tickets deck trains phase board flow "
    "priority arrivals par_order bank_flow last_run last_routes ended acquired token_waited"
    # rules 22's memo: read off the public turn and board facts, kept by a fork as they are
    " graphs_kept graph_unseen"
)


def hidden_twins(state: Any, viewer: Viewer) -> list[Any]:
    """The powers below the face-up ones in another order (the holdings in that order too)."""
    face_up = revealed(state) + 4 if state.players else 0
    below = state.deck[face_up:]
    if len(below) < 2:
        return []
    order = (*below[1:], below[0])
    deck = (*state.deck[:face_up], *order)
    holding = {power.id: power for power in state.powers}
    again = iter(holding[power] for power in order)
    powers = tuple(next(again) if power.id in below else power for power in state.powers)
    return [replace(state, deck=deck, powers=powers)]


def leaky_redeal(state: Any, knower: Viewer, rng: Rng) -> Any:
    """A redeal that shuffles the original order of the deck below the face-up powers:
    tests/domain/test_redeal.py must catch it."""
    face_up = revealed(state) + 4
    return replace(state, deck=(*state.deck[:face_up], *shuffle(rng, state.deck[face_up:])))


# tests/domain/test_undo_reveals.py: (seats, random bots' seed, moves played, whether any of
# them may be undone), enough moves to meet a reveal and, where there is one, an undoable move
UNDO_SWEEP = (3, 1, 40, True)
