"""`python -m bench --quick`, as the bench tests run it: the chosen scenarios, small, their
report written to `out`; the process's answer."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_quick(only: str, out: Path, *extra: str, timeout: float = 240) -> str:
    """Runs the scenarios `only` ("4,5"); what it printed. Fails with its error output."""
    args = ["--quick", "--only", only, "--out", str(out), "--no-profile", "--no-plot", *extra]
    done = subprocess.run(
        [sys.executable, "-m", "bench", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout
