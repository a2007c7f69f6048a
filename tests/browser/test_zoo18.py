"""18ZOO through the page: map B, the draft and stock round, tiles laid on the map, and routes
drawn by clicking stops with the revenue the server explains."""

from __future__ import annotations

import itertools
import json
import random
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from tests.browser.conftest import Pages, legal_commands, legal_count, screenshot, shown_version
from tests.browser.flow import play_one, seated_table, wait_versions

pytestmark = pytest.mark.browser


def prefer_action(_player: int, commands: list[dict[str, Any]], rng: random.Random) -> int:
    """Random, but rather act than pass, so the game moves on to track laying."""
    acting = [i for i, c in enumerate(commands) if c["type"] not in ("pass", "sell_ticket")]
    return rng.choice(acting or list(range(len(commands))))


TOWARDS_ROUTES = ("run_routes", "buy_train", "place_token", "par", "dividend", "pass")


def towards_routes(_player: int, commands: list[dict[str, Any]], rng: random.Random) -> int:
    """Open families, buy trains and pass otherwise: the shortest way to a first run."""
    for kind in TOWARDS_ROUTES:
        for index, command in enumerate(commands):
            if command["type"] == kind:
                return index
    return rng.randrange(len(commands))


# what a click on a highlighted hex offers, and how the offer to take reads
ON_THE_MAP = {
    "can-lay": ("[data-testid=legal-command]", "Lay the"),
    "can-token": ("[data-type=place_token]", "token"),
}


def through_the_map(page: Page, players: list[Page], mark: str) -> str:
    """Clicks a hex highlighted with `mark` (a tile to lay, a token to place), then the first
    choice it offers (a rotation of a legal tile, a city slot); returns the hex."""
    choice, reads = ON_THE_MAP[mark]
    hexagon = page.locator(f".zoo-hex.{mark}").first
    coord = (hexagon.get_attribute("data-testid") or "").removeprefix("hex-")
    before = shown_version(page)
    hexagon.click()
    offered = page.get_by_test_id("zoo-lay").locator(choice).first
    expect(offered).to_contain_text(reads)
    offered.click()
    wait_versions(players, before + 1)
    return coord


def awaited(players: list[Page], timeout: float = 10) -> Page:
    """The page that has something to do; waits while updates are still on their way (just
    after a move, the mover may have none left before the next seat's update arrives)."""
    deadline = time.monotonic() + timeout
    while True:
        mover = next((p for p in players if legal_count(p)), None)
        if mover is not None:
            return mover
        assert time.monotonic() < deadline, "nobody to act"
        time.sleep(0.05)


def reach_a_run(
    players: list[Page], tokened: list[str] | None = None
) -> tuple[Page, dict[str, Any]]:
    """Plays towards the first operating round where a run over track is offered, laying tiles
    and placing tokens through the map (their hexes added to `tokened`); returns the
    president's page and the first offered run with a route over track."""
    rng = random.Random(5)
    for _ in range(200):
        mover = awaited(players)
        for command in legal_commands(mover):
            if command["type"] == "run_routes" and any(
                len(connection) >= 2
                for route in command["routes"]
                for connection in route["connections"]
            ):
                return mover, command
        if mover.locator(".zoo-hex.can-lay").count():
            through_the_map(mover, players, "can-lay")
        elif mover.locator(".zoo-hex.can-token").count():
            coord = through_the_map(mover, players, "can-token")
            if tokened is not None:
                tokened.append(coord)
        else:
            play_one(players, towards_routes, rng)
    pytest.fail("no route to run in the first operating rounds")


def server_explains(base: str, game_id: str, token: str, command: dict[str, Any]) -> Any:
    """Asks the server directly (its own socket) to explain `command`; the answer frame."""
    url = base.replace("http://", "ws://") + "/ws"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "game_id": game_id, "token": token}))
        ws.send(json.dumps({"type": "explain", "id": "check", "command": command}))
        while True:
            frame = json.loads(ws.recv(timeout=10))
            if frame.get("id") == "check":
                return frame


def click_stop(page: Page, coord: str) -> None:
    page.locator(f"[data-testid^='stop-{coord}-'].can-route").first.click()


