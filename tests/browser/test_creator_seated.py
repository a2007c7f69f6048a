"""The New table form seats its creator (issue 44, item 5): under the name typed (the one they
played under last, by default) they take the first free seat of the table they made, keep it
on reload and start it with the host token; with the name left empty the table is made for
others, and nobody is seated."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Pages
from tests.browser.flow import create_table, join, open_table, start

pytestmark = pytest.mark.browser


def seated(base: str, game_id: str) -> list[str]:
    """The names of the seats taken at the table, as its summary lists them."""
    answer = httpx.get(f"{base}/api/games/{game_id}")
    answer.raise_for_status()
    return [name for name in answer.json()["names"] if name]


@pytest.mark.parametrize("size", [(1366, 900), (390, 844)], ids=["desktop", "phone"])
def test_the_creator_sits_at_the_table_they_made(pages: Pages, size: tuple[int, int]) -> None:
    creator = pages.open("/", *size)
    game_id = create_table(creator, "rock_paper_scissors", 2, name="Ada")
    expect(creator.locator(".seat-chip.me")).to_contain_text("Ada")
    expect(creator.get_by_test_id("join-form")).to_have_count(0)
    assert seated(pages.base, game_id) == ["Ada"]

    creator.reload()  # the seat is this browser's, as a seat taken on the table page
    expect(creator.locator(".seat-chip.me")).to_contain_text("Ada")

    friend = open_table(pages, game_id)
    join(friend, "Bob")
    start(creator)
    expect(friend.get_by_test_id("table-status")).to_have_text(re.compile("in play"))

    # the name is remembered for the next table; emptied, the table is made for others
    creator.goto(creator.url.split("#")[0] + "#/")
    expect(creator.get_by_test_id("new-game-name")).to_have_value("Ada")
    other = create_table(creator, "rock_paper_scissors", 2)
    expect(creator.get_by_test_id("join-form")).to_be_visible()
    assert seated(pages.base, other) == []


def test_a_refused_name_still_makes_the_table_and_says_why(pages: Pages) -> None:
    creator = pages.open("/")
    game_id = create_table(creator, "rock_paper_scissors", 2, name="Bot 1 (greedy)")
    expect(creator.get_by_test_id("toast-error")).to_contain_text("no seat yet")
    expect(creator.get_by_test_id("join-form")).to_be_visible()
    assert seated(pages.base, game_id) == []
