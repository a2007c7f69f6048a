"""18ZOO in scenarios 4 and 5, and `bench.ab --fold`: the game folded is a whole game its
bots played through the server, every fold of it gives the same state, and the A/B folds
it with two trees' code and says whether their tables agree. No timing is asserted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench import ab, procs
from bench.inproc import decode_evolve, zoo_events
from domain import games
from projections.live import LiveGame
from server.store import chained


@pytest.fixture(scope="module")
def events() -> list[bytes]:
    return zoo_events()


def test_the_game_folded_is_a_whole_game_of_five_bots(events: list[bytes]) -> None:
    live = LiveGame.replay("bench", chained(events))
    game = games.get("18zoo")
    assert live.table.game == "18zoo" and live.table.seats == 5
    assert game.is_over(live.table.state)
    assert live.table.names == ("p0", "p1", "p2", "p3", "p4")  # the bots' seats
    assert live.version > 500
    again = LiveGame.replay("bench", chained(zoo_events()))  # dealt from one secret:
    assert again.table.state == live.table.state  # played the same each time


def test_the_least_fold_reaches_the_state_of_the_live_fold(events: list[bytes]) -> None:
    """Scenario 4's floor decodes and evolves alone: the rules version the game was opened
    with is in its options, or its state differs."""
    records = chained(events)
    assert decode_evolve(records, "18zoo") == LiveGame.replay("bench", records).table.state


@pytest.fixture
def own_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The folds run on this interpreter: no venv of the fastest is made for a test."""
    monkeypatch.setattr(ab, "choose", lambda: (sys.executable, {}))


def test_an_ab_of_a_tree_with_itself_folds_the_game_to_one_table(
    own_python: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert ab.main([str(procs.ROOT), "--fold", "--rounds", "2", "--repeat", "2"]) == 0
    printed = capsys.readouterr().out
    assert "A/B fold ms" in printed and "as fast as B" in printed
    assert "both trees fold it to the same table" in printed


def test_an_ab_whose_trees_fold_to_different_tables_fails(
    own_python: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def folded(tree: Path, events: Path, repeat: int) -> dict[str, Any]:
        return {"fold_ms": [1.0] * repeat, "version": 9, "table": tree.name}

    monkeypatch.setattr(ab, "timed_folds", folded)
    trees = {"A": tmp_path / "a", "B": tmp_path / "b"}
    assert ab.fold_ab(trees, tmp_path, rounds=1, repeat=3) == 1
    assert "DIFFER" in capsys.readouterr().out


def test_a_commit_names_a_tree_written_for_the_run(tmp_path: Path) -> None:
    tree = ab.tree_of("HEAD~1", tmp_path)
    assert tree is not None and tree.parent == tmp_path
    evolve = "domain/games/zoo18/evolve.py"
    committed = subprocess.run(
        ["git", "show", f"HEAD~1:{evolve}"], cwd=procs.ROOT, capture_output=True, check=True
    )
    assert (tree / evolve).read_bytes() == committed.stdout
    assert ab.tree_of("no-such-commit-anywhere", tmp_path) is None
