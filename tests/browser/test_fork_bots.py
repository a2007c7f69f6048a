"""A fork made alone is played against bots (issue 44, item 5): on the fork's page its forker
gives the free seats to the server's bots, starts it and plays it to the end; a stranger who
opens the fork is not offered to."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Pages, screenshot
from tests.browser.flow import open_table, play_to_end, seated_table, start
from tests.browser.test_forks import choose, fork_here

pytestmark = pytest.mark.browser


def test_the_forker_fills_the_fork_with_bots_and_plays_it(pages: Pages) -> None:
    game_id, (ada, bob) = seated_table(pages, "rock_paper_scissors", ["Ada", "Bob"], {"rounds": 3})
    choose(ada, "scissors")
    choose(bob, "paper")
    fork_id = fork_here(bob, game_id)
    expect(bob.get_by_test_id("seat-0")).to_contain_text("free (was Ada)")
    stranger = open_table(pages, fork_id)
    expect(stranger.get_by_test_id("join-form")).to_be_visible()
    expect(stranger.get_by_test_id("fork-bots-button")).to_have_count(0)

    bob.get_by_test_id("fork-bots-button").click()
    expect(bob.get_by_test_id("seat-0")).to_contain_text("Bot 1")
    expect(bob.get_by_test_id("fork-bots-button")).to_have_count(0)  # no free seat left
    expect(stranger.get_by_test_id("join-form")).to_have_count(0)
    screenshot(bob, "fork_with_bots")
    start(bob)
    play_to_end([bob], seed=4)  # the bot answers every hand Bob plays
    expect(bob.get_by_test_id("result")).to_contain_text("Game over")
