"""pyproject.toml's bounds, the lock files and the venv agree: every dependency is pinned
inside its bounds with its hashes, the image's lock is the dev lock's runtime part, and the
venv `make` built holds the locked versions."""

from __future__ import annotations

import os
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from tests.locks import ROOT, Pin, read_lock

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
RUNTIME = [Requirement(r) for r in PROJECT["dependencies"]]
DEV = [Requirement(r) for r in PROJECT["optional-dependencies"]["dev"]]
LOCK = read_lock(ROOT / "requirements.lock")
DEV_LOCK = read_lock(ROOT / "requirements-dev.lock")


@pytest.mark.parametrize(
    ("requirements", "lock"),
    [(RUNTIME, LOCK), (RUNTIME + DEV, DEV_LOCK)],
    ids=["requirements.lock", "requirements-dev.lock"],
)
def test_every_dependency_is_pinned_inside_its_bounds(
    requirements: list[Requirement], lock: dict[str, Pin]
) -> None:
    for requirement in requirements:
        operators = {spec.operator for spec in requirement.specifier}
        assert ">=" in operators and "<" in operators, f"{requirement}: bounds on both sides"
        pin = lock.get(canonicalize_name(requirement.name))
        assert pin is not None, f"{requirement.name} is not in the lock"
        assert pin.version in requirement.specifier, f"{pin.name}=={pin.version}: {requirement}"


def test_every_pin_has_hashes_and_the_image_runs_what_the_tests_run() -> None:
    assert all(pin.hashes for pin in DEV_LOCK.values())
    for name, pin in LOCK.items():
        assert DEV_LOCK[name].version == pin.version, name


@pytest.mark.skipif(
    os.environ.get("PLATEAU_DEPENDENCIES") in ("latest", "oldest"),
    reason="make test-latest and test-oldest run on other versions than the lock's",
)
def test_the_venv_holds_the_locked_versions() -> None:
    for name, pin in DEV_LOCK.items():
        if pin.applies():
            assert metadata.version(name) == pin.version, name


def internals_users(doc: Path = ROOT / "docs" / "internals.md") -> set[str]:
    """The libraries in the first column of docs/internals.md's table of internals."""
    rows = [line.split("|") for line in doc.read_text().splitlines() if line.startswith("| ")]
    return {cells[1].strip() for cells in rows[1:] if not cells[1].strip().startswith("---")}


def test_a_library_whose_internals_are_used_stops_before_its_next_minor() -> None:
    users = internals_users()
    assert {"uvicorn", "websockets"} <= users  # the table was read
    for name in users:
        (requirement,) = [r for r in RUNTIME if canonicalize_name(r.name) == name]
        (upper,) = [Version(s.version) for s in requirement.specifier if s.operator == "<"]
        major, minor = (*upper.release, 0)[:2]
        assert len(upper.release) == 2 and (minor or not major), f"{requirement}: a minor bound"
