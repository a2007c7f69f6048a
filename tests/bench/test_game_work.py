"""The in-process measure of the game's own work per action runs the server's code paths."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
import structlog

from bench.counter_game import register, unregister
from bench.game_work import measure


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


@pytest.mark.parametrize(("spectators", "views"), [(False, 4), (True, 5)])
async def test_every_action_is_decided_folded_and_shown_to_each_distinct_viewer(
    spectators: bool, views: int
) -> None:
    result = await measure(300, spectators)  # it checks that the fold took all 300 moves
    assert result["actions"] == 300 and result["views"] == views
    assert result["us_per_action"] > 0
