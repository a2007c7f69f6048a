"""Tables played over days in the browser: the New table form gives a clock in days, the
lobby lists such a table as played over days, and "Your games" puts first, among the games
awaiting you, the one whose clock has the least time left."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Pages
from tests.browser.test_undo_and_turns import hold

pytestmark = pytest.mark.browser
DAY_MS = 24 * 3600 * 1000


def clocked_game(server: str, days: float) -> tuple[str, list[str]]:
    """A started rock paper scissors table whose clock gives each player `days`."""
    clock = {"initial_s": days * 86400, "increment_s": 0, "on_timeout": "bot"}
    made = httpx.post(
        f"{server}/api/games", json={"game": "rock_paper_scissors", "seats": 2, "clock": clock}
    ).json()
    game_id = made["game_id"]
    tokens = [
        httpx.post(f"{server}/api/games/{game_id}/seats", json={"name": f"p{n}"}).json()["token"]
        for n in range(2)
    ]
    start = httpx.post(
        f"{server}/api/games/{game_id}/start",
        json={},
        headers={"authorization": f"Bearer {made['host_token']}"},
    )
    assert start.status_code == 200, start.text
    return game_id, tokens


def test_the_form_gives_days_and_the_lobby_says_over_days(pages: Pages, server: str) -> None:
    page = pages.open("/")
    page.get_by_test_id("new-game-type").select_option("rock_paper_scissors")
    page.get_by_test_id("new-game-clock").check()
    page.get_by_test_id("new-game-clock-minutes").fill("2")
    page.get_by_test_id("new-game-clock-unit").select_option("days")
    page.get_by_test_id("new-game-clock-increment").fill("0")
    page.get_by_test_id("create-button").click()
    page.wait_for_url(re.compile(r"#/game/[^/]+$"))
    game_id = page.url.split("#/game/")[1]
    clock = httpx.get(f"{server}/api/games/{game_id}").json()["clock"]
    assert clock["initial_ms"] == 2 * DAY_MS and clock["async"]
    page.goto(f"{server}/")
    row = page.locator(f"[data-testid=game-row][data-game-id='{game_id}']")
    expect(row.get_by_test_id("game-row-facts")).to_contain_text("over days (2 days each)")


def test_your_games_awaiting_you_come_by_time_left(pages: Pages, server: str) -> None:
    later_id, later_tokens = clocked_game(server, 3)
    sooner_id, sooner_tokens = clocked_game(server, 1)
    page = pages.open("/")
    hold(page, later_id, 0, later_tokens[0])  # held first: listed first but for time left
    hold(page, sooner_id, 0, sooner_tokens[0])
    page.reload()
    rows = page.get_by_test_id("your-game")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-game-id", sooner_id)
    expect(rows.nth(0).get_by_test_id("your-game-state")).to_have_text(
        re.compile(r"^your turn: (23 hours|1 day)")
    )
    expect(rows.nth(1)).to_have_attribute("data-game-id", later_id)
    expect(rows.nth(1).get_by_test_id("your-game-state")).to_have_text(
        re.compile(r"^your turn: (2|3) days")
    )
