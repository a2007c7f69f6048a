"""The Python the servers under test run on: the fastest CPython 3.11+ found on the machine.

Servers are deployed on an interpreter built with profile-guided and link-time optimization
(the deploy image's `python:3.11-slim` is). pyenv and source builds skip both by default, and
Python code takes them 20 to 40 % longer (here 0.10 against 0.071 s for the workload below).
Benchmarking on such a build would charge Plateau for how its interpreter was compiled, as
running boardgame.io in development mode would charge it. So the run times a small pure-Python
workload on each candidate and starts its Python servers (Plateau, the bare relay, the lean
server, the echo, the in-process scenarios) on the fastest, from a venv of its own holding the
same package versions as the project's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass

from bench.procs import PEER_DIR, ROOT, log

# a few dicts, attribute lookups, calls and small allocations: what a server's Python does
WORKLOAD = """
import sys, time
class A:
    def __init__(self, x): self.x = x
    def m(self, y): return self.x + y
def work():
    d, t = {}, 0
    for i in range(300_000):
        d[i % 1000] = (i, str(i & 7))
        t += A(i).m(1)
    return t
times = []
for _ in range(3):
    start = time.perf_counter(); work(); times.append(time.perf_counter() - start)
print(min(times), ".".join(map(str, sys.version_info[:3])))
"""


@dataclass(frozen=True)
class Interpreter:
    path: str  # the base interpreter
    version: str
    seconds: float  # the workload's best time

    @property
    def name(self) -> str:
        return f"{self.path} (Python {self.version})"


def base() -> str:
    """The interpreter under the project's venv."""
    return os.path.realpath(getattr(sys, "_base_executable", sys.executable))


def candidates() -> list[str]:
    """The project's interpreter, then the machine's others; only `PLATEAU_BENCH_PYTHON` if set."""
    chosen = os.environ.get("PLATEAU_BENCH_PYTHON")
    if chosen:
        return [chosen]
    found = [base()]
    for name in ("/usr/bin/python3", "/usr/local/bin/python3", "python3.13", "python3.12"):
        path = shutil.which(name)
        if path and os.path.realpath(path) not in found:
            found.append(os.path.realpath(path))
    return found


def timed(path: str) -> Interpreter | None:
    try:
        done = subprocess.run(
            [path, "-c", WORKLOAD], capture_output=True, text=True, timeout=120, check=True
        )
        seconds, version = done.stdout.split()
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    if tuple(int(p) for p in version.split(".")[:2]) < (3, 11):
        return None
    return Interpreter(path, version, float(seconds))


def venv_for(chosen: Interpreter) -> str:
    """A venv on `chosen` with the project's package versions; its python."""
    if chosen.path == base():
        return sys.executable  # the project's own venv already runs on it
    venv = PEER_DIR / ("venv-" + chosen.path.strip("/").replace("/", "-"))
    python = venv / "bin" / "python"
    pins = subprocess.run(
        [sys.executable, "-m", "pip", "freeze", "--exclude-editable"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    marker = venv / ".pins"
    if marker.exists() and marker.read_text() == pins:
        return str(python)
    log(f"installing the project into {venv} (pip), for the servers under test")
    subprocess.run([chosen.path, "-m", "venv", "--clear", str(venv)], check=True, timeout=300)
    constraints = venv / "constraints.txt"
    constraints.write_text(pins)
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "-c", str(constraints), "-e", str(ROOT)],
        check=True,
        timeout=900,
        stdout=subprocess.DEVNULL,
    )
    marker.write_text(pins)
    return str(python)


def choose() -> tuple[str, dict[str, object]]:
    """The python to start the servers with, and what was measured to pick it (for the report)."""
    measured = [i for i in map(timed, candidates()) if i is not None]
    python, name = sys.executable, f"{sys.executable} (the bench's own)"
    if measured:
        fastest = min(measured, key=lambda i: i.seconds)
        try:
            python, name = venv_for(fastest), fastest.name
        except (OSError, subprocess.SubprocessError) as exc:
            log(f"servers stay on {name}: installing on {fastest.name} failed ({exc})")
    timings = [{"python": i.name, "workload_s": round(i.seconds, 3)} for i in measured]
    log(f"servers run on {name}: {json.dumps(timings)}")
    return python, {"chosen": name, "measured": timings}
