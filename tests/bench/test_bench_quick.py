"""Smoke test of the benchmark suite: the quick mode of the in-process scenarios (4, 5).

No timing assertions: only that the run prints figures and ratios and writes a report
with a verdict for every target. The closed-loop scenarios need Node and the npm peer and
run under `make bench`."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import reduce
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bench.counter_game import NAME, register, unregister
from bench.inproc import decode_call, game_events
from domain import games
from domain.kernel import Seat
from domain.table import apply
from projections.live import LiveGame
from server.store import chained
from tests.bench.quick import run_quick


def test_quick_run_of_replay_and_time_travel_reports_figures_and_ratios(tmp_path: Path) -> None:
    out = tmp_path / "bench.md"
    printed = run_quick("4,5", out)
    assert "== 4. Replay" in printed and "== 5. Time travel" in printed
    assert re.search(r"fold vs bare decode: [0-9.e+-]+x \(>= 0\.5x\) (MET|MISSED)", printed)
    assert re.search(r"seek p50 vs naive replay: [0-9.e+-]+x \(<= 0\.1x\) (MET|MISSED)", printed)
    report = out.read_text()
    assert report.count("| 4 | replay |") == 2 and report.count("| 5 | time_travel |") == 3
    assert all(len(line) < 120 for line in report.splitlines())
    rows = report.splitlines()
    floors = "\n".join(line for line in rows if "| 4 | fold vs bare decode |" in line)
    floor = re.search(r"\| decode \+ evolve \| ([0-9.e+-]+)x \| (meets|misses) \|", floors)
    assert floor is not None, floors  # the least fold, judged by the same limit
    assert (floor[2] == "meets") == (float(floor[1]) >= 0.5)
    untouched = re.search(
        r"\| decode \+ an untouched reducer \| ([0-9.e+-]+)x \| (meets|misses) \|", floors
    )
    assert untouched is not None, floors  # what a reducer's call alone costs, by the same limit
    assert (untouched[2] == "meets") == (float(untouched[1]) >= 0.5)
    assert "| 4 | fold vs bare decode | >= 0.5x |" in report  # 18ZOO's figure beside it
    results = json.loads(out.with_suffix(".json").read_text())
    replay = next(o for o in results["outcomes"] if o["key"] == "replay")["raw"]
    assert replay["fold_events_per_s"] > 0 and replay["decode_events_per_s"] > 0
    assert replay["events"] == 10_000
    # 18ZOO beside the counter: a bot game folded again until about as many events are folded
    assert re.search(
        r"18ZOO fold vs bare decode: [0-9.e+-]+x, vs decode \+ evolve [0-9.e+-]+x", printed
    )
    assert re.search(r"18ZOO seek p50 vs naive replay: [0-9.e+-]+x", printed)
    zoo = replay["18zoo"]
    assert zoo["game"] == "18zoo" and zoo["folds"] == 10_000 // zoo["game_events"]
    assert zoo["events"] == zoo["folds"] * zoo["game_events"] and zoo["fold_ms"] > 0
    seek = next(o for o in results["outcomes"] if o["key"] == "time_travel")
    assert seek["raw"]["18zoo"]["events"] == zoo["game_events"]
    assert sum(row["system"].startswith("18ZOO ") for row in seek["figures"]) == 4


@pytest.fixture
def game() -> Iterator[Any]:
    register()
    yield games.get(NAME)
    unregister()


def test_the_live_fold_equals_the_kernel_fold(game: Any) -> None:
    """projections.live takes a short path for game events: it must fold to the same table."""
    records = chained(game_events(3_000))
    live = LiveGame.replay("bench", records)
    rest = live.events[1:]
    expected = reduce(lambda table, event: apply(game, table, event), rest, live.checkpoints[1])
    assert live.table == expected
    assert live.table_at(1_234) == reduce(
        lambda table, event: apply(game, table, event), rest[:1_233], live.checkpoints[1]
    )
    assert live.table.state.moves == 3_000 - 7


@pytest.mark.parametrize("seat", [0, 1])
def test_the_benchmark_game_redacts_other_hands(game: Any, seat: int) -> None:
    live = LiveGame.replay("bench", chained(game_events(20)))
    hands = game.view(live.table.state, Seat(seat))["hands"]
    assert hands[seat] is not None
    assert all(h is None for s, h in enumerate(hands) if s != seat)


def test_registering_the_benchmark_game_can_be_undone(game: Any) -> None:
    assert NAME in games.names()
    unregister()
    assert NAME not in games.names()
    register()


def test_the_untouched_reducer_floor_decodes_every_event(game: Any) -> None:
    """The floor's whole cost is the decode: one event that is not JSON must fail it."""
    records = chained(game_events(50))
    assert decode_call(records) is None  # the state is never touched
    broken = chained([*(r.data for r in records), b"not json"])
    with pytest.raises(msgspec.DecodeError):
        decode_call(broken)
