"""Eiffel Mania's negotiation table with cards on it: the partner's box stays whole inside
its panel at every width, and the principal's offer says who picks first from its side."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Pages, screenshot
from tests.browser.drive import Table

pytestmark = pytest.mark.browser


class Reached(Exception):
    pass


def until(kind: str):  # type: ignore[no-untyped-def]
    """A pick for Table.play that stops (raising Reached) when `kind` is offered."""

    def pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        if any(c["type"] == kind for c in legal):
            raise Reached
        return rng.choice([c for c in legal if c["type"] != "offer_arrangement"] or legal)

    return pick


def any_of(legal: list[dict[str, Any]], kind: str) -> bool:
    return any(c["type"] == kind for c in legal)


@pytest.mark.parametrize(("width", "height"), [(1366, 900), (1024, 768), (390, 844)])
def test_the_partner_box_is_whole_with_cards_on_the_table(
    pages: Pages, width: int, height: int
) -> None:
    # each table deals from its own secret: a few tables are tried until a seat offered a card
    # to pick shows its partner beside the cards
    found = None
    for attempt in range(3):
        table = Table(pages.base, "eiffel_mania", ["Ada", "Bob", "Cy", "Dee"], {}).start()
        with pytest.raises(Reached):
            table.play(400, until("pick_card"), seed=3 + attempt)
        for seat in [s for s, legal in enumerate(table.legal) if any_of(legal, "pick_card")]:
            page = table.seat_page(pages.open("/", width, height), seat)
            expect(page.get_by_test_id("em-negotiation")).to_be_visible()
            expect(page.locator("button.em-pick").first).to_be_visible()
            try:  # drawn with the pick, or a moment after
                expect(page.get_by_test_id("em-partner")).to_be_visible(timeout=3_000)
                found = page
                break
            except AssertionError:
                continue
        if found is not None:
            break
    assert found is not None, "no seat offered a pick showed its partner in three tables"
    page = found
    expect(page.locator("[data-testid=em-table-card]").first).to_be_visible()
    for _ in range(30):  # measured between redraws (presence changes redraw the board)
        panel = page.get_by_test_id("em-negotiation").bounding_box()
        partner = page.get_by_test_id("em-partner").bounding_box()
        if panel and partner:
            break
        page.wait_for_timeout(100)
    assert panel and partner
    assert (
        partner["x"] >= panel["x"]
        and partner["x"] + partner["width"] <= panel["x"] + panel["width"]
    ), (partner, panel)
    page.get_by_test_id("em-negotiation").scroll_into_view_if_needed()
    screenshot(page, f"eiffel_cards_on_the_table_{width}")


def test_the_principal_offers_that_the_partner_picks_first(pages: Pages) -> None:
    table = Table(pages.base, "eiffel_mania", ["Ada", "Bob", "Cy"], {}).start()
    with pytest.raises(Reached):
        table.play(400, until("offer_arrangement"), seed=5)
    for seat in range(3):
        page = table.seat_page(pages.open("/", 1366, 900), seat)
        expect(page.get_by_test_id("em-negotiation")).to_be_visible()
        offers = page.locator("[data-testid=legal-command][data-type=offer_arrangement]")
        if offers.count():
            break
    expect(offers.first).to_be_visible()
    words = " ".join(offers.all_text_contents())
    assert "my partner picks first" in words and "you pick first" not in words
    assert page.get_by_test_id("em-principal").text_content()
    expect(page.get_by_test_id("em-principal")).to_contain_text(
        page.locator(".seat-chip.me .seat-name").text_content() or "?"
    )
