"""Every board on a phone (390 x 844) and a desktop: no sideways scrolling, the turn banner
and the moves stay in view while the board scrolls, a screenshot of each into test-output/,
and no serious or critical accessibility violation (axe-core) on the lobby and the tables."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import OUTPUT, Pages, axe_problems
from tests.browser.drive import Table

pytestmark = pytest.mark.browser

PHONE = (390, 844)
DESKTOP = (1440, 1000)


def acting(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Random, but rather act than pass, so boards fill up (tiles, shares, population)."""
    order = ("lay_tile", "par", "buy_shares", "place_token", "buy_train", "run_routes", "dividend")
    for kind in order:
        found = [c for c in legal if c["type"] == kind]
        if found:
            return rng.choice(found)
    acts = [c for c in legal if c["type"] not in ("pass", "sell_ticket", "end_step")]
    return rng.choice(acts or legal)


# game, players, moves played before looking, board test id
BOARDS = [
    ("eiffel_mania", ["Ada", "Bob", "Cy"], 12, "em-board"),
    ("bienvenue_a_bord", ["Ada", "Bob"], 14, "bab-board"),
    ("vertigo", ["Ada", "Bob", "Cy"], 30, "vg-board"),
    ("18zoo", ["Ada", "Bob", "Cy"], 45, "zoo-board"),
]


def sideways(page: Page) -> int:
    """How far the page scrolls sideways (0 when it fits the width)."""
    width: int = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return width


def shot(page: Page, name: str, full: bool = True) -> None:
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"{name}.png"), full_page=full)


@pytest.mark.parametrize(("game", "names", "moves", "board"), BOARDS, ids=[b[0] for b in BOARDS])
def test_every_board_fits_a_phone_and_keeps_the_turn_in_view(
    pages: Pages, axe_script: str, game: str, names: list[str], moves: int, board: str
) -> None:
    table = Table(pages.base, game, names, {}).start()
    table.play(moves, acting, seed=4)
    seat = table.awaited()

    desktop = pages.open("/", *DESKTOP)
    table.seat_page(desktop, seat)
    expect(desktop.get_by_test_id(board)).to_be_visible()
    expect(desktop.get_by_test_id("turn-dock")).to_be_visible()
    assert sideways(desktop) == 0
    shot(desktop, f"{game}_desktop")
    problems = axe_problems(desktop, axe_script)
    assert not problems, "\n".join(problems)

    phone = pages.open("/", *PHONE)
    table.seat_page(phone, seat)
    expect(phone.get_by_test_id(board)).to_be_visible()
    dock = phone.get_by_test_id("turn-dock")
    expect(dock).to_be_visible()
    expect(
        dock.locator("[data-testid=legal-command], [data-testid=vg-tool]").first
    ).to_be_attached()
    assert sideways(phone) == 0, f"{game} scrolls {sideways(phone)} px sideways on a phone"
    shot(phone, f"{game}_phone")
    # Scrolled down the board, the banner and the moves are still on screen.
    height = phone.evaluate("() => document.documentElement.scrollHeight")
    assert height > PHONE[1] * 1.5, "the board should be longer than a phone's screen"
    phone.evaluate(
        "id => { const b = document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();"
        " window.scrollTo(0, window.scrollY + b.top + b.height * 0.6 - 300); }",
        board,
    )
    phone.wait_for_function("() => window.scrollY > 0")
    box = dock.bounding_box()
    assert box is not None
    assert 0 <= box["y"] < 60, f"the turn dock scrolled away: {box}"
    banner = dock.locator(".em-banner")
    expect(banner).to_be_in_viewport()
    shot(phone, f"{game}_phone_scrolled", full=False)


def test_the_lobby_is_accessible_and_fits_a_phone(pages: Pages, axe_script: str) -> None:
    lobby = pages.open("/", *DESKTOP)
    kinds = len(httpx.get(f"{pages.base}/api/games/types").json())
    expect(lobby.get_by_test_id("game-description")).to_have_count(kinds)
    problems = axe_problems(lobby, axe_script)
    assert not problems, "\n".join(problems)
    phone = pages.open("/", *PHONE)
    expect(phone.get_by_test_id("game-description")).to_have_count(kinds)
    assert sideways(phone) == 0
    shot(phone, "lobby_phone")
