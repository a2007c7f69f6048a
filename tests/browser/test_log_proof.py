"""The replay of a finished game checks its log in the browser: every hash recomputed from the
published events and salts, and the hashes this browser was sent during the game found in it.
An event altered in the store afterwards is caught there."""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import expect

from clients.python.remote_bots import run_bots
from tests.browser.conftest import Pages

pytestmark = pytest.mark.browser


def test_a_finished_games_log_is_checked_in_the_page(
    pages: Pages, served: tuple[str, Path]
) -> None:
    base, db = served
    with ThreadPoolExecutor(1) as thread:  # Playwright's sync API holds this thread's loop
        finished = thread.submit(
            asyncio.run, run_bots(base, "bienvenue_a_bord", 2, seed=7)
        ).result()
    game_id = finished["game_id"]
    page = pages.open(f"/#/game/{game_id}/replay")
    proof = page.get_by_test_id("log-proof")
    expect(proof).to_have_attribute("data-state", "verified", timeout=15000)
    expect(proof).to_contain_text(f"all {finished['version']} events")
    # the page kept the last hash it was sent, and finds it in the chain
    kept = page.evaluate(f"() => localStorage.getItem('plateau:hashes:{game_id}')")
    assert kept and '"latest"' in kept

    connection = sqlite3.connect(db)
    (data,) = connection.execute(
        "SELECT data FROM events WHERE stream=? AND version=8", (game_id,)
    ).fetchone()
    connection.execute(
        "UPDATE events SET data=? WHERE stream=? AND version=8", (bytes(data) + b" ", game_id)
    )
    connection.commit()
    connection.close()
    page.reload()
    proof = page.get_by_test_id("log-proof")
    expect(proof).to_have_attribute("data-state", "altered", timeout=15000)
    expect(proof).to_contain_text("version 8: the stored event does not give its hash")
