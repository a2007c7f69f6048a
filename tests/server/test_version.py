"""/healthz names the running code: PLATEAU_VERSION (set in the image), else `git describe`."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.ops import version as versions
from tests.server.conftest import running


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    versions.version.cache_clear()  # it is read once per process
    yield
    versions.version.cache_clear()


async def test_healthz_reports_the_version_the_image_was_built_with(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PLATEAU_VERSION", "4a5b6c7-dirty")
    async with running(None) as server:
        health = await server.lobby.http.get("/healthz")
    assert health.status_code == 200
    assert health.json()["version"] == "4a5b6c7-dirty"


@pytest.mark.skipif(
    shutil.which("git") is None or not (versions.CHECKOUT / ".git").exists(),
    reason="needs git and a git checkout",
)
def test_a_checkout_without_the_variable_is_described_by_git(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PLATEAU_VERSION", raising=False)
    git = ["git", "describe", "--always", "--dirty"]
    expected = subprocess.run(git, cwd=versions.CHECKOUT, capture_output=True, text=True)
    assert expected.stdout.strip()
    assert versions.version() == expected.stdout.strip()


def test_outside_a_checkout_the_package_version_is_reported(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("PLATEAU_VERSION", raising=False)
    monkeypatch.setattr(versions, "CHECKOUT", tmp_path)
    assert versions.described(tmp_path) == ""
    monkeypatch.setattr(versions, "described", lambda folder=tmp_path: "")
    assert versions.version() == "0.1.0"
