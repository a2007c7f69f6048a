"""py-spy attached to the server under test during one extra run: where its CPU goes.

py-spy and matplotlib live in a venv of the bench's own (bench/.peer/venv), installed on the
first run with pip; the project's dependencies are not touched.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from bench.procs import PEER_DIR, log

VENV = PEER_DIR / "venv"
TOOLS = ("matplotlib", "py-spy")


def ensure_tools() -> Path | None:
    """The bench venv's python, after installing matplotlib and py-spy there; None if pip fails."""
    python = VENV / "bin" / "python"
    marker = VENV / ".tools-installed"
    if marker.exists():
        return python
    try:
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True, timeout=300)
        log("installing matplotlib and py-spy into bench/.peer/venv (pip)")
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", *TOOLS],
            check=True,
            timeout=900,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    except (subprocess.SubprocessError, OSError) as exc:
        log(f"no plot or profile: installing {TOOLS} failed ({exc})")
        return None
    marker.touch()
    return python


FRAME = re.compile(r"^(?P<func>.+?) \((?P<file>[^:]+):(?P<line>\d+)\)$")


def short(frame: str) -> str:
    """`function (file:line)` with the file relative to the project or site-packages."""
    found = FRAME.match(frame)
    if not found:
        return frame
    path = found["file"]
    for anchor in ("site-packages/", "/work/main/", "lib/python3.11/"):
        if anchor in path:
            path = path.split(anchor, 1)[1]
    root = str(Path(__file__).resolve().parent.parent) + "/"
    path = path.replace(root, "")
    return f"{found['func']} ({path})"


class Profiler:
    """`py-spy record` on a pid for `seconds`; `finish()` summarises the samples."""

    def __init__(self, pid: int, seconds: float) -> None:
        self.output = PEER_DIR / f"profile-{pid}.txt"
        spy = VENV / "bin" / "py-spy"
        self.proc: subprocess.Popen[bytes] | None = None
        if spy.exists():
            self.proc = subprocess.Popen(
                [
                    str(spy),
                    "record",
                    "--pid",
                    str(pid),
                    "--duration",
                    str(int(seconds) + 1),
                    "--rate",
                    "200",
                    "--format",
                    "raw",
                    "--output",
                    str(self.output),
                    "--nonblocking",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )

    def finish(self) -> list[str]:
        if self.proc is None:
            return ["py-spy is not installed: no profile"]
        try:
            self.proc.wait(120)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return ["py-spy did not finish"]
        if not self.output.exists():
            return ["py-spy wrote no samples (ptrace not permitted?)"]
        return summarise(self.output.read_text())


def summarise(collapsed: str, top: int = 12) -> list[str]:
    own: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    total = 0
    for line in collapsed.splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        samples = int(count)
        frames = [short(f) for f in stack.split(";") if f]
        if not frames:
            continue
        total += samples
        own[frames[-1]] += samples
        for frame in set(frames):
            inclusive[frame] += samples
    if not total:
        return ["no samples"]
    lines = [f"{total} samples; own time (the function itself):"]
    lines += [f"{100 * n / total:5.1f}%  {name}" for name, n in own.most_common(top)]
    ours = [
        (name, n)
        for name, n in inclusive.most_common()
        if any(part in name for part in ("(server/", "(projections/", "(domain/", "(bench/"))
    ]
    lines.append("inclusive time in the project's code (with what it calls):")
    lines += [f"{100 * n / total:5.1f}%  {name}" for name, n in ours[:top]]
    return lines
