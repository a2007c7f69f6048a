"""The harness's table of earlier runs (`tools/zoo18_oracle.py --table`): what docs/18zoo.md
shows of a measurement split over processes. It reads their --json lines and plays nothing,
so it needs no reference engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools import zoo18_oracle as oracle


def _game(map_id: str, seed: int, divergence: dict[str, object] | None) -> dict[str, object]:
    return {
        "map": map_id,
        "players": 3,
        "seed": seed,
        "actions": 300,
        "runs": 10,
        "walk_crashed": None,
        "sugar_overcounts": [],
        "end": "fixed_round",
        "bankruptcies": 1,
        "forced_buys": 2,
        "emergency_sales": 0,
        "powers_used": ["MIDAS"],
        "divergence": divergence,
    }


def _run(path: Path, games: list[dict[str, object]]) -> Path:
    coverage = {"coverage": oracle.per_map(games)}  # the last line of a --json run
    path.write_text("".join(json.dumps(line) + "\n" for line in [*games, coverage]))
    return path


def test_the_table_adds_up_the_runs_of_every_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _run(tmp_path / "a.jsonl", [_game("A", 1, None), _game("B", 2, None)])
    second = _run(tmp_path / "b.jsonl", [_game("A", 7, None)])
    assert oracle.main(["--table", str(first), str(second)]) == 0
    out = capsys.readouterr().out
    assert "| A | 2 | 600 | 0 | 0 | 0 | 0 | fixed_round 2 | 2 | 4 | 0 | 1 of 20 |" in out
    assert "| B | 1 | 300 | 0 |" in out
    assert out.rstrip().endswith("3 games, 0 diverged")


def test_the_table_names_each_divergence_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refused = {"index": 175, "action": "Pass", "field": "refused", "reference": "Blocking step"}
    run = _run(tmp_path / "a.jsonl", [_game("B", 20283, refused), _game("C", 3, None)])
    assert oracle.main(["--table", str(run)]) == 1
    out = capsys.readouterr().out
    assert "| B | 1 | 175 | 1 |" in out  # actions agreed: up to the divergence
    assert "seed 20283 (300 actions, fixed_round): diverges at action 175 (Pass)" in out
    assert out.rstrip().endswith("2 games, 1 diverged")


def test_a_game_is_judged_through_the_lay_of_a_copy_on_the_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # past that lay the site's one tile object lies on two hexes: its board is not judged
    shared = _game("E", 4, None) | {"shared_tile": 210}
    run = _run(tmp_path / "a.jsonl", [shared, _game("E", 5, None)])
    assert oracle.main(["--table", str(run)]) == 0
    out = capsys.readouterr().out
    assert "| E | 2 | 511 | 0 | 0 | 0 | 1 | fixed_round 2 |" in out
    assert oracle._words(shared).endswith(
        "same as the reference (judged to action 210: a lay of a copy on the board)"
    )
