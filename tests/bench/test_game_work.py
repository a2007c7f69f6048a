"""The in-process measure of the game's own work builds what the hub sends each viewer."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import msgspec
import pytest
import structlog

from bench.counter_game import register, unregister
from bench.game_work import act, measure, prepare


@pytest.fixture(autouse=True)
def counter_game() -> Iterator[None]:
    """The game registered, and the process's GC and log setup as they were afterwards
    (`measure` sets them as a server does)."""
    thresholds, logging = gc.get_threshold(), structlog.get_config()
    register()
    yield
    unregister()
    gc.set_threshold(*thresholds)
    structlog.configure(**logging)


async def test_each_action_is_decided_folded_and_shown_to_each_viewer_as_its_own() -> None:
    work = prepare(spectators=True)
    for n in range(3):
        frames = [msgspec.json.decode(p) for p in await act(work, n)]
        assert [f["version"] for f in frames] == [work.live.version] * 5
        assert all(f["events"][-1]["event"]["counter"] == n + 1 for f in frames)
        for seat, frame in enumerate(frames):  # 4 seats, then the spectators' shared view
            hands = frame["view"]["game"]["hands"]
            assert [h is not None for h in hands] == [s == seat for s in range(4)]
        assert [bool(f["legal"]) for f in frames] == [s == (n + 1) % 4 for s in range(5)]


@pytest.mark.parametrize(("spectators", "views"), [(False, 4), (True, 5)])
async def test_the_measure_counts_the_distinct_viewers(spectators: bool, views: int) -> None:
    result = await measure(50, spectators)  # it checks that the fold took all 50 moves
    assert result["actions"] == 50 and result["views"] == views and result["us_per_action"] > 0
