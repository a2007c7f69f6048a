"""A target's floors are judged by the target's own limit and direction."""

from __future__ import annotations

from bench.scenarios import Target, many_games_targets, over


def test_a_latency_floor_meets_at_or_under_the_limit() -> None:
    p99 = Target("p99", 30.0, 35.0, True, " ms", {"relay": 20.0, "lean": 35.0, "slow": 40.0})
    assert p99.met
    assert p99.floor_words() == "relay 20 ms (meets); lean 35 ms (meets); slow 40 ms (misses)"


def test_a_rate_floor_meets_at_or_over_the_limit() -> None:
    rate = Target("rate", 1.8, 2.5, False, floors={"relay": 2.7, "lean": 1.9})
    assert not rate.met
    assert rate.floor_words() == "relay 2.7x (meets); lean 1.9x (misses)"


def test_floors_of_a_ratio_are_divided_by_the_peer() -> None:
    rows = {"relay": {"actions/s": 900.0}, "lean": {"actions/s": 600.0}}
    assert over(rows, "actions/s", {"actions/s": 300.0}) == {"relay": 3.0, "lean": 2.0}
    assert over(rows, "actions/s") == {"relay": 900.0, "lean": 600.0}


def test_many_games_targets_judge_plateau_and_its_floors_alike() -> None:
    peer = {"actions/s": 1000.0, "p99 all viewers ms": 90.0}
    plateau = {"actions/s": 2600.0, "p99 all viewers ms": 40.0}
    floors = {"relay": {"actions/s": 3000.0, "p99 all viewers ms": 30.0}}
    rate, p99 = many_games_targets("SQLite ", plateau, peer, floors)
    assert rate.name == "SQLite actions/s vs boardgame.io" and rate.value == 2.6 and rate.met
    assert rate.floor_words() == "relay 3x (meets)"
    assert p99.name == "SQLite p99 action to all viewers" and not p99.met
    assert p99.floor_words() == "relay 30 ms (meets)"
