"""Random legal games for 2, 3 and 4 players with the standard checks and Vertigo invariants."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clients.python.simulate import play
from domain.bots import random_bot
from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.data import (
    MAX_LEVEL,
    POPULATION_SUPPLY,
    SCHOLARS_PER_COLOR,
    STARTING_MONEY,
    SUPPLY,
    TREASURY_PER_PLAYER,
    TURN_CAP,
    witness_threshold,
)
from domain.games.vertigo.state import FREE, POLLUTED, State
from domain.kernel import SPECTATOR, Seat
from tests.gameplay import check_random_game

pytestmark = pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)

OPTIONS = m.Options()


def money_is_conserved(s: State) -> None:
    """Safes + treasury + what the bank netted stay at the starting total (the bank's flows
    are purchases, upkeep of non-diplomats and production; everything else moves between
    safes and the treasury)."""
    total = sum(c.safe for c in s.countries) + s.treasury + s.bank
    assert total == (STARTING_MONEY + TREASURY_PER_PLAYER) * s.seats
    assert s.treasury >= 0 and all(c.safe >= 0 for c in s.countries)


def pieces_are_within_limits(s: State) -> None:
    assert sum(c.population() for c in s.countries) <= POPULATION_SUPPLY
    for kind, limit in SUPPLY.items():
        assert sum(c.factories(kind) for c in s.countries) <= limit
    for c in s.countries:
        assert len(c.cells) == 30 and min(c.cells) >= FREE and max(c.cells) <= 5
        assert c.scholars() <= SCHOLARS_PER_COLOR
        assert min(c.idle_ready) >= 0 and min(c.idle_acted) >= 0 and c.diplomats >= 0
        assert all(c.cells[r * 10 : r * 10 + 10].count(5) <= 1 for r in range(3))
        if not c.active:
            assert c.cells.count(FREE) + c.cells.count(POLLUTED) == 30 and c.scholars() == 0
        elif s.turn >= 1:
            assert c.population() >= 1


def pollution_is_bounded(s: State) -> None:
    assert 0 <= s.level <= MAX_LEVEL
    assert 0 <= s.witness < witness_threshold(s.seats)
    assert s.turn <= TURN_CAP


INVARIANTS = (money_is_conserved, pieces_are_within_limits, pollution_is_bounded)


@pytest.mark.parametrize("seats", [2, 3, 4])
@settings(
    max_examples=100,  # 300 games in all; at 200 a seat count, the suite's longest test
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games(seats: int, seed: int) -> None:
    played = check_random_game(game, seats, seed, OPTIONS, INVARIANTS)
    assert played.state.over and played.state.turn <= TURN_CAP
    result = game.result(played.state)
    assert len(result.ranks) == seats and min(result.ranks) == 1


BANK_FLOWS = (
    m.SetupPopulationPlaced,
    m.SetupScholarPlaced,
    m.SetupFactoryPlaced,
    m.FactoryBuilt,
    m.FactoryTransformed,
    m.PopulationBought,
    m.PopulationMoved,
    m.ScholarTrained,
)


def bank_delta(event: Any) -> int:
    """What the documented bank flows say this event moves into (or out of) the bank."""
    if isinstance(event, BANK_FLOWS):
        return int(event.cost)
    if isinstance(event, m.UpkeepPaid):
        return event.to_bank
    if isinstance(event, m.ProductionPaid):
        return -sum(event.amounts)
    return 0


def bank_checked_game(seats: int, seed: int) -> int:
    """Play one random game checking every event's money moves; return the events checked."""
    previous = [game.initial(seats, OPTIONS)]
    checked = [0]

    def after_step(now: State, new: list[Any]) -> None:
        before = previous[0]
        for event in new:
            after = game.evolve(before, event)
            assert after.bank - before.bank == bank_delta(event), event
            money = sum(c.safe for c in after.countries) + after.treasury + after.bank
            assert money == sum(c.safe for c in before.countries) + before.treasury + before.bank
            before = after
            checked[0] += 1
        assert before == now
        previous[0] = now

    play(game, seats, OPTIONS, [random_bot] * seats, random.Random(seed), 20_000, after_step)
    return checked[0]


def test_the_bank_moves_only_through_documented_flows() -> None:
    assert sum(bank_checked_game(2 + seed % 3, seed) for seed in range(6)) > 1000


def vote_checked_game(seats: int, seed: int) -> int:
    """Play one random game checking what others see of each vote; return the votes seen."""
    seen = [0]
    others = [SPECTATOR, *(Seat(n) for n in range(seats))]

    def after_step(now: State, new: list[Any]) -> None:
        for event in new:
            if isinstance(event, m.VoteCast):
                seen[0] += 1
                for viewer in others:
                    shown = game.redact(event, viewer)
                    assert shown is not None
                    if viewer != Seat(event.seat):
                        assert shown.choice is None
                        assert event.choice not in msgspec.json.encode(shown).decode()
        if now.vote_law:
            for voter, choice in now.votes:
                for viewer in others:
                    shown = game.view(now, viewer)
                    assert shown.vote is not None
                    if viewer == Seat(voter):
                        assert shown.vote.choices[str(voter)] == choice
                        continue
                    assert shown.vote.choices[str(voter)] == "voted"
                    assert shown.awaiting is None or str(voter) not in shown.awaiting.options

    play(game, seats, OPTIONS, [random_bot] * seats, random.Random(seed), 20_000, after_step)
    return seen[0]


def test_votes_stay_secret_until_revealed() -> None:
    """No other seat's or spectator's redacted event or view shows a vote before the reveal."""
    assert sum(vote_checked_game(2 + seed % 3, 1000 + seed) for seed in range(12)) > 20
