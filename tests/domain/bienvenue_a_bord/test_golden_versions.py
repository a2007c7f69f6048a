"""The golden streams of Bienvenue à bord hold the rules of their version.

`plateau verify` and tests/test_golden.py re-decide only the decisions that draw, and no
command of this game draws: a stream would fold the same whichever version decided it. So each
stream's recorded events are checked here against the model of its version's two differing
rules (rules_model.symbol_checks); the version-2 stream was recorded until it met each
case where the versions part.
"""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.games.bienvenue_a_bord import Options, game
from domain.games.bienvenue_a_bord.messages import Event
from domain.table import TableOpened
from projections.codec import decoder
from tests.domain.bienvenue_a_bord.rules_model import symbol_checks
from tools import golden

# the streams of each version's play; those of an undo and a fork (`*.undo-fork*`) restore
# stored positions, which this model of the rules does not follow: tests/test_golden.py and
# tests/domain/test_positions.py check them
STREAMS = sorted(
    p for p in golden.STREAMS.glob("bienvenue_a_bord*.jsonl") if ".undo-fork" not in p.name
)
GAME_EVENTS = typing.get_args(Event)


def stored(path: Path) -> tuple[int, list[Any]]:
    """The rules version a stream was opened with, and its game events."""
    lines = path.read_bytes().splitlines()
    opened = msgspec.json.decode(lines[0], type=TableOpened)
    decode = decoder("bienvenue_a_bord").decode
    return opened.rules, [e for e in map(decode, lines) if isinstance(e, GAME_EVENTS)]


def test_each_version_has_a_finished_and_a_running_stream() -> None:
    names = {p.name for p in STREAMS}
    assert names == {
        "bienvenue_a_bord.jsonl",
        "bienvenue_a_bord.running.jsonl",
        "bienvenue_a_bord.rules2.jsonl",
        "bienvenue_a_bord.rules2.running.jsonl",
    }
    versions = {p.name: stored(p)[0] for p in STREAMS}
    assert versions["bienvenue_a_bord.jsonl"] == versions["bienvenue_a_bord.running.jsonl"] == 1
    assert versions["bienvenue_a_bord.rules2.jsonl"] == 2


@pytest.mark.parametrize("path", STREAMS, ids=[p.stem for p in STREAMS])
def test_a_golden_stream_follows_its_versions_rules(path: Path) -> None:
    rules, events = stored(path)
    symbol_checks(game.initial(2, Options(rules=rules)), events, rules)


def test_the_version_2_stream_meets_every_case_where_the_versions_part() -> None:
    rules, events = stored(golden.STREAMS / "bienvenue_a_bord.rules2.jsonl")
    seen = symbol_checks(game.initial(2, Options(rules=rules)), events, rules)
    assert seen["symbol drawn this turn came too late"] >= 1
    assert seen["bonus game"] >= 1 and seen["game in a cabin with a bonus game"] >= 1
    with pytest.raises(AssertionError):  # version 1 would have decided it otherwise
        symbol_checks(game.initial(2, Options(rules=1)), events, 1)
