"""Rock-paper-scissors in the shared tests (tests/per_game.py finds this module from the
registry): the seats they play it at and what it hides."""

from __future__ import annotations

from typing import Any

from domain.chance import Rng
from domain.kernel import Viewer

# states that differ only in what a viewer may not know
from tests.domain.rock_paper_scissors.test_secrecy import hidden_twins as hidden_twins

SEATS = 2  # the seats the shared server and domain tests play it at
REDEAL_SEATS = (2,)  # the seats of the games tests/domain/test_redeal.py forks
DRAWS = False  # it draws nothing: its log records no draws
# the kinds of stored event that hide something from some viewer (tests/server/test_guess_oracle.py)
SECRET_EVENTS = frozenset({"hand_chosen"})
# the kinds of twin tests/server/test_noninterference.py builds and must see compared
TWIN_KINDS = ("choice",)
# the kinds of twin tests/server/test_fork_noninterference.py forks
FORK_KINDS = ("choice",)
# its State, field by field, as its redeal judged them (kept, or drawn again): a field added
# later may hold a secret, so tests/domain/test_redeal.py asks that it be judged too
JUDGED = "seats rounds round chosen hands scores played over"


def leaky_redeal(state: Any, knower: Viewer, rng: Rng) -> Any:
    """A redeal that keeps every choice made: tests/domain/test_redeal.py must catch it."""
    return state


# tests/domain/test_undo_reveals.py: (seats, random bots' seed, moves played, whether any of
# them may be undone), enough moves to meet a reveal and, where there is one, an undoable move
UNDO_SWEEP = (2, 1, 10, False)
