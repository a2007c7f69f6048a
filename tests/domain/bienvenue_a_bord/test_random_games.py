"""Random legal games under each rules version: decide never raises, events round-trip, replay
equals live, invariants hold, and the two rules that differ between the versions (a
conditional passenger's symbol, the Game trigger) follow an independent model of each."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.bienvenue_a_bord import Options, game
from domain.games.bienvenue_a_bord.data import CRUISE, SYMBOLS, TURNS, PassengerCard
from domain.games.bienvenue_a_bord.messages import (
    BonusSymbolChosen,
    PassengerBoarded,
    PeopleChecked,
    PileTaken,
)
from domain.games.bienvenue_a_bord.state import State
from tests.domain.bienvenue_a_bord.invariants import INVARIANTS
from tests.gameplay import check_random_game

VERSIONS = (1, 2)


def symbol_checks(start: State, events: list[Any], rules: int) -> Counter[str]:
    """Fold `events` and check each conditional passenger and each Game drawn against the
    rules of version `rules`, written here apart from the engine: version 1 looks at the sheet
    as it is (bonus box included), version 2 at the symbols held when the pile was taken and
    at the Games in cabins only. Returns how often each case came up."""
    seen: Counter[str] = Counter()
    state, taken_with = start, [Counter[str](), Counter[str]()]
    for n, event in enumerate(events):
        before, state = state, game.evolve(state, event)
        follow = []
        for later in events[n + 1 :]:
            if not isinstance(later, PeopleChecked):
                break
            follow.append(later)
        match event:
            case PileTaken():
                for seat, sheet in enumerate(state.sheets):
                    taken_with[seat] = Counter({s: sheet.symbols(s) for s in SYMBOLS})
            case PassengerBoarded(seat=seat, card=card_id, symbol=symbol):
                card = CRUISE[card_id]
                assert isinstance(card, PassengerCard)
                if card.requires is not None:
                    need = card.requires
                    if rules >= 2:
                        held = taken_with[seat][need]
                        if held == 0 and before.sheets[seat].symbols(need) > 0:
                            seen["symbol drawn this turn came too late"] += 1
                    else:
                        held = before.sheets[seat].symbols(need)
                    unhappy = [c for c in follow if c.why.startswith(f"no_{need}")]
                    assert len(unhappy) == (0 if held else 1), (card_id, held, follow)
                    seen["conditional"] += 1
                if symbol == "game":
                    sheet = state.sheets[seat]
                    count = sheet.cabin_symbols("game") if rules >= 2 else sheet.symbols("game")
                    checks = [c.satisfied for c in follow if c.why.startswith("game")]
                    assert checks == [count], (checks, count)
                    seen["game in a cabin with a bonus game"] += sheet.bonus == "game"
            case BonusSymbolChosen(seat=seat, symbol="game"):
                checks = [c.satisfied for c in follow if c.why.startswith("game")]
                assert checks == ([state.sheets[seat].symbols("game")] if rules == 1 else [])
                seen["bonus game"] += 1
    return seen


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
