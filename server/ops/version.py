"""The version of the running code, for /healthz: PLATEAU_VERSION (the image sets it at build
time from `git describe`), else `git describe` of the checkout it runs from, else the
package's version."""

from __future__ import annotations

import functools
import os
import subprocess
from importlib import metadata
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent


@functools.cache
def version() -> str:
    return os.environ.get("PLATEAU_VERSION", "").strip() or described() or packaged()


def described(folder: Path = CHECKOUT) -> str:
    """`git describe --always --dirty` of `folder` if it is a git checkout (a worktree's
    .git is a file), else ''."""
    if not (folder / ".git").exists():
        return ""
    try:
        done = subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):  # no git, or not a repository after all
        return ""
    return done.stdout.strip()


def packaged() -> str:
    try:
        return metadata.version("plateau")
    except metadata.PackageNotFoundError:
        return "unknown"
