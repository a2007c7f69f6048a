"""Rock-paper-scissors through the page, drawn by the generic board (it has no board of its
own): two players and a spectator; a chosen hand stays hidden from the others until the reveal."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Pages, legal_commands, screenshot, shown_version
from tests.browser.flow import play_to_end, seated_table, wait_versions

pytestmark = pytest.mark.browser


def shown(page: Page) -> str:
    """What the page shows of the game, its moves aside: the state and the game's log entries
    (the table's own entries name the game, "Rock paper scissors")."""
    view = page.get_by_test_id("generic-view").text_content() or ""
    table = "/^(table_opened|seat_claimed|game_started)$/"
    entries = page.locator("[data-testid=log-entry]").evaluate_all(
        f"els => els.filter(e => !e.dataset.type.match({table})).map(e => e.textContent)"
    )
    return view + " ".join(entries)


def choose(page: Page, hand: str) -> None:
    before = shown_version(page)
    page.locator(f"[data-testid=legal-command][data-command*='\"{hand}\"']").click()
    wait_versions([page], before + 1)


def test_two_players_play_every_round_on_the_generic_board(pages: Pages) -> None:
    game_id, (ada, bob) = seated_table(pages, "rock_paper_scissors", ["Ada", "Bob"], {"rounds": 3})
    spectator = pages.open(f"/#/game/{game_id}")
    for page in (ada, bob, spectator):
        expect(page.get_by_test_id("generic-view")).to_be_visible()
        expect(page.get_by_test_id("generic-view")).to_contain_text("Rounds")
    for page in (ada, bob):
        assert sorted(c["hand"] for c in legal_commands(page)) == ["paper", "rock", "scissors"]
    assert legal_commands(spectator) == []

    # Ada shows scissors: her page says so, nothing Bob or the spectator see does.
    choose(ada, "scissors")
    wait_versions([bob, spectator], shown_version(ada))
    expect(ada.get_by_test_id("generic-view")).to_contain_text("scissors")
    assert legal_commands(ada) == []
    for page in (bob, spectator):
        expect(page.get_by_test_id("log")).to_contain_text("Hand chosen")
        assert "scissors" not in shown(page).lower()
    screenshot(bob, "rock_paper_scissors_pending")

    # Bob answers paper: both hands are revealed together and Ada's scissors win the round.
    choose(bob, "paper")
    wait_versions([ada, spectator], shown_version(bob))
    for page in (ada, bob, spectator):
        played = page.get_by_test_id("generic-view").locator("table")
        expect(played).to_contain_text("scissors, paper")
        expect(played).to_contain_text("Ada")  # the winner column names the seat
        expect(page.get_by_test_id("generic-view")).to_contain_text("1, 0")
        expect(page.get_by_test_id("log")).to_contain_text("Round revealed")

    # Then the other two rounds, with whatever legal hand, to the end.
    play_to_end([ada, bob], seed=5)
    wait_versions([spectator], shown_version(ada))
    result = ada.get_by_test_id("result").text_content() or ""
    assert "Game over" in result and "Ada" in result and "Bob" in result
    assert spectator.get_by_test_id("result").text_content() == result
    assert legal_commands(ada) == legal_commands(bob) == []
    screenshot(spectator, "rock_paper_scissors_over")
