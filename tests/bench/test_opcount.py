"""`python -m bench.opcount` counts the bytecodes each tree's server runs per command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import opcount

GAME = "def decide():\n    return 1\n"
SERVE = """\
import bench.counter_game as game

def before():  # the start-up: not counted
    return sum(range(3))

def work(n):
    total = 0
    for i in range(n):
        total += i
    return total

before()
game.decide()
work(10)
game.decide()
work(10)
"""


def test_bytecodes_are_counted_in_the_measured_tree_from_the_first_decision(
    tmp_path: Path,
) -> None:
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "__init__.py").write_text("")
    (tmp_path / "bench" / "counter_game.py").write_text(GAME)
    (tmp_path / "bench" / "serve.py").write_text(SERVE)
    out = tmp_path / "counts.json"
    subprocess.run([sys.executable, str(opcount.SERVE), str(out)], cwd=tmp_path, check=True)
    counts = json.loads(out.read_text())
    assert counts["calls"]["decide (bench/counter_game.py)"] == 2
    assert counts["calls"]["work (bench/serve.py)"] == 2  # this tree's module, by its path
    assert "before (bench/serve.py)" not in counts["ops"]
    ops, decided = opcount.per_command(counts)
    assert decided == 2
    once = counts["ops"]["work (bench/serve.py)"] / 2
    assert once > 10 * 3  # a few bytecodes per turn of its loop
    assert ops["work (bench/serve.py)"] == pytest.approx(once)


def test_a_directory_that_is_no_tree_of_the_project_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as refused:
        opcount.main([str(tmp_path)])
    assert refused.value.code == 2
