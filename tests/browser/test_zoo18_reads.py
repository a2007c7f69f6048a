"""18ZOO reads as on 18xx.games: the market's zones, par cells and END with a legend and the
prices moved this round; the turn banner saying the move there is; the powers explained; the
end screen in money; and, on a phone, hexes big enough to tap."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import OUTPUT, Pages, screenshot
from tests.browser.drive import Table
from tests.browser.test_no_raw_values import finished_by_bots

pytestmark = pytest.mark.browser

ONWARD = ("buy_train", "place_token", "par", "pass")  # as test_zoo18.towards_routes


class Reached(Exception):
    pass


class Towards:
    """A pick for Table.play: opens families and buys trains; stops (Reached) at the first
    home tile to lay after a family opened."""

    def __init__(self) -> None:
        self.parred = False

    def __call__(self, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        time.sleep(0.06)  # a person's pace: 20 commands a second per socket at most
        if self.parred and all(c["type"] == "lay_tile" for c in legal):
            raise Reached
        for kind in ONWARD:
            found = [c for c in legal if c["type"] == kind]
            if found:
                self.parred = self.parred or kind == "par"
                return rng.choice(found)
        return rng.choice(legal)


def stopped(base: str, pick: Towards, seed: int = 7) -> Table:
    table = Table(base, "18zoo", ["Ada", "Bob"], {"map": "B"}).start()
    with pytest.raises(Reached):
        table.play(600, pick, seed=seed)
    return table


def awaited_page(pages: Pages, table: Table, width: int, height: int) -> Page:
    for seat in range(len(table.names)):
        page = table.seat_page(pages.open("/", width, height), seat)
        expect(page.get_by_test_id("zoo-board")).to_be_visible(timeout=15_000)
        if page.get_by_test_id("zoo-actions").count():
            return page
        page.context.close()
    raise AssertionError("nobody is awaited")


def test_the_market_shows_its_zones_end_and_the_moves_of_the_round(pages: Pages) -> None:
    # a game the server's bots played to its end: its last operating round moved prices
    over = finished_by_bots(pages.base, "18zoo", 3)
    page = pages.open(f"/#/game/{over.id}", 1366, 900)
    expect(page.get_by_test_id("zoo-board")).to_be_visible(timeout=15_000)
    market = page.get_by_test_id("zoo-market")
    expect(market.locator("td[data-zone='par yellow']")).to_have_count(3)
    expect(market.locator("td[data-zone='par green']")).to_have_count(1)
    expect(market.locator("td[data-zone='par brown']")).to_have_count(1)
    end = market.locator("td[data-zone=end]")
    expect(end).to_have_count(1)
    expect(end).to_contain_text("24 END")
    legend = page.get_by_test_id("zoo-market-legend")
    for words in ("Par price", "3S", "4S Perm", "bonus", "END", "this round began"):
        expect(legend).to_contain_text(words)
    # a family moved this round: said with its old and new prices, its old cell marked
    move = page.get_by_test_id("zoo-market-move").first
    expect(move).to_contain_text("$N")
    family = move.get_attribute("data-family")
    expect(market.locator(f".zoo-fam.was:text-is('{family}')")).to_have_count(1)
    page.get_by_test_id("zoo-market-panel").scroll_into_view_if_needed()
    screenshot(page, "zoo18_market")
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_test_id("zoo-market-panel").scroll_into_view_if_needed()
    screenshot(page, "zoo18_market_phone")


def test_the_banner_says_the_move_and_powers_say_what_they_do(pages: Pages) -> None:
    table = stopped(pages.base, Towards())
    page = awaited_page(pages, table, 1366, 900)
    banner = page.get_by_test_id("zoo-awaited")
    expect(banner).to_contain_text("lay the home tile")
    expect(banner).not_to_contain_text("buy or sell shares")
    helps = page.get_by_test_id("zoo-powers-help")
    helps.locator("summary").click()
    expect(helps.locator("dd").first).to_be_visible()
    chips = page.locator("[data-power]")
    titled = [c.get_attribute("title") for c in chips.all()]
    assert titled and all(t and len(t) > 20 for t in titled), titled


def test_the_end_screen_ranks_by_money(pages: Pages) -> None:
    over = finished_by_bots(pages.base, "18zoo", 2)
    page = pages.open(f"/#/game/{over.id}", 1366, 900)
    result = page.get_by_test_id("result")
    expect(result).to_contain_text("Ranked by money.")
    expect(result.get_by_test_id("result-score").first).to_contain_text("$N")
    text = result.text_content() or ""
    assert "points" not in text and "FIXED" not in text and "_" not in text, text


def test_phone_hexes_are_big_enough_to_tap_and_in_view(pages: Pages) -> None:
    table = stopped(pages.base, Towards())
    page = awaited_page(pages, table, 390, 844)
    hexes = page.locator(".zoo-hex.can-lay")
    expect(hexes.first).to_be_visible()
    for hexagon in hexes.all():
        box = hexagon.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    # the hex chosen is seen whole, below the turn panel kept at the top
    hexes.first.scroll_into_view_if_needed()
    hexes.first.click()
    chosen = page.locator(".zoo-hex.selected, .zoo-hex.previewing").first
    expect(chosen).to_be_visible()
    page.wait_for_timeout(300)
    box = chosen.bounding_box()
    dock = page.get_by_test_id("turn-dock").bounding_box()
    assert box and dock
    assert box["y"] >= dock["y"] + dock["height"] and box["y"] + box["height"] <= 844, (box, dock)
    screenshot(page, "zoo18_phone_turn")
    page.screenshot(path=str(OUTPUT / "zoo18_phone_turn_screen.png"))  # what the phone shows


def test_the_log_says_which_route_ran_and_what_the_family_did(pages: Pages) -> None:
    """A run's line names each train's route and, once chosen, whether the family paid out or
    withheld (the events as the server stores them, worded by the page's own module)."""
    page = pages.open("/")
    lines = page.evaluate(
        """async () => {
            const { describeEvent } = await import("/static/js/boards/zoo18_words.js");
            const run = { type: "run_recorded", family: "CR", revenue: 30, subsidy: 0,
                trains: ["2S-0"], routes: [{ train: "2S-0", connections: [["K9", "L10"],
                ["L10", "M11"]], revenue: 30 }] };
            const step = (name) => ({ type: "flow_changed", flow: { round: "or", step: name } });
            const paid = (payee) => ({ type: "paid", payer: "bank", payee, amount: 6 });
            const after = (events) => ({ following: () => events });
            return [
                describeEvent(run, ["Ada", "Bob"], after([step("dividend")])),
                describeEvent(run, ["Ada", "Bob"],
                    after([step("dividend"), paid("p0"), paid("p1"), step("buy_train")])),
                describeEvent(run, ["Ada", "Bob"],
                    after([step("dividend"), paid("CR"), step("buy_train"), paid("p0")])),
            ];
        }"""
    )
    route = "The Crocodiles run their 2S over K9–L10–M11 (30$N) for 30$N"  # noqa: RUF001
    assert lines == [
        route,
        f"{route}, and pay it out to the shareholders",
        f"{route}, and withhold it (the family keeps it)",
    ], lines
