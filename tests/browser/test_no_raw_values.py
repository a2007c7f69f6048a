"""No page of any game prints a raw value ("null", "undefined", "NaN", "[object ...]") or
scrolls sideways.

Each game is played to its end by the server's bots (its one player hands the seat over), and
one more is left in play; then the lobby, the table (as its player and as a spectator, live
and in the past), the replay and the Verify fairness page are read at 1366x900 and 390x844.
"""

from __future__ import annotations

import re
import time

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Pages, screenshot
from tests.browser.drive import Table

pytestmark = pytest.mark.browser

RAW = re.compile(r"\b(null|undefined|NaN)\b|\[object")
GAMES = [
    ("rock_paper_scissors", 2),
    ("bienvenue_a_bord", 2),
    ("eiffel_mania", 3),
    ("vertigo", 2),
    ("18zoo", 2),
]
CHECKED = "[data-testid=fairness-check]:not([data-state=checking])"
VIEWPORTS = [(1366, 900), (390, 844)]


def finished_by_bots(base: str, game: str, seats: int) -> Table:
    """A table whose other seats are bots; its player hands the seat over too, so the bots
    play it to the end."""
    body = {"game": game, "seats": seats, "bots": list(range(1, seats))}
    answer = httpx.post(f"{base}/api/games", json=body)
    answer.raise_for_status()
    table = Table.__new__(Table)
    table.base, table.game, table.names = base, game, ["Ada"]
    table.id = answer.json()["game_id"]
    seat = httpx.post(f"{base}/api/games/{table.id}/seats", json={"name": "Ada"}).json()
    table.tokens = [seat["token"]]
    table.legal = []
    table.start()
    httpx.post(
        f"{base}/api/games/{table.id}/seats/0/bot",
        json={"bot": True},
        headers={"Authorization": f"Bearer {table.tokens[0]}"},
    ).raise_for_status()
    deadline = time.monotonic() + 120
    while not httpx.get(f"{base}/api/games/{table.id}").json().get("over"):
        assert time.monotonic() < deadline, f"{game}: the bots did not finish"
        time.sleep(0.5)
    return table


def raw_values(page: Page) -> list[str]:
    text = page.evaluate("() => document.body.innerText")
    return [line.strip() for line in text.splitlines() if RAW.search(line)]


def read(page: Page, path: str, ready: str) -> list[str]:
    """What `path` shows raw, and whether it scrolls sideways (it may not, even on a phone)."""
    page.goto(page.url.split("#")[0] + path)
    expect(page.locator(ready).first).to_be_visible(timeout=15_000)
    page.wait_for_timeout(400)  # the polls and the log's words
    found = [f"{path}: {line}" for line in raw_values(page)]
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    width = page.viewport_size["width"] if page.viewport_size else 0
    if wide > width:
        found.append(f"{path}: {wide} px wide at {width}")
    return found


@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_no_page_of_a_game_shows_a_raw_value(pages: Pages, game: str, seats: int) -> None:
    over = finished_by_bots(pages.base, game, seats)
    live = Table(pages.base, game, ["Ada", "Bob", "Cy", "Dee"][:seats], {}).start()
    live.play(6)
    found: list[str] = []
    for width, height in VIEWPORTS:
        page = pages.open("/", width, height)
        found += read(page, "#/", "[data-testid=lobby], [data-testid=new-game-type]")
        for table in (over, live):
            table.seat_page(page, 0)
            found += read(page, f"#/game/{table.id}", "[data-testid=board] > *")
            page.evaluate(f"localStorage.removeItem('plateau.seat.{table.id}')")
            found += read(page, f"#/game/{table.id}", "[data-testid=board] > *")
            found += read(page, f"#/game/{table.id}/replay", "[data-testid=board] > *")
            expect(page.get_by_test_id("past-notice")).to_be_visible()  # looking back...
            status = "finished" if table is over else "in play"
            expect(page.get_by_test_id("table-status")).to_have_text(status)  # ...at the game now
        found += read(page, f"#/game/{over.id}/fairness", CHECKED)
        screenshot(page, f"fairness_{game}_{width}")
        page.context.close()
    assert not found, found
