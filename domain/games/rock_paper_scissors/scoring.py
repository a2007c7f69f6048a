"""The end and the ranking: a point per round won; equal points share the rank."""

from __future__ import annotations

from domain.games.rock_paper_scissors.state import State
from domain.kernel import Result, ranks_from_keys


def is_over(state: State) -> bool:
    return state.over


def result(state: State) -> Result:
    draws = sum(1 for revealed in state.played if revealed.winner is None)
    return Result(
        scores=state.scores,
        ranks=ranks_from_keys([(score,) for score in state.scores]),
        reason=f"most rounds won out of {state.rounds}",
        details={"draws": draws},
    )
