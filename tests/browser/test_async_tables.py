"""Tables played over days in the browser: the New table form gives a clock in days, the
lobby lists such a table as played over days, and "Your games" puts first, among the games
awaiting you, the one whose clock has the least time left."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Pages
from tests.browser.flow import join, open_table, start
from tests.browser.test_undo_and_turns import hold

pytestmark = pytest.mark.browser
DAY_MS = 24 * 3600 * 1000


def clocked_game(server: str, days: float, per_move: bool = False) -> tuple[str, list[str]]:
    """A started rock paper scissors table whose clock gives each player `days` (or, with
    `per_move`, each move)."""
    clock: dict[str, object] = (
        {"per_move_s": days * 86400, "on_timeout": "bot"}
        if per_move
        else {"initial_s": days * 86400, "increment_s": 0, "on_timeout": "bot"}
    )
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


def test_the_form_gives_a_deadline_per_move_and_the_lobby_says_so(
    pages: Pages, server: str
) -> None:
    page = pages.open("/")
    page.get_by_test_id("new-game-type").select_option("rock_paper_scissors")
    page.get_by_test_id("new-game-clock").check()
    page.get_by_test_id("new-game-clock-kind").select_option("move")
    expect(page.get_by_test_id("new-game-clock-increment")).to_be_hidden()  # none per move
    page.get_by_test_id("new-game-clock-minutes").fill("12")
    page.get_by_test_id("new-game-clock-unit").select_option("hours")
    page.get_by_test_id("create-button").click()
    page.wait_for_url(re.compile(r"#/game/[^/]+$"))
    game_id = page.url.split("#/game/")[1]
    clock = httpx.get(f"{server}/api/games/{game_id}").json()["clock"]
    assert clock["per_move"] and clock["async"]
    assert clock["initial_ms"] == 12 * 3600 * 1000 and clock["increment_ms"] == 0
    page.goto(f"{server}/")
    row = page.locator(f"[data-testid=game-row][data-game-id='{game_id}']")
    expect(row.get_by_test_id("game-row-facts")).to_contain_text(
        "over days (each move within 12 hours)"
    )


def test_your_games_put_a_move_due_sooner_first(pages: Pages, server: str) -> None:
    """A move due within 2 hours comes before a day's budget: time left orders both kinds."""
    budget_id, budget_tokens = clocked_game(server, 1)
    deadline_id, deadline_tokens = clocked_game(server, 2 / 24, per_move=True)
    page = pages.open("/")
    hold(page, budget_id, 0, budget_tokens[0])
    hold(page, deadline_id, 0, deadline_tokens[0])
    page.reload()
    rows = page.get_by_test_id("your-game")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-game-id", deadline_id)
    expect(rows.nth(0).get_by_test_id("your-game-state")).to_have_text(
        re.compile(r"^your turn: (1 hour 59 minutes|2 hours) left")
    )
    expect(rows.nth(1)).to_have_attribute("data-game-id", budget_id)


def test_a_move_past_its_deadline_is_the_bots_and_the_next_is_hers(
    pages: Pages, server: str
) -> None:
    """Ada lets a 3 s deadline pass: a bot moves for her, her page and the log say so, and her
    next move, within its own 3 s, is hers (unlike a time per player, nothing is left to earn)."""
    body = {
        "game": "rock_paper_scissors",
        "seats": 2,
        "options": {"rounds": 9},
        "bots": [1],
        "clock": {"per_move_s": 3},
    }
    game_id = httpx.post(f"{server}/api/games", json=body).json()["game_id"]
    page = open_table(pages, game_id)
    join(page, "Ada")
    start(page)
    told = page.get_by_test_id("time-ran-out")
    expect(told).to_be_visible(timeout=8000)
    expect(told).to_contain_text("Your move's time ran out: a bot made it for you.")
    expect(told).to_contain_text("Your next move is yours again, within 3 seconds.")
    log = page.get_by_test_id("log")
    expect(log).to_contain_text("Turn clock: each move within 3 seconds")
    expect(log).to_contain_text("Ada's time ran out: a bot moves for them")
    expect(page.get_by_test_id("seat-0-clock")).not_to_have_text("out of time")
    page.locator("[data-testid=legal-command]").first.click(timeout=8000)
    expect(told).to_be_hidden()
