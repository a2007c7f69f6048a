"""Random legal games under each rules version: decide never raises, events round-trip, replay
equals live, invariants hold, and the two rules that differ between the versions (a
conditional passenger's symbol, the Game trigger) follow an independent model of each."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.bienvenue_a_bord import Options, game
from domain.games.bienvenue_a_bord.data import TURNS
from tests.domain.bienvenue_a_bord.invariants import INVARIANTS
from tests.domain.bienvenue_a_bord.rules_model import symbol_checks
from tests.gameplay import check_random_game

pytestmark = pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)

VERSIONS = (1, 2)


@pytest.mark.parametrize("rules", VERSIONS)
@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_games(rules: int, seed: int) -> None:
    options = Options(rules=rules)
    played = check_random_game(game, 2, seed, options=options, invariants=INVARIANTS)
    state = played.state
    assert state.options.rules == rules
    assert game.is_over(state) and state.turn == TURNS and len(state.stopovers) == 4
    result = game.result(state)
    assert sorted(result.ranks) in ([1, 1], [1, 2])
    assert len(state.discard) == 60
    symbol_checks(game.initial(2, options), played.events, rules)


@pytest.mark.parametrize("rules", VERSIONS)
def test_random_games_reach_the_cases_where_the_versions_differ(rules: int) -> None:
    """The model above is not vacuous: random games meet each case it checks."""
    seen: Counter[str] = Counter()
    options = Options(rules=rules)
    for seed in range(40):
        played = check_random_game(game, 2, seed, options=options)
        seen += symbol_checks(game.initial(2, options), played.events, rules)
    cases = {"conditional", "bonus game", "game in a cabin with a bonus game"}
    if rules >= 2:
        cases.add("symbol drawn this turn came too late")
    assert cases <= set(seen), seen
