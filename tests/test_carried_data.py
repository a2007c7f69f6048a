"""The recorded 18ZOO games the project carries are the ones in ../shared, byte for byte."""

from __future__ import annotations

from tests.paths import SHARED, ZOO18_FIXTURES, needs_shared


@needs_shared
def test_the_carried_18zoo_fixtures_are_the_shared_ones() -> None:
    source = SHARED / "data" / "18zoo" / "fixtures"
    ours = {p.relative_to(ZOO18_FIXTURES): p.read_bytes() for p in ZOO18_FIXTURES.rglob("*.json")}
    theirs = {p.relative_to(source): p.read_bytes() for p in source.rglob("*.json")}
    assert len(ours) == 53
    assert ours == theirs
