"""18ZOO's priced moves in the browser (issue 44, item 1): the server sends a price range as
one choice, and the page shows it as one card with a price field and its bounds. A ZOOTicket
sold to the operating family and a train bought from another family are made through their
cards, on a desktop and on a phone; screenshots of both turns go to test-output/."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Pages, screenshot, shown_version
from tests.browser.drive import Table
from tests.browser.flow import wait_versions

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": (1366, 900), "phone": (390, 844)}
ONWARD = ("run_routes", "buy_train", "place_token", "par", "dividend", "pass")

Legal = list[dict[str, Any]]


def onward(legal: Legal, rng: random.Random) -> dict[str, Any]:
    """The shortest way to trains: open families, buy the first train offered, run, pay out,
    pass otherwise; tickets are kept for the operating round."""
    for kind in ONWARD:
        found = [c for c in legal if c["type"] == kind]
        if found:
            return found[0]
    kept = [c for c in legal if c["type"] not in ("sell_ticket", "buy_power")]
    return rng.choice(kept or legal)


def ticket_for_sale(legal: Legal) -> bool:
    return any(c["type"] == "sell_ticket" and c.get("price") is not None for c in legal)


def train_from_a_family(legal: Legal) -> bool:
    prices: dict[str, set[int]] = {}
    for c in legal:
        if c["type"] == "buy_train":
            prices.setdefault(c["train"], set()).add(c["price"])
    return any(len(p) > 1 for p in prices.values())


def drive_until(table: Table, reached: Callable[[Legal], bool], most: int = 400) -> int:
    """Plays onward until the awaited seat is offered what `reached` looks for; that seat."""
    for _ in range(most):
        table.play(1, onward)
        seat = table.awaited()
        if reached(table.legal[seat]):
            return seat
    raise AssertionError("the game never offered it")


def game_view(table: Table, token: str) -> dict[str, Any]:
    answer = httpx.get(
        f"{table.base}/api/games/{table.id}/view", headers={"Authorization": f"Bearer {token}"}
    )
    answer.raise_for_status()
    view: dict[str, Any] = answer.json()["view"]["game"]
    return view


def sell_through_card(page: Page, kind: str, price: int) -> None:
    """Types `price` into the first card of `kind` and sends it; the page shows the move made."""
    card = page.get_by_test_id(f"zoo-price-{kind}").first
    expect(card).to_be_visible()
    field = card.get_by_test_id("zoo-price")
    button = card.get_by_test_id("legal-command")
    low, high = int(card.get_attribute("data-min") or 0), int(card.get_attribute("data-max") or 0)
    assert low <= price <= high
    expect(card.get_by_test_id("zoo-price-bounds")).to_contain_text(f"{low}$N to {high}$N")
    field.fill(str(high + 1))  # past the bound the server sent: nothing to send
    expect(button).to_be_disabled()
    field.fill(str(price))
    expect(button).to_be_enabled()
    expect(button).to_have_text(f"{'Sell' if kind == 'sell_ticket' else 'Buy'} for {price}$N")
    before = shown_version(page)
    button.click()
    wait_versions([page], before + 1)
    expect(page.get_by_test_id("rejection")).to_have_count(0)


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_a_ticket_sale_and_a_train_purchase_are_made_through_their_cards(
    pages: Pages, screen: str
) -> None:
    width, height = VIEWPORTS[screen]
    table = Table(pages.base, "18zoo", ["Ada", "Bob"], {}).start()

    # A president in the operating round may sell a ZOOTicket to the family at a price of
    # their choosing: one card, not a button per price.
    seat = drive_until(table, ticket_for_sale)
    page = table.seat_page(pages.open("/", width, height), seat)
    tickets = page.get_by_test_id("zoo-price-sell_ticket")
    expect(tickets.first).to_be_visible()
    prices = page.locator("[data-testid=legal-command][data-type=sell_ticket]")
    assert prices.count() == tickets.count()  # one button per ticket, whatever its prices
    held = game_view(table, table.tokens[seat])["players"][seat]["tickets"]
    if screen == "phone":  # the turn as the phone's screen shows it, and the whole page
        page.screenshot(
            path=str(screenshot(page, "zoo18-phone-turn-page").with_name("zoo18-phone-turn.png"))
        )
    sell_through_card(page, "sell_ticket", 1)
    after = game_view(table, table.tokens[seat])["players"][seat]["tickets"]
    assert len(after) == len(held) - 1, "the ticket was not sold"

    # A family buys a train from another family: the card names the seller and its president.
    seat = drive_until(table, train_from_a_family)
    page = table.seat_page(pages.open("/", width, height), seat)
    card = page.get_by_test_id("zoo-price-buy_train").first
    view = game_view(table, table.tokens[seat])
    buyer = view["awaiting"]["entity"]
    sellers = [f for f in view["families"] if f["trains"] and f["sym"] != buyer]
    expect(card).to_contain_text("sold by the")  # the seller, then its president
    said = (card.text_content() or "").lower()  # "(H2) GIRAFFES" is shown "Giraffes"
    assert any(f["name"].split(") ")[-1].lower() in said for f in sellers)
    expect(card).to_contain_text(["Ada", "Bob"][sellers[0]["president"]])
    screenshot(page, f"zoo18-train-purchase-{screen}")
    train = card.get_by_test_id("legal-command").get_attribute("data-command") or ""
    sell_through_card(page, "buy_train", int(card.get_attribute("data-min") or 1))
    bought = game_view(table, table.tokens[seat])["families"]
    owned = {t["id"] for f in bought if f["sym"] == buyer for t in f["trains"]}
    assert any(f'"{t}"' in train for t in owned), "the train did not change hands"
