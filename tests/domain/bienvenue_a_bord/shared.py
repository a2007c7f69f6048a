"""Bienvenue à bord in the shared tests (tests/per_game.py finds this module from the
registry): the seats they play it at and what it hides."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.chance import Rng, shuffle
from domain.kernel import Viewer
from tests.domain.bienvenue_a_bord.test_secrecy import shuffled_pile

SEATS = 2  # the seats the shared server and domain tests play it at
REDEAL_SEATS = (2,)  # the seats of the games tests/domain/test_redeal.py forks
DRAWS = True  # its setup builds the pile
# the kinds of stored event that hide something from some viewer: the pile, its order and
# the next stopover (tests/server/test_guess_oracle.py)
SECRET_EVENTS = frozenset({"pile_built"})
# the kinds of twin tests/server/test_noninterference.py builds and must see compared
TWIN_KINDS = ("pile", "secret")
# the kinds of twin tests/server/test_fork_noninterference.py forks
FORK_KINDS = ("pile",)
# its State, field by field, as its redeal judged them (kept, or drawn again): a field added
# later may hold a secret, so tests/domain/test_redeal.py asks that it be judged too
JUDGED = (
    "seats options phase pile tokens turn splitter revealed single taken hands received "
    "sheets stopovers pending discard scores ranks"
)


def hidden_twins(state: Any, viewer: Viewer) -> list[Any]:
    """The pile in other orders (nobody sees it: the same for every viewer)."""
    if len(state.pile) < 2:
        return []
    twins = [shuffled_pile(state, seed) for seed in range(3)]
    return [twin for twin in twins if twin != state]


def leaky_redeal(state: Any, knower: Viewer, rng: Rng) -> Any:
    """A redeal that shuffles the original order (with the fork's randomness published at its
    end, it gives the original back): tests/domain/test_redeal.py must catch it."""
    return replace(state, pile=shuffle(rng, state.pile))


# tests/domain/test_undo_reveals.py: (seats, random bots' seed, moves played, whether any of
# them may be undone), enough moves to meet a reveal and, where there is one, an undoable move
UNDO_SWEEP = (2, 1, 40, True)
