"""Every recorded 18xx.games fixture replays through the importer to its stored result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.exchange.zoo18.importer import import_game
from tests.paths import ZOO18_FIXTURES

FIXTURES = ZOO18_FIXTURES

# Fixtures that do not replay yet, with the reason (strict: one that starts passing fails).
NOT_YET: dict[str, str] = {}


def _cases() -> list[object]:
    cases: list[object] = []
    for path in sorted(FIXTURES.glob("*/*.json")):
        name = f"{path.parent.name}/{path.name}"
        marks = [pytest.mark.xfail(strict=True, reason=NOT_YET[name])] if name in NOT_YET else []
        cases.append(pytest.param(path, id=name, marks=marks))
    return cases


def test_all_fixtures_are_listed() -> None:
    names = {f"{p.parent.name}/{p.name}" for p in FIXTURES.glob("*/*.json")}
    assert len(names) == 53
    assert set(NOT_YET) <= names


@pytest.mark.parametrize("path", _cases())
def test_fixture_replays_to_its_result(path: Path) -> None:
    data = json.loads(path.read_text())
    imported = import_game(data)
    assert imported.error == ""
    assert imported.result == imported.expected
    assert list(imported.result) == list(imported.expected)  # ranking order, ties included
    assert imported.end_reason == data["game_end_reason"]
    assert imported.match
