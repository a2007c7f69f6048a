"""The browser that created a table keeps its host token and starts the table with it; a
stranger who took a free seat finds Start disabled until every seat is taken."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Pages
from tests.browser.flow import create_table, join, open_table, start

pytestmark = pytest.mark.browser


def test_the_creator_starts_the_table_a_stranger_cannot(pages: Pages) -> None:
    creator = pages.open("/")
    game_id = create_table(creator, "eiffel_mania", 4)
    join(creator, "Ada")
    friend, stranger = open_table(pages, game_id), open_table(pages, game_id)
    join(friend, "Bob")
    join(stranger, "Mallory")

    # three of four seats: enough to play, but only the creator may start it now
    expect(stranger.get_by_test_id("start-button")).to_be_disabled()
    expect(stranger.get_by_test_id("start-words")).to_contain_text("creator starts it")
    expect(friend.get_by_test_id("start-button")).to_be_disabled()
    with creator.expect_request(lambda r: r.url.endswith("/start")) as sent:
        start(creator)
    assert sent.value.headers["content-type"] == "application/json"
    assert sent.value.post_data == "{}"
    expect(stranger.get_by_test_id("table-status")).to_have_text(re.compile("in play"))
    stored = creator.evaluate(f"localStorage.getItem('plateau.host.{game_id}')")
    assert stored is None  # dropped once the game started: it starts nothing else
