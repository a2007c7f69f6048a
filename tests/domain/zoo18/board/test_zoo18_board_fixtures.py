"""The board side of all 53 recorded 18xx.games games (the copy in tests/data/18zoo).

Every recorded tile lay passes the full (strict) lay rules, every token and power placement is
accepted, every recorded run validates, and the route search finds at least as much.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.domain.zoo18.board.fixture_board import fixture, fixture_paths, replay

PATHS = fixture_paths()


def test_all_fifty_three_fixtures_are_found() -> None:
    assert len(PATHS) == 53


@pytest.mark.parametrize("path", PATHS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_board_actions_replay_and_runs_validate(path: Path) -> None:
    state = replay(path, strict_lays=True)
    assert state.strict_failures == []
    for recorded, best, _ in state.best:
        assert best >= recorded


# Revenues worked out by hand from the map (stop values) for runs that store none.
EXPECTED_RUNS = {
    # GI 2S K9 (home, 20) - L4 (Y, 30), five times (spec section 17)
    "18ZOOMapA/sell_ticket_zoo_in_any_step": [(50, 0)] * 5,
    # ponds I11, I9 (10 + 10), K9 20, L4 30; subsidy 2 ponds + 3 A SQUEEZE
    "18ZOOMapA/or_power.a_squeeze": [(70, 5)],
    # ponds N14, N12 with TWO BARRELS (20 + 20), N10 20, L4 30; no subsidy
    "18ZOOMapA/or_power.two_barrels": [(90, 0)],
    # two 3S through the C17-I19 tunnel: E15 20 + K17 20 + tunnel 30, twice
    "18ZOOMapA/or_power.hole": [(140, 0)],
    # the 1S alone on the GI home: 20 (stored and checked)
    "18ZOOMapA/or_power.patch.buy_train_twice": [(20, 0)],
}


@pytest.mark.parametrize("name", sorted(EXPECTED_RUNS))
def test_recorded_runs_pay_what_the_map_says(name: str) -> None:
    state = replay(fixture(name))
    assert [(r.revenue, r.subsidy) for _, r, _ in state.runs] == EXPECTED_RUNS[name]
