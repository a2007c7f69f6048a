"""Vertigo in the shared tests (tests/per_game.py finds this module from the registry): the
seats they play it at and what it hides."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.chance import Rng
from domain.games.vertigo.data import VOTE_CHOICES
from domain.kernel import Seat, Viewer

SEATS = 3  # the seats the shared server and domain tests play it at
REDEAL_SEATS = (2, 3, 4)  # the seats of the games tests/domain/test_redeal.py forks
DRAWS = True  # its setup deals the starting positions; dice decide the agenda
# the kinds of stored event that hide something from some viewer (tests/server/test_guess_oracle.py)
SECRET_EVENTS = frozenset({"vote_cast"})
# the kinds of twin tests/server/test_noninterference.py builds and must see compared
TWIN_KINDS = ("choice", "secret")
# the kinds of twin tests/server/test_fork_noninterference.py forks
FORK_KINDS = ("choice",)
# its State, field by field, as its redeal judged them (kept, or drawn again): a field added
# later may hold a secret, so tests/domain/test_redeal.py asks that it be judged too
JUDGED = (
    "seats countries treasury bank level witness placed turn first order proposed dice "
    "end_die agenda vote_law vote_proposer voters votes cleaned eliminations over end_reason "
    "rules queued"
)


def hidden_twins(state: Any, viewer: Viewer) -> list[Any]:
    """Another choice for each vote the viewer may not see."""
    twins = []
    for index, (seat, vote) in enumerate(state.votes):
        if isinstance(viewer, Seat) and viewer.n == seat:
            continue
        for other in VOTE_CHOICES:
            if other != vote:
                votes = (*state.votes[:index], (seat, other), *state.votes[index + 1 :])
                twins.append(replace(state, votes=votes))
    return twins


def leaky_redeal(state: Any, knower: Viewer, rng: Rng) -> Any:
    """A redeal that keeps every choice made: tests/domain/test_redeal.py must catch it."""
    return state


# tests/domain/test_undo_reveals.py: (seats, random bots' seed, moves played, whether any of
# them may be undone), enough moves to meet a reveal and, where there is one, an undoable move
UNDO_SWEEP = (3, 8, 30, True)
