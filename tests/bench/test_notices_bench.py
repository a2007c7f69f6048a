"""Scenario 10 at its quick size: both loops run with no error, every seat and table of the
subscribed run is on a webhook (its games' starts all reach the sink), and the ratio is
judged. No timing assertion: the figures are the report's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench.scenarios import QUICK
from tests.bench.quick import run_quick
from tests.bench.test_real_games import NO_DRIVER

SEATS = 4  # the closed loop's players per game


@pytest.mark.skipif(NO_DRIVER, reason="the driver runs on Node.js, with packages npm installs")
def test_the_notices_scenario_runs_both_loops_and_every_start_reaches_the_sink(
    tmp_path: Path,
) -> None:
    out = tmp_path / "bench.md"
    printed = run_quick("10", out, "--python", "own", timeout=300)
    assert "== 10. Notices" in printed
    assert re.search(r"actions/s with webhooks vs without: [0-9.e+-]+x \(>= 0\.95x\)", printed)
    results = json.loads(out.with_suffix(".json").read_text())
    outcome = next(o for o in results["outcomes"] if o["key"] == "notices")
    assert all(row["errors"] == 0 and row["actions/s"] > 0 for row in outcome["figures"])
    sink = re.search(r"the sink received (\d+) webhook requests, (\d+) distinct", printed)
    assert sink is not None, printed[-2000:]
    # each game told its start to every seat and to the table; none to the run without
    assert int(sink[2]) >= QUICK.many_games * (SEATS + 1)
