"""The lobby's New table form asks for bot seats and a turn clock: what it sends is stored as
chosen, the table shows the bot's seat taken and a ticking clock, and what the server would
refuse is either not expressible or refused with the server's words, creating nothing."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, Response, expect

from tests.browser.conftest import Pages
from tests.browser.flow import join, start

pytestmark = pytest.mark.browser


def bot_boxes(page: Page) -> list[str]:
    return page.get_by_test_id("new-game-bots").locator("label").all_text_contents()


def posts_to_create(page: Page) -> list[int]:
    """The statuses of the page's `POST /api/games`, as they come."""
    statuses: list[int] = []

    def seen(response: Response) -> None:
        if response.request.method == "POST" and response.url.endswith("/api/games"):
            statuses.append(response.status)

    page.on("response", seen)
    return statuses


def newest_open(server: str) -> Any:
    opened = httpx.get(f"{server}/api/games").json()["open"]
    return opened[0]["game_id"] if opened else None


def test_lobby_creates_a_table_with_a_bot_seat_and_a_clock(pages: Pages, server: str) -> None:
    page = pages.open("/")
    # one checkbox per seat, following the game and the seat count
    page.get_by_test_id("new-game-type").select_option("eiffel_mania")  # 3 to 4 players
    expect(page.get_by_test_id("new-game-seats")).to_have_value("4")
    assert bot_boxes(page) == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    page.get_by_test_id("new-game-seats").fill("3")
    assert bot_boxes(page) == ["Seat 1", "Seat 2", "Seat 3"]
    expect(page.get_by_test_id("new-game-bot-level-row")).to_be_hidden()
    page.get_by_test_id("new-game-bot-2").check()
    expect(page.get_by_test_id("new-game-bot-level-row")).to_be_visible()
    # a free seat before a bot's must be taken before the start: the form says so
    expect(page.get_by_test_id("new-game-bots-note")).to_contain_text("seats 1, 2 are taken")
    page.get_by_test_id("new-game-bot-1").check()
    expect(page.get_by_test_id("new-game-bots-note")).to_contain_text("seat 1 is taken")
    # every seat a bot's is refused (a player starts the game): the last free box is locked
    expect(page.get_by_test_id("new-game-bot-0")).to_be_disabled()
    page.get_by_test_id("new-game-bot-1").uncheck()
    expect(page.get_by_test_id("new-game-bot-0")).to_be_enabled()

    page.get_by_test_id("new-game-type").select_option("rock_paper_scissors")  # 2 players
    expect(page.get_by_test_id("new-game-seats")).to_have_value("2")
    assert bot_boxes(page) == ["Seat 1", "Seat 2"]
    expect(page.get_by_test_id("new-game-bot-level-row")).to_be_hidden()  # seat 3 went
    page.get_by_test_id("new-game-bot-1").check()
    expect(page.get_by_test_id("new-game-bot-0")).to_be_disabled()
    page.get_by_test_id("new-game-bot-level").select_option("random")
    expect(page.get_by_test_id("new-game-clock-fields")).to_be_hidden()
    page.get_by_test_id("new-game-clock").check()
    page.get_by_test_id("new-game-clock-minutes").fill("2.5")
    page.get_by_test_id("new-game-clock-increment").fill("3")
    page.get_by_test_id("create-button").click()
    page.wait_for_url(re.compile(r"#/game/[^/]+$"))
    game_id = page.url.split("#/game/")[1]

    info = httpx.get(f"{server}/api/games/{game_id}").json()
    assert info["bots"] == [None, "random"]
    assert info["names"] == ["", "Bot 2 (random)"]
    assert info["clock"]["left_ms"] == [150_000, 150_000]
    table = httpx.get(f"{server}/api/games/{game_id}/view").json()["view"]["table"]
    assert {key: table["clock"][key] for key in ("initial_ms", "increment_ms", "on_timeout")} == {
        "initial_ms": 150_000,
        "increment_ms": 3_000,
        "on_timeout": "bot",
    }

    # the table page: the bot's seat is taken, and once started the clocks show and tick
    expect(page.get_by_test_id("seat-1")).to_have_class(re.compile(r"\btaken\b"))
    expect(page.get_by_test_id("seat-1")).to_contain_text("Bot 2 (random)")
    expect(page.get_by_test_id("seat-1-bot")).to_be_visible()
    join(page, "Ada")
    start(page)
    clock = page.get_by_test_id("seat-0-clock")
    expect(clock).to_have_class("clock running")  # the bot chose at once; Ada is awaited
    first = clock.text_content() or ""
    assert first.startswith(("2:30", "2:2")), first
    expect(clock).not_to_have_text(first, timeout=5000)
    expect(page.get_by_test_id("seat-1-clock")).to_be_visible()


def test_lobby_refuses_a_bad_clock_or_only_bots_and_creates_nothing(
    pages: Pages, server: str
) -> None:
    page = pages.open("/")
    statuses = posts_to_create(page)
    before = newest_open(server)
    page.get_by_test_id("new-game-type").select_option("rock_paper_scissors")
    errors = page.get_by_test_id("toast-error")

    # a clock past the server's limits is refused before anything is sent
    page.get_by_test_id("new-game-clock").check()
    page.get_by_test_id("new-game-clock-minutes").fill("50000")  # more than 30 days
    page.get_by_test_id("create-button").click()
    expect(errors.last).to_have_text(re.compile(r"^Minutes per player: from 1 second .* 43200"))
    expect(page.get_by_test_id("new-game-clock-minutes")).to_have_attribute("aria-invalid", "true")
    page.get_by_test_id("new-game-clock-minutes").fill("10")
    page.get_by_test_id("new-game-clock-increment").fill("-1")
    page.get_by_test_id("create-button").click()
    expect(errors.last).to_have_text("Seconds added per move: from 0 to 604800 (7 days)")
    assert statuses == []
    # the same check, at its edges: the server's limits are 1 s to 30 days, plus 0 to 7 days
    asked = page.evaluate(
        """async () => {
            const { clockRequest } = await import("/static/js/new_table.js");
            return [["10", "5"], ["", "5"], ["0.01", "0"], ["0.02", "0"], ["43200", "604800"],
                    ["43200.1", "0"], ["1", ""], ["1", "604801"], ["1", "Infinity"]]
                .map(([m, s]) => clockRequest(true, m, s).clock ?? null);
        }"""
    )
    ok = {"on_timeout": "bot"}
    assert asked == [
        {"initial_s": 600, "increment_s": 5, **ok},
        None,
        None,
        {"initial_s": 1.2, "increment_s": 0, **ok},
        {"initial_s": 2_592_000, "increment_s": 604_800, **ok},
        None,
        None,
        None,
        None,
    ]
    page.get_by_test_id("new-game-clock").uncheck()

    # every seat a bot's: the form does not offer it; forced anyway, the server's words show
    page.get_by_test_id("new-game-bot-0").check()
    expect(page.get_by_test_id("new-game-bot-1")).to_be_disabled()
    page.get_by_test_id("new-game-bot-1").evaluate("box => { box.disabled = false; }")
    page.get_by_test_id("new-game-bot-1").check()
    page.get_by_test_id("create-button").click()
    expect(errors.last).to_have_text("bots: leave a seat for a player, who starts the game")
    assert statuses == [400]
    assert "#/game/" not in page.url
    assert newest_open(server) == before
