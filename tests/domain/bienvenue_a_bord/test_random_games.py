"""Random legal games: decide never raises, events round-trip, replay equals live, invariants."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.bienvenue_a_bord import game
from domain.games.bienvenue_a_bord.data import TURNS
from tests.domain.bienvenue_a_bord.invariants import INVARIANTS
from tests.gameplay import check_random_game


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_games(seed: int) -> None:
    played = check_random_game(game, 2, seed, invariants=INVARIANTS)
    state = played.state
    assert game.is_over(state) and state.turn == TURNS and len(state.stopovers) == 4
    result = game.result(state)
    assert sorted(result.ranks) in ([1, 1], [1, 2])
    assert len(state.discard) == 60
