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
    province = target.get_attribute("data-province") or ""
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
    # (The board's own folded list holds every choice too.)
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


def test_the_setup_is_bought_by_clicking_pieces_and_places(pages: Pages) -> None:
    """Setup without the list: pick a piece in the palette, click where it goes."""
    _, players = seated_table(pages, "vertigo", ["Ada", "Bob"])
    mover = next(p for p in players if legal_commands(p))
    seat = int((mover.locator(".seat-chip.me").get_attribute("data-testid") or "").split("-")[1])
    country = mover.get_by_test_id(f"vg-country-{seat}")
    # The list of every choice is there, folded away.
    fallback = mover.get_by_test_id("vg-fallback")
    expect(fallback).to_be_visible()
    assert not fallback.evaluate("e => e.open")

    def pick(tool: str) -> None:
        mover.locator(f"[data-testid=vg-tool][data-tool='{tool}']").click()
        expect(mover.locator(f"[data-testid=vg-tool][data-tool='{tool}']")).to_have_attribute(
            "aria-pressed", "true"
        )

    # Population: every free province of my country is a target; one click buys one.
    pick("setup_population")
    targets = country.locator(".vg-province.target")
    free = country.locator(".vg-province[data-state=free]").count()
    expect(targets).to_have_count(free)
    province = targets.first.get_attribute("data-province")
    before = shown_version(mover)
    targets.first.click()
    wait_versions(players, before + 1)
    expect(country.locator(f".vg-province[data-province='{province}']")).to_have_attribute(
        "data-state", "populated"
    )
    # Other countries are never targets.
    other = mover.get_by_test_id(f"vg-country-{1 - seat}")
    expect(other.locator(".vg-province.target")).to_have_count(0)
    # A scholar goes to a region's box: the region is the target.
    pick("setup_scholar")
    region = country.locator("[data-testid^=region-]").first
    expect(region).to_be_visible()
    before = shown_version(mover)
    idle_before = country.locator(".vg-region-foot").first.text_content() or ""
    region.click()
    wait_versions(players, before + 1)
    assert (country.locator(".vg-region-foot").first.text_content() or "") != idle_before
    # A polluting factory goes on my populated province only.
    pick("setup_factory:polluting")
    expect(country.locator(".vg-province.target")).to_have_count(1)
    expect(country.locator(".vg-province.target")).to_have_attribute(
        "data-province", province or ""
    )
    before = shown_version(mover)
    country.locator(".vg-province.target").click()
    wait_versions(players, before + 1)
    expect(country.locator(f".vg-province[data-province='{province}']")).to_have_attribute(
        "data-factory", "polluting"
    )
    log = mover.get_by_test_id("log").text_content() or ""
    assert f"settles population in {province}" in log
    assert "polluting factory" in log
    screenshot(mover, "vertigo_setup_clicked")
