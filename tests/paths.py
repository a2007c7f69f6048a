"""Where the tests' data lives: what the project carries in `tests/data/`, and `../shared`
(the reference data and engine, a judge the project never ships) when it is beside the clone."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ZOO18_FIXTURES = ROOT / "tests" / "data" / "18zoo" / "fixtures"
# a game exported before exports named each run's stops (tests/data/18zoo/README.md)
ZOO18_EXPORTS = ROOT / "tests" / "data" / "18zoo" / "exports"
ZOO18_TWO_PONDS = ZOO18_EXPORTS / "B3-7127-at-6962e06.json"
# a game exported when a run stopping twice in a hex named one of its stops there
ZOO18_TWICE_IN_A_HEX = ZOO18_EXPORTS / "E5-20142-at-5ef902c.json"
# a game exported when a run the site reads only from its other end was written from this one
ZOO18_READ_BACKWARDS = ZOO18_EXPORTS / "C4-20470-at-4bb6047.json"
SHARED = ROOT.parent / "shared"

needs_shared = pytest.mark.skipif(
    not SHARED.is_dir(),
    reason="../shared (the reference facts and engine, a judge outside the project) is absent",
)
