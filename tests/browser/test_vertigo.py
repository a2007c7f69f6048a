"""Vertigo through the page: three countries buy their start and play the first turn."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Pages, legal_commands, legal_count, screenshot, shown_version
from tests.browser.flow import play_one, seated_table, wait_versions

pytestmark = pytest.mark.browser


def test_three_countries_play_their_first_turns(pages: Pages) -> None:
    game_id, players = seated_table(pages, "vertigo", ["Ada", "Bob", "Cy"])
    ada = players[0]
    for page in players:
        expect(page.get_by_test_id("vg-board")).to_be_visible()
        expect(page.locator("[data-testid^=vg-country-]")).to_have_count(3)
        # 3 countries x 3 regions x 10 provinces, all drawn.
        expect(page.locator(".vg-province")).to_have_count(90)

    # The awaited player picks a province on his own country, then a command for it.
    mover = next(p for p in players if legal_commands(p))
    target = mover.locator(".vg-province.target").first
    expect(target).to_be_visible()
    province = (target.get_attribute("data-testid") or "").removeprefix("province-")
    before = shown_version(mover)
    target.click()
    picked = mover.get_by_test_id("vg-picked").get_by_test_id("legal-command")
    expect(picked.first).to_be_visible()
    assert all(province in (b.get_attribute("data-command") or "") for b in picked.all())
    picked.first.click()
    wait_versions(players, before + 1)

    # Then legal moves, chosen at random, until the game is well into its first turn.
    rng = random.Random(11)
    for _ in range(60):
        if ada.get_by_test_id("vg-turn").text_content() not in ("0", "1"):
            break
        if play_one(players, lambda _p, cmds, r: r.randrange(len(cmds)), rng) is None:
            break
    # The same seat, in a second tab drawn by the generic board: every legal command a button.
    mover = next(p for p in players if legal_commands(p))
    raw = mover.context.new_page()
    raw.goto(mover.url.split("#")[0] + f"#/game/{game_id}/raw")
    expect(raw.get_by_test_id("legal-panel")).to_be_visible()
    expect(raw.get_by_test_id("legal-command")).to_have_count(legal_count(mover))
    raw.close()
    populated = ada.locator(".vg-province[data-state=populated]").count()
    assert populated >= 3  # each country bought at least one population
    log = ada.get_by_test_id("log").text_content() or ""
    assert "Turn 1 begins" in log
    assert ada.get_by_test_id("vg-council").is_visible()
    screenshot(ada, "vertigo_player")