def test_a_route_drawn_by_clicking_stops_runs_for_the_revenue_the_server_explains(
    pages: Pages,
) -> None:
    game_id, players = seated_table(pages, "18zoo", ["Ada", "Bob"])
    ada = players[0]
    mover, offered = reach_a_run(players)
    route = next(r for r in offered["routes"] if len(r["connections"][0]) >= 2)
    stops = [route["connections"][0][0], *(c[-1] for c in route["connections"])]
    draw = mover.get_by_test_id("zoo-draw")
    expect(draw).to_be_visible()
    draw.locator(f"[data-testid=zoo-draw-train][data-train='{route['train']}']").click()
    revenue = draw.get_by_test_id("zoo-draw-revenue")
    # One stop is not a route: the server says so in words.
    click_stop(mover, stops[0])
    expect(draw.get_by_test_id("zoo-draw-error")).to_contain_text("one stop")
    for coord in stops[1:]:
        click_stop(mover, coord)
    expect(revenue).to_have_attribute("data-state", "ok")
    expect(draw.get_by_test_id("zoo-draw-stops")).to_contain_text(" → ".join(stops))
    shown = int(revenue.get_attribute("data-revenue") or "-1")
    total = int(revenue.get_attribute("data-total") or "-1")
    # The route is drawn on the map along the track the server found.
    drawn = mover.locator(f"[data-testid=zoo-drawn-route][data-train='{route['train']}']")
    expect(drawn).to_have_attribute("data-state", "explained")
    # A stop too many, then undone: back to the same revenue.
    other = next(
        coord
        for coord in mover.locator(".zoo-stop.can-route").evaluate_all(
            "els => els.map(e => e.dataset.hex)"
        )
        if coord not in stops
    )
    click_stop(mover, other)
    expect(revenue.or_(draw.get_by_test_id("zoo-draw-error"))).not_to_have_attribute(
        "data-state", "asking"
    )
    draw.get_by_test_id("zoo-draw-undo").click()
    expect(revenue).to_have_attribute("data-state", "ok")
    expect(revenue).to_have_attribute("data-total", str(total))
    # Cleared, nothing is left to run; clicked again, the same revenue comes back.
    draw.get_by_test_id("zoo-draw-clear").click()
    expect(draw.get_by_test_id("zoo-draw-stops")).to_contain_text("no stop yet")
    expect(draw.get_by_test_id("zoo-draw-submit")).to_be_disabled()
    expect(drawn).to_have_count(0)
    for coord in stops:
        click_stop(mover, coord)
    expect(draw.get_by_test_id("zoo-draw-stops")).to_contain_text(" → ".join(stops))
    expect(revenue).to_have_attribute("data-state", "ok")
    expect(revenue).to_have_attribute("data-total", str(total))
    # What the page shows is what the server explains for the clicked stops.
    token = mover.evaluate(f"JSON.parse(localStorage.getItem('plateau.seat.{game_id}')).token")
    clicked = {
        "type": "run_routes",
        "routes": [
            {"train": route["train"], "connections": [list(p) for p in itertools.pairwise(stops)]}
        ],
    }
    answer = server_explains(pages.base, game_id, token, clicked)
    assert answer["type"] == "explained", answer
    assert (answer["result"]["revenue"], answer["result"]["total"]) == (shown, total)
    submit = draw.get_by_test_id("zoo-draw-submit")
    assert json.loads(submit.get_attribute("data-command") or "{}") == answer["result"]["command"]
    screenshot(mover, "zoo18_drawn_route")
    before = shown_version(mover)
    submit.click()
    wait_versions(players, before + 1)
    expect(ada.locator("[data-testid=log-entry][data-type=run_recorded]").last).to_have_text(
        re.compile(rf"run their .+ over [A-Z]\d+–.+ for {shown}\$N")  # noqa: RUF001
    )


