"""Random legal games: decide never raises, events round-trip, replay equals live, invariants."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.rock_paper_scissors import game
from domain.games.rock_paper_scissors.messages import Options
from domain.games.rock_paper_scissors.state import State, waiting_for
from tests.gameplay import check_random_game


def scores_count_the_rounds_won(state: State) -> None:
    draws = sum(1 for revealed in state.played if revealed.winner is None)
    assert sum(state.scores) + draws == len(state.played) <= state.rounds


def a_hand_is_known_exactly_when_chosen(state: State) -> None:
    # the live state folds every event whole: each chosen hand is there, no other
    assert all(
        (hand is not None) == done for hand, done in zip(state.hands, state.chosen, strict=True)
    )


def someone_is_asked_until_the_end(state: State) -> None:
    assert state.over or (waiting_for(state) and 1 <= state.round <= state.rounds)
    assert state.round == len(state.played) + (0 if state.over else 1)


INVARIANTS = (
    scores_count_the_rounds_won,
    a_hand_is_known_exactly_when_chosen,
    someone_is_asked_until_the_end,
)


@settings(
    max_examples=200, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(seed=st.integers(0, 2**32 - 1), rounds=st.integers(1, 25))
def test_random_legal_games(seed: int, rounds: int) -> None:
    played = check_random_game(game, 2, seed, Options(rounds=rounds), invariants=INVARIANTS)
    state = played.state
    assert game.is_over(state) and len(state.played) == rounds
    assert played.commands == 2 * rounds  # one hand per seat per round, nothing else
    result = game.result(state)
    assert sorted(result.ranks) in ([1, 1], [1, 2])
    assert result.scores == state.scores
