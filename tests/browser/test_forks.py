"""What-if forks in the browser: "Fork from here" on the replay bar opens a new table at the
moment shown, the forker in its own seat, the other seats free with the original names as
labels; it starts when they are taken and plays on. A spectator may fork only a finished game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Pages, legal_commands, screenshot, shown_version
from tests.browser.flow import join, open_table, play_to_end, seated_table, start, wait_versions

pytestmark = pytest.mark.browser


def choose(page: Page, hand: str) -> None:
    before = shown_version(page)
    page.locator(f"[data-testid=legal-command][data-command*='\"{hand}\"']").click()
    wait_versions([page], before + 1)


def fork_here(page: Page, original: str) -> str:
    """Clicks "Fork from here"; the id of the fork the page then opens."""
    page.get_by_test_id("fork-here").click()
    page.wait_for_url(re.compile(rf"#/game/(?!{original})[^/]+$"))
    expect(page.get_by_test_id("fork-origin")).to_contain_text(f"game {original}")
    return page.url.split("#/game/")[1]


def test_a_player_forks_its_game_and_plays_the_fork(pages: Pages) -> None:
    game_id, (ada, bob) = seated_table(pages, "rock_paper_scissors", ["Ada", "Bob"], {"rounds": 3})
    spectator = pages.open(f"/#/game/{game_id}")
    choose(ada, "scissors")
    choose(bob, "paper")  # round 1 to Ada
    choose(ada, "rock")  # round 2: Ada's hand is hers alone
    wait_versions([bob, spectator], shown_version(ada))
    expect(bob.get_by_test_id("fork-here")).to_be_visible()
    expect(spectator.get_by_test_id("replay-bar")).to_be_visible()
    expect(spectator.get_by_test_id("fork-here")).to_be_hidden()  # not while the game runs

    fork_id = fork_here(bob, game_id)
    expect(bob.locator(".seat-chip.me")).to_contain_text("Bob")
    expect(bob.get_by_test_id("seat-1")).to_contain_text("Bob")
    expect(bob.get_by_test_id("seat-0")).to_contain_text("free (was Ada)")
    expect(bob.get_by_test_id("fork-origin")).to_contain_text(f"at step {shown_version(ada)}")
    cy = open_table(pages, fork_id)
    assert join(cy, "Cy") == 0
    start(bob)
    for page in (bob, cy):
        expect(page.get_by_test_id("generic-view")).to_contain_text("1, 0")  # round 1 kept
        expect(page.get_by_test_id("log")).to_contain_text("A what-if fork of game")
    # Ada's seat has a hand (dealt again, seen by Cy alone); Bob is to choose his
    assert sorted(c["hand"] for c in legal_commands(bob)) == ["paper", "rock", "scissors"]
    assert legal_commands(cy) == []
    screenshot(bob, "fork_started")
    play_to_end([bob, cy], seed=3)
    expect(cy.get_by_test_id("result")).to_contain_text("Game over")

    # Ada forks a moment of the past: the fork is made at that moment (or the move before)
    ada.get_by_test_id("replay-slider").fill("9")
    expect(ada.get_by_test_id("past-notice")).to_be_visible()
    past = fork_here(ada, game_id)
    assert past != fork_id
    step = int(
        re.findall(r"at step (\d+)", ada.get_by_test_id("fork-origin").text_content() or "")[0]
    )
    assert 7 <= step <= 9  # a round's hands and its reveal are three versions
    expect(ada.get_by_test_id("seat-0")).to_contain_text("Ada")
    expect(ada.get_by_test_id("seat-1")).to_contain_text("free (was Bob)")


def test_anyone_forks_a_finished_game(pages: Pages) -> None:
    game_id, (ada, bob) = seated_table(pages, "rock_paper_scissors", ["Ada", "Bob"], {"rounds": 2})
    play_to_end([ada, bob], seed=2)
    visitor = pages.open(f"/#/game/{game_id}/replay")
    expect(visitor.get_by_test_id("fork-here")).to_be_visible()
    fork_id = fork_here(visitor, game_id)
    expect(visitor.get_by_test_id("seat-0")).to_contain_text("free (was Ada)")
    expect(visitor.get_by_test_id("seat-1")).to_contain_text("free (was Bob)")
    lobby = pages.open("/")
    row = lobby.locator(f"[data-testid=game-row][data-game-id='{fork_id}']")
    expect(row).to_contain_text(f"what-if fork of {game_id}")
    expect(row).to_have_attribute("data-kind", "open")