def test_first_turns_on_map_b(pages: Pages) -> None:
    _, players = seated_table(pages, "18zoo", ["Ada", "Bob", "Cy"], {"map": "B"}, starter=2)
    ada = players[0]
    for page in players:
        expect(page.get_by_test_id("zoo-board")).to_be_visible()
        expect(page.get_by_test_id("zoo-map")).to_be_visible()
    hexes = ada.locator(".zoo-hex").count()
    assert hexes == 91  # map B
    expect(ada.get_by_test_id("zoo-phase")).to_have_text("2S")

    rng = random.Random(5)
    laid: list[str] = []
    for _ in range(150):
        mover = next((p for p in players if legal_count(p)), None)
        if mover is None:
            break
        if (
            mover.locator(".zoo-hex.can-token").count()
            and not mover.locator(".zoo-hex.can-lay").count()
        ):
            through_the_map(mover, players, "can-token")
            continue
        if mover.locator(".zoo-hex.can-lay").count():
            coord = through_the_map(mover, players, "can-lay")
            laid.append(coord)
            for page in players:
                expect(page.get_by_test_id(f"hex-{coord}")).not_to_have_attribute("data-tile", "")
            if len(laid) >= 2:
                break
            continue
        play_one(players, prefer_action, rng)
    assert laid, "no tile was laid in the first turns"
    log = ada.get_by_test_id("log").text_content() or ""
    assert f"on {laid[0]}" in log
    assert ada.locator(".zoo-token").count() >= 1  # home tokens of the opened families
    screenshot(ada, "zoo18_player")


def test_auto_route_shows_the_best_run_to_accept_or_change(pages: Pages) -> None:
    game_id, players = seated_table(pages, "18zoo", ["Ada", "Bob"])
    ada = players[0]
    tokened: list[str] = []
    mover, best = reach_a_run(players, tokened)
    draw = mover.get_by_test_id("zoo-draw")
    revenue = draw.get_by_test_id("zoo-draw-revenue")
    # Nothing is drawn until asked; Auto route draws the server's best run on the map.
    expect(mover.get_by_test_id("zoo-drawn-route")).to_have_count(0)
    draw.get_by_test_id("zoo-auto-route").click()
    expect(revenue).to_have_attribute("data-state", "ok")
    expect(draw.get_by_test_id("zoo-auto-note")).to_be_visible()
    trains = [route["train"] for route in best["routes"]]
    for train in trains:
        expect(
            mover.locator(f"[data-testid=zoo-drawn-route][data-train='{train}']")
        ).to_have_attribute("data-state", "explained")
    assert mover.locator("[data-testid=zoo-drawn-route] polyline").count() >= 1
    # It is the very run the server offers, with the revenue it explains for it.
    token = mover.evaluate(f"JSON.parse(localStorage.getItem('plateau.seat.{game_id}')).token")
    answer = server_explains(pages.base, game_id, token, best)
    assert answer["type"] == "explained", answer
    submit = draw.get_by_test_id("zoo-draw-submit")
    assert json.loads(submit.get_attribute("data-command") or "{}") == best
    total = answer["result"]["total"]
    expect(revenue).to_have_attribute("data-total", str(total))
    # The player may change it: a stop taken back is asked about again, in stop form.
    draw.get_by_test_id("zoo-draw-undo").click()
    expect(draw.get_by_test_id("zoo-auto-note")).to_have_count(0)
    expect(revenue.or_(draw.get_by_test_id("zoo-draw-error"))).not_to_have_attribute(
        "data-state", "asking"
    )
    assert submit.get_attribute("data-command") != json.dumps(best)
    # Auto route again, then accept it: the run is recorded for the explained revenue.
    draw.get_by_test_id("zoo-auto-route").click()
    expect(revenue).to_have_attribute("data-total", str(total))
    screenshot(mover, "zoo18_auto_route")
    before = shown_version(mover)
    submit.click()
    wait_versions(players, before + 1)
    expect(ada.locator("[data-testid=log-entry][data-type=run_recorded]").last).to_have_text(
        re.compile(rf"run their .+ for {answer['result']['revenue']}\$N")
    )
    for coord in tokened:  # tokens placed from the map stand on their hexes
        expect(ada.get_by_test_id(f"hex-{coord}").locator(".zoo-token").first).to_be_visible()


def test_token_cities_are_found_on_the_map(pages: Pages) -> None:
    """City ids name a tile copy (or a preprinted hex) and a city: the board finds the hex."""
    page = pages.open("/")
    found = page.evaluate(
        """async () => {
          const { cityHex } = await import("/static/js/boards/zoo18.js");
          const view = { hexes: [{ hex: "K9", tile: "202-0" }, { hex: "L4", tile: null }] };
          return [cityHex(view, "202-0-0"), cityHex(view, "L4-3-0"), cityHex(view, "9-9-0")];
        }"""
    )
    assert found == ["K9", "L4", None]
