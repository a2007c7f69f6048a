"""Recorded games fold with today's code to the same result and the same final view."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from domain import games
from domain.kernel import OMNISCIENT
from tools.golden import view_digest

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.jsonl"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays_to_its_recorded_end(path: Path) -> None:
    header, *lines = path.read_bytes().splitlines()
    meta = msgspec.json.decode(header)
    game = games.get(meta["game"])
    decode = msgspec.json.Decoder(game.event_type).decode
    options = msgspec.convert(meta["options"], game.options_type)
    state = game.fold((decode(line) for line in lines), game.initial(meta["seats"], options))
    assert game.is_over(state)
    assert msgspec.json.decode(msgspec.json.encode(game.result(state))) == meta["result"]
    assert view_digest(game.view(state, OMNISCIENT)) == meta["view_sha256"]


def test_there_is_a_golden_game_per_finished_engine() -> None:
    assert {p.stem for p in GOLDEN} >= {"eiffel_mania", "bienvenue_a_bord", "vertigo"}
