"""The bench starts its servers on the fastest CPython 3.11+ it finds, and says which."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench import interpreter
from bench.report import interpreter_words


def fake_python(tmp_path: Path, name: str, seconds: float, version: str) -> str:
    """A stand-in interpreter that prints what the workload would: its time and version."""
    path = tmp_path / name
    path.write_text(f"#!/bin/sh\necho {seconds} {version}\n")
    path.chmod(0o755)
    return str(path)


def test_the_fastest_recent_interpreter_is_chosen_and_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow = fake_python(tmp_path, "slow", 0.9, "3.11.7")
    old = fake_python(tmp_path, "old", 0.1, "3.10.12")  # fastest, but too old to run Plateau
    fast = fake_python(tmp_path, "fast", 0.4, "3.11.2")
    broken = str(tmp_path / "missing")
    monkeypatch.setattr(interpreter, "candidates", lambda: [slow, old, broken, fast])
    monkeypatch.setattr(interpreter, "venv_for", lambda chosen: f"venv of {chosen.path}")

    python, facts = interpreter.choose()

    assert python == f"venv of {fast}"
    assert facts["chosen"] == f"{fast} (Python 3.11.2)"
    assert [m["python"] for m in facts["measured"]] == [  # type: ignore[attr-defined]
        f"{slow} (Python 3.11.7)",
        f"{fast} (Python 3.11.2)",
    ]
    words = " ".join(interpreter_words(facts))
    assert f"ran on {fast} (Python 3.11.2)" in words and f"{slow} (Python 3.11.7) 0.9 s" in words


def test_a_forced_interpreter_is_the_only_candidate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLATEAU_BENCH_PYTHON", "/opt/python/bin/python3")
    assert interpreter.candidates() == ["/opt/python/bin/python3"]


def test_the_project_interpreter_needs_no_venv_of_its_own() -> None:
    own = interpreter.Interpreter(interpreter.base(), "3.11.0", 1.0)
    assert interpreter.venv_for(own) == sys.executable
