"""The New table form as a newcomer sees it: 18ZOO's options for 18xx.games players folded
away (the import's own option not offered at all), as many seats as the map is made for,
and every choice readable on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Pages, screenshot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("width", "height"), [(1366, 900), (390, 844)])
def test_new_table_form_for_18zoo(pages: Pages, width: int, height: int) -> None:
    page = pages.open("/", width, height)
    page.get_by_test_id("new-game-type").select_option("18zoo")
    seats = page.get_by_test_id("new-game-seats")
    # map A is made for 2-3 players: 3 seats, said so
    expect(page.get_by_test_id("option-map")).to_have_value("A")
    expect(seats).to_have_value("3")
    expect(page.get_by_test_id("new-game-seats-note")).to_have_text(
        "Map A is made for 2\u20133 players."
    )
    page.get_by_test_id("option-map").select_option("D")
    expect(seats).to_have_value("5")
    seats.fill("4")
    page.get_by_test_id("option-map").select_option("E")
    expect(seats).to_have_value("4")  # a count that fits stays
    page.get_by_test_id("option-map").select_option("B")
    expect(seats).to_have_value("3")
    # only imported games are "imported"; the download option waits in a fold
    expect(page.get_by_test_id("option-imported")).to_have_count(0)
    expect(page.get_by_test_id("option-exportable")).to_be_hidden()
    fold = page.get_by_test_id("new-game-advanced")
    expect(fold).to_contain_text("For 18xx.games players")
    fold.locator("summary").click()
    expect(page.get_by_test_id("option-exportable")).to_be_visible()
    expect(page.get_by_test_id("option-help-exportable")).to_contain_text(
        "Leave it off unless you want the download."
    )
    expect(page.get_by_test_id("option-help-map")).to_contain_text("B: Crocodiles, Giraffes")
    # every choice reads whole: no option wider than its select
    expect(page.get_by_test_id("new-game-undo").locator("option").first).to_have_text(
        "if the others accept"
    )
    page.get_by_test_id("new-game-bot-1").check()  # shows the bots' level
    cut = page.get_by_test_id("create-form").evaluate(
        """form => {
            const probe = document.createElement("span");
            probe.style.position = "absolute";
            document.body.append(probe);
            const cut = [];
            for (const select of form.querySelectorAll("select")) {
                if (!select.offsetParent) continue;
                probe.style.font = getComputedStyle(select).font;
                for (const option of select.options) {
                    probe.textContent = option.text;
                    if (probe.offsetWidth + 24 > select.clientWidth) cut.push(option.text);
                }
            }
            probe.remove();
            return cut;
        }"""
    )
    assert not cut, cut
    screenshot(page, f"new_table_18zoo_{width}")
