"""Eiffel Mania in the shared tests (tests/per_game.py finds this module from the registry):
the seats they play it at and what it hides."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.chance import Rng, shuffle
from domain.kernel import Viewer

# states that differ only in what a viewer may not know
from tests.domain.eiffel_mania.test_secrecy import hidden_twins as hidden_twins

SEATS = 4  # the seats the shared server and domain tests play it at
REDEAL_SEATS = (3, 4)  # the seats of the games tests/domain/test_redeal.py forks
DRAWS = True  # its setup shuffles the pile
# the kinds of stored event that hide something from some viewer (tests/server/test_guess_oracle.py)
SECRET_EVENTS = frozenset({"pile_shuffled", "stance_committed", "office_played", "pile_reordered"})
# the kinds of twin tests/server/test_noninterference.py builds and must see compared
TWIN_KINDS = ("pile", "choice")
# the kinds of twin tests/server/test_fork_noninterference.py forks
FORK_KINDS = ("pile", "choice")
# its State, field by field, as its redeal judged them (kept, or drawn again): a field added
# later may hold a secret, so tests/domain/test_redeal.py asks that it be judged too
JUDGED = (
    "seats phase pile pile_ids office_seer lot_owner held discarded betrayals inactive "
    "next_from negotiation principal partner queue revealed offers stances committed "
    "stances_revealed denouncer denounced denunciation_correct effective effective_stances "
    "outcome awaiting give_to give_reason end_reason"
)


def leaky_redeal(state: Any, knower: Viewer, rng: Rng) -> Any:
    """A redeal that shuffles the original order (with the fork's randomness published at its
    end, it gives the original back): tests/domain/test_redeal.py must catch it."""
    return replace(state, pile=shuffle(rng, state.pile))


# tests/domain/test_undo_reveals.py: (seats, random bots' seed, moves played, whether any of
# them may be undone), enough moves to meet a reveal and, where there is one, an undoable move
UNDO_SWEEP = (3, 1, 40, True)
