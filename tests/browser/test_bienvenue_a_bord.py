"""Bienvenue à bord through the page: two players and a spectator play the whole cruise."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Pages, legal_commands, screenshot, shown_version
from tests.browser.flow import play_to_end, seated_table, wait_versions

pytestmark = pytest.mark.browser


def test_two_players_play_the_whole_cruise(pages: Pages) -> None:
    game_id, (ada, bob) = seated_table(pages, "bienvenue_a_bord", ["Ada", "Bob"], starter=1)
    # Anyone may watch a live game from the lobby.
    spectator = pages.open("/")
    row = spectator.locator(f"[data-testid=live-games] [data-game-id='{game_id}']")
    expect(row.get_by_test_id("live-action")).to_have_text("Watch")
    row.get_by_test_id("live-action").click()
    players = [ada, bob]
    for page in [*players, spectator]:
        expect(page.get_by_test_id("bab-board")).to_be_visible()
        expect(page.get_by_test_id("bab-sheet-0")).to_be_visible()
        expect(page.get_by_test_id("bab-sheet-1")).to_be_visible()
    shot = {"done": False}

    # Chat goes through the log, for players and spectators alike.
    ada.get_by_test_id("chat-input").fill("Bon voyage!")
    ada.get_by_test_id("chat-input").press("Enter")
    for page in [*players, spectator]:
        expect(page.locator("[data-testid=log-entry][data-type=chat_posted]")).to_contain_text(
            "Ada: Bon voyage!"
        )

    def after(move: int, player: int, command: dict[str, object]) -> None:
        if command["type"] == "split":
            # The split is public: the spectator sees the two piles, and only the chooser may take.
            wait_versions([spectator], shown_version(players[player]))
            expect(spectator.get_by_test_id("bab-pile-single")).to_be_visible()
            assert not legal_commands(spectator)
            assert not legal_commands(players[player])
        if move >= 30 and not shot["done"] and ada.get_by_test_id("bab-hand-0").count():
            screenshot(ada, "bienvenue_a_bord_player")
            shot["done"] = True

    moves = play_to_end(players, seed=3, each=after)
    assert moves >= 60  # 20 turns: a split, a choice and at least one card to place each
    wait_versions([spectator], shown_version(ada))
    result = ada.get_by_test_id("result").text_content() or ""
    assert "Game over" in result and "Ada" in result and "Bob" in result
    assert spectator.get_by_test_id("result").text_content() == result
    # The generic board draws the same table from the raw view, every legal command a button.
    raw = pages.open(f"/#/game/{game_id}/raw")
    expect(raw.get_by_test_id("generic-view")).to_contain_text("Sheets")
    expect(raw.get_by_test_id("result")).to_have_text(result)
    # The sheet totals shown on the board match the final ranking's points.
    for seat, name in enumerate(["Ada", "Bob"]):
        total = (ada.get_by_test_id(f"bab-total-{seat}").text_content() or "").replace(" VP", "")
        assert f"{name} — {total} points" in result
    # Every cabin drawn on both liners; some were opened and filled during the cruise.
    statuses = ada.locator(".bab-cabin").evaluate_all("els => els.map(e => e.dataset.status)")
    assert len(statuses) == 36
    assert "occupied" in statuses
    screenshot(spectator, "bienvenue_a_bord_over")


def test_the_log_and_the_rules_say_each_rules_version(pages: Pages) -> None:
    """The log words the reasons of both rules versions as they were decided, and How to play
    says today's rules (version 2: issue 31)."""
    page = pages.open("/")
    lines = page.evaluate(
        """async (whys) => {
            const { boardFor } = await import("/static/js/boards/index.js");
            const board = await boardFor("bienvenue_a_bord");
            return whys.map(([why, satisfied, unhappy]) => board.describeEvent(
                { type: "people_checked", seat: 1, satisfied, unhappy, why }, ["Ada", "Bob"]));
        }""",
        [
            ["game_in_cabins", 3, 0],
            ["game_in_cabins", 1, 0],
            ["no_sun_when_taken", 0, 1],
            ["game", 4, 0],
            ["no_sun", 0, 1],
        ],
    )
    assert lines == [
        "Bob: +3 satisfied (3 game symbols in the cabins)",
        "Bob: +1 satisfied (1 game symbol in the cabins)",
        "Bob: +1 unhappy (no sun symbol when the passenger was taken)",
        "Bob: +4 satisfied (a game symbol)",  # version 1: the bonus box counted
        "Bob: +1 unhappy (no sun symbol)",  # version 1: checked when resolved
    ]
    _, (ada, _) = seated_table(pages, "bienvenue_a_bord", ["Ada", "Bob"], starter=0)
    panel = ada.get_by_test_id("how-to-play")
    panel.locator("summary").click()
    expect(panel).to_contain_text("the symbols you had when you took his card")
    expect(panel).to_contain_text("one drawn by a card of the same turn comes too late")
    expect(panel).to_contain_text("one person per Game in your cabins")
    expect(panel).to_contain_text("a Game there satisfies nobody")
