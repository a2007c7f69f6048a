"""Browser-test fixtures: the real server on a free port, headless Chromium, page helpers."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

# an assertion waits as long as an action (the context's default below): with one test worker
# per core beside Chromium and the server, a page may take seconds more than on an idle machine
expect.set_options(timeout=10_000)

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "test-output"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server(served: tuple[str, Path]) -> str:
    """The real server's base URL."""
    return served[0]


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The real server with an SQLite store, on a free port: its base URL and its file."""
    folder = tmp_path_factory.mktemp("plateau")
    with serving(folder) as base:
        yield base, folder / "db"


@contextlib.contextmanager
def serving(folder: Path, **env: str) -> Iterator[str]:
    """`plateau serve` on a free port with its store in `folder` and `env` (PLATEAU_*) added
    to the environment: its base URL."""
    port = free_port()
    log = (folder / "server.log").open("w")
    process = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("plateau")),  # this venv's, as make test-latest
            "serve",
            "--port",
            str(port),
            "--store",
            f"sqlite:///{folder}/db",
        ],
        cwd=ROOT,
        # the whole suite is one address for as long as it runs, opening and filling tables
        # faster than any person: the per-address caps and paces are lifted, as the other
        # suites and the benchmarks lift them (tests/server/test_http_limits.py tests them)
        env={
            **os.environ,
            "PLATEAU_MAX_OPEN_TABLES_PER_ADDRESS": "0",
            "PLATEAU_MAX_HELD_SEATS_PER_ADDRESS": "0",
            "PLATEAU_CREATES_PER_MINUTE": "0",
            "PLATEAU_JOINS_PER_MINUTE": "0",
            "PLATEAU_FORKS_PER_MINUTE": "0",
            **env,
        },
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"{base}/api/games/types", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            log.close()
            pytest.fail("server did not start:\n" + (folder / "server.log").read_text()[-3000:])
        time.sleep(0.2)
    try:
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    # module scope: Playwright's sync API runs an event loop on this thread while it is open,
    # which would break every asyncio test that pytest runs after the browser tests
    if not os.path.exists(CHROMIUM):
        pytest.fail("chromium is missing: apt-get install -y chromium (make system-deps)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Pages:
    """Opens one browser context (one person) per page; collects page errors."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.browser = browser
        self.base = base
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    def open(self, path: str = "/", width: int = 1440, height: int = 1000) -> Page:
        context = self.browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(10_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.goto(self.base + path)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Browser, server: str) -> Iterator[Pages]:
    opened = Pages(browser, server)
    yield opened
    opened.close()
    assert not opened.errors, opened.errors


def screenshot(page: Page, name: str) -> Path:
    OUTPUT.mkdir(exist_ok=True)
    path = OUTPUT / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def legal_commands(page: Page) -> list[dict[str, Any]]:
    """The commands offered on the page, in page order (one entry per button)."""
    raw: list[str] = page.locator("[data-testid=legal-command]").evaluate_all(
        "els => els.map(e => e.dataset.command)"
    )
    return [json.loads(item) for item in raw]


def legal_count(page: Page) -> int:
    """How many legal commands the page holds (some boards show them only after a click)."""
    return int(page.locator("[data-testid=board]").get_attribute("data-legal") or "0")


def shown_version(page: Page) -> int:
    value = page.locator("[data-testid=board]").get_attribute("data-version") or "-1"
    return int(value) if value.lstrip("-").isdigit() else -1


@pytest.fixture(scope="session")
def axe_script() -> str:
    """axe-core's script, installed from npm by tools/axe-core.sh on first use."""
    found = subprocess.run(
        ["bash", str(ROOT / "tools" / "axe-core.sh")], capture_output=True, text=True, timeout=300
    )
    if found.returncode != 0:
        pytest.skip(f"axe-core could not be installed from npm: {found.stderr.strip()[-300:]}")
    return found.stdout.strip().splitlines()[-1]


def axe_problems(page: Page, script: str) -> list[str]:
    """Serious and critical accessibility violations axe-core finds in the page as it is."""
    page.add_script_tag(path=script)
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const result = await axe.run(document, { resultTypes: ["violations"] });
            return result.violations
                .filter((v) => v.impact === "serious" || v.impact === "critical")
                .map((v) => ({ id: v.id, help: v.help,
                               nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
        }"""
    )
    return [f"{v['id']}: {v['help']} at {v['nodes']}" for v in found]
