"""`python -m bench.ab` runs another tree's server beside this one's and compares medians."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench import ab, procs

FAKE_SERVE = """\
import socket, sys, time
from pathlib import Path
port = int(sys.argv[sys.argv.index("--port") + 1])
Path("served").write_text(Path(__file__).resolve().as_posix())  # before it listens
listener = socket.socket()
listener.bind(("127.0.0.1", port))
listener.listen()
time.sleep(60)
"""


def test_the_other_trees_server_is_the_one_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "__init__.py").write_text("")
    (tmp_path / "bench" / "serve.py").write_text(FAKE_SERVE)
    monkeypatch.setattr(procs, "PYTHON", sys.executable)
    server = procs.start_plateau("sqlite://", tmp_path)
    try:
        served = tmp_path / "served"
        assert served.read_text() == (tmp_path / "bench" / "serve.py").resolve().as_posix()
    finally:
        server.stop()


def run(actions_per_s: float, p99: float, cpu_s: float, actions: int) -> dict[str, object]:
    return {
        "actions_per_s": actions_per_s,
        "latency_all_ms": {"p99": p99},
        "server_cpu_window_s": {"plateau": cpu_s},
        "server_cpu_s": {"plateau": cpu_s * 10},  # the whole run: not what is compared
        "actions": actions,
        "mean_view_bytes": 40_000 / actions_per_s,
    }


def test_medians_of_throughput_tail_cpu_per_action_in_the_window_and_bytes() -> None:
    rounds = [run(100, 30, 1.0, 10_000), run(300, 10, 3.0, 10_000), run(200, 20, 4.0, 10_000)]
    assert ab.summary(rounds) == {
        "actions/s": 200,
        "p99 ms": 20,
        "CPU ms/action": 0.3,
        "bytes/update": 200,
    }


def test_a_directory_that_is_no_tree_of_the_project_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as refused:
        ab.main([str(tmp_path)])
    assert refused.value.code == 2
