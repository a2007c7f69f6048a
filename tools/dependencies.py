"""pyproject.toml's dependencies as pip requirement lines, for the suites run on other
releases than the locked ones (tools/test_against.sh):

    python tools/dependencies.py latest   # every dependency, runtime and dev, with no bound:
                                          # pip takes the newest, past the upper bounds
    python tools/dependencies.py oldest   # the runtime dependencies pinned at their lower bounds

Standard library only: it runs before anything is installed.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# name, optional [extras], the version bounds, optional "; marker"
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9._-]+)(\[[^\]]*\])?\s*([^;]*?)\s*(;.*)?$")


def requirements(pyproject: Path = ROOT / "pyproject.toml") -> tuple[list[str], list[str]]:
    project = tomllib.loads(pyproject.read_text())["project"]
    return project["dependencies"], project["optional-dependencies"]["dev"]


def unbounded(requirement: str) -> str:
    name, extras, _, marker = split(requirement)
    return f"{name}{extras}{marker}"


def lowest(requirement: str) -> str:
    name, extras, bounds, marker = split(requirement)
    lower = [b[2:].strip() for b in bounds.split(",") if b.strip().startswith(">=")]
    if len(lower) != 1:
        raise SystemExit(f"{requirement!r} has no single lower bound (>=)")
    return f"{name}{extras}=={lower[0]}{marker}"


def split(requirement: str) -> tuple[str, str, str, str]:
    match = REQUIREMENT.match(requirement)
    if match is None:
        raise SystemExit(f"cannot read the requirement {requirement!r}")
    name, extras, bounds, marker = match.groups()
    return name, extras or "", bounds, f" {marker}" if marker else ""


def main(argv: list[str]) -> int:
    runtime, dev = requirements()
    if argv == ["latest"]:
        lines = [unbounded(r) for r in runtime + dev]
    elif argv == ["oldest"]:
        lines = [lowest(r) for r in runtime]
    else:
        print(__doc__, file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
