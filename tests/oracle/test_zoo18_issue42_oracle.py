"""Issue 42: what real games on 18xx.games do and Plateau refused, judged by the site's engine
(`../shared/oracle/18xx`): a game played here up to the situation, exported and replayed by
the reference, which must accept every action and agree with every state."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tools import zoo18_oracle as oracle

pytestmark = pytest.mark.skipif(bool(oracle.available()), reason=oracle.available() or "ok")

ROW_ZERO = re.compile(r"^[A-Z]0$")


def _exported(keep: Path) -> dict[str, Any]:
    (path,) = keep.glob("*.json")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _hexes(action: dict[str, Any]) -> set[str]:
    return {
        hex
        for route in action.get("routes", ())
        for chain in route.get("connections", ())
        for hex in chain
    }


def test_the_site_runs_trains_through_row_0_as_rules_8_does(tmp_path: Path) -> None:
    # D 4p seed 42012 (rules 8): CR's 2S runs J3-I2-I0-H1, through the grey I0 of row 0
    outcome = oracle.play_one("D", 4, 42012, tmp_path, pool=oracle.REACH)
    assert outcome.divergence is None, outcome.divergence
    runs = [a for a in _exported(tmp_path)["actions"] if a["type"] == "run_routes"]
    assert any(ROW_ZERO.match(hex) for run in runs for hex in _hexes(run))

