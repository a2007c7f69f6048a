"""The collection check of tests/markers.py finds a test that drives Chromium unmarked, by
the browser fixture it needs or by launching Chromium itself, and lets a marked one pass."""

from __future__ import annotations

from typing import Any

from tests.markers import unmarked_browser_tests


class Collected:
    """What the check reads of a collected test."""

    def __init__(self, nodeid: str, fixtures: list[str], marks: list[str], function: Any) -> None:
        self.nodeid = nodeid
        self.fixturenames = fixtures
        self.marks = marks
        self.function = function

    def get_closest_marker(self, name: str) -> object | None:
        return name if name in self.marks else None


def launches(playwright: Any) -> None:
    playwright.chromium.launch(executable_path="/usr/bin/chromium")


def reads(page: Any) -> None:
    page.get_by_test_id("log-proof")


def test_unmarked_tests_that_drive_chromium_are_found() -> None:
    items = [
        Collected("by-fixture", ["pages", "browser", "server"], [], reads),
        Collected("by-launch", ["single"], [], launches),
        Collected("marked-fixture", ["pages", "browser"], ["browser"], reads),
        Collected("marked-launch", ["single"], ["deploy", "browser"], launches),
        Collected("no-browser", ["server"], ["slow"], reads),
    ]
    found = unmarked_browser_tests(items)  # type: ignore[arg-type]
    assert found == ["by-fixture", "by-launch"]
