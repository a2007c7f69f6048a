"""The markers a test must carry for what it does, checked at collection (tests/conftest.py):
a test that drives Chromium is marked `browser`, so `-m "not browser"` (make test-fast) runs
on a machine without it."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import Any

import pytest

# the fixture that launches Chromium (tests/browser/conftest.py); every browser fixture needs it
CHROMIUM_FIXTURE = "browser"
# what a test that launches Chromium itself calls (tests/deploy/test_stack.py)
LAUNCH = "chromium.launch("


def drives_chromium(item: pytest.Item) -> bool:
    if CHROMIUM_FIXTURE in getattr(item, "fixturenames", ()):
        return True
    function: Callable[..., Any] | None = getattr(item, "function", None)
    try:
        return function is not None and LAUNCH in inspect.getsource(function)
    except (OSError, TypeError):
        return False


def unmarked_browser_tests(items: Iterable[pytest.Item]) -> list[str]:
    """The ids of the tests that drive Chromium without the `browser` marker."""
    return [
        item.nodeid
        for item in items
        if drives_chromium(item) and item.get_closest_marker("browser") is None
    ]
