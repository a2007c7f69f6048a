"""Scenario 8 works: the bots' games are recorded before the run, a server dealing from the
same secret accepts every move of them through websockets, and the run prints each game's
figures and its ratios to the counter's. A small size; no timing is asserted."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import msgspec
import pytest

from bench import procs
from bench.scripted import record
from domain import games
from tests.bench.quick import run_quick


def test_a_recorded_game_is_the_same_each_time_and_its_commands_decode() -> None:
    """`record` returns once the game is over; the driver sends each command as it is."""
    moves = record("vertigo", 4)
    assert moves == record("vertigo", 4)
    assert len(moves) > 50 and {move["seat"] for move in moves} == {0, 1, 2, 3}
    command_type = games.get("vertigo").command_type
    for move in moves:
        msgspec.json.decode(json.dumps(move["command"]).encode(), type=command_type)


NO_DRIVER = shutil.which("node") is None or (
    shutil.which("npm") is None and not (procs.PEER_DIR / "node_modules").exists()
)


@pytest.mark.skipif(NO_DRIVER, reason="the driver runs on Node.js, with packages npm installs")
def test_a_reduced_run_replays_every_move_and_prints_the_ratios(tmp_path: Path) -> None:
    out = tmp_path / "bench.md"
    printed = run_quick("8", out, "--python", "own", timeout=300)
    assert "== 8. Real games" in printed
    for game in ("counter", "18ZOO", "Vertigo"):
        for games_at_once in ("x1", "x3"):
            row = re.search(rf"  {game} {games_at_once}: actions/s [0-9.e+,]+.*errors 0,", printed)
            assert row is not None, f"{game} {games_at_once}: {printed[-3000:]}"
    assert re.search(r"18ZOO / counter, 1 game: actions/s [0-9.e+-]+x", printed)
    assert re.search(r"bytes/update/viewer [0-9.e+-]+x", printed)
    results = json.loads(out.with_suffix(".json").read_text())
    raw = next(o for o in results["outcomes"] if o["key"] == "real_games")["raw"]
    zoo = raw["18ZOO x3"][0]
    assert zoo["game"] == "18zoo" and zoo["actions"] > 0 and zoo["errors"] == 0
    assert zoo["mean_view_bytes"] > raw["counter x3"][0]["mean_view_bytes"]
    assert "| 8 | real_games |" not in out.read_text()  # figures, and no target of its own
    assert "### 8. Real games" in out.read_text()
