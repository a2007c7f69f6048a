"""Where the tests' data lives: what the project carries in `tests/data/`, and `../shared`
(the reference data and engine, a judge the project never ships) when it is beside the clone."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ZOO18_FIXTURES = ROOT / "tests" / "data" / "18zoo" / "fixtures"
# a game exported before exports named each run's stops (tests/data/18zoo/README.md)
ZOO18_TWO_PONDS = ROOT / "tests" / "data" / "18zoo" / "exports" / "B3-7127-at-6962e06.json"
SHARED = ROOT.parent / "shared"

needs_shared = pytest.mark.skipif(
    not SHARED.is_dir(),
    reason="../shared (the reference facts and engine, a judge outside the project) is absent",
)
