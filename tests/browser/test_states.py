"""Clear states and help: the replay bar only with history, "Back to live" only in the past, a
lost connection greys the moves until it is back, spectators are told they watch and get no
chat box, the lobby describes every game and shows moves instead of versions, every table has
How to play, a favicon loads; 18ZOO's tile choice is drawn, previewed, turned and zoomed, and a
finished 18ZOO game offers its download for 18xx.games."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Pages, legal_count, shown_version
from tests.browser.drive import Table
from tests.browser.flow import wait_versions

pytestmark = pytest.mark.browser


def drop_connection(page: Page) -> None:
    """Closes the page's socket and holds the reconnection until resume() is called."""
    page.evaluate(
        "() => { const c = window.plateau.conn; const again = c.connect.bind(c);"
        " c.connect = () => { window.resumeNow = again; }; c.ws.close(); }"
    )


def test_replay_bar_lost_connection_and_spectators(pages: Pages) -> None:
    table = Table(pages.base, "eiffel_mania", ["Ada", "Bob", "Cy"], {})
    ada = table.seat_page(pages.open("/"), 0)
    expect(ada.get_by_test_id("pregame")).to_be_visible()
    # Before the start there is nothing to replay: no bar.
    expect(ada.get_by_test_id("replay-bar")).to_be_hidden()
    expect(ada.get_by_test_id("how-to-play")).to_have_attribute("open", "")
    table.start()
    expect(ada.get_by_test_id("em-board")).to_be_visible()
    version = table.play(3)
    wait_versions([ada], version)
    # Now there is a history: the bar shows, live, without "Back to live".
    expect(ada.get_by_test_id("replay-bar")).to_be_visible()
    expect(ada.get_by_test_id("go-live")).to_be_hidden()
    expect(ada.get_by_test_id("replay-label")).to_have_text("live")
    ada.get_by_test_id("log-entry").first.click()
    expect(ada.get_by_test_id("go-live")).to_be_visible()
    expect(ada.get_by_test_id("past-notice")).to_contain_text("step")
    ada.get_by_test_id("go-live").click()
    expect(ada.get_by_test_id("go-live")).to_be_hidden()
    expect(ada.get_by_test_id("how-to-play")).not_to_have_attribute("open", "")

    # A spectator is told so, and has no chat box.
    watcher = pages.open(f"/#/game/{table.id}")
    expect(watcher.get_by_test_id("watching")).to_have_text("You are watching")
    expect(watcher.get_by_test_id("chat-input")).to_be_hidden()
    expect(watcher.get_by_test_id("chat-note")).to_be_visible()
    expect(ada.get_by_test_id("watching")).to_be_hidden()
    expect(ada.get_by_test_id("chat-input")).to_be_visible()

    # The player whose move it is loses the connection: moves greyed and said so.
    mover_seat = table.awaited()
    mover = ada if mover_seat == 0 else table.seat_page(pages.open("/"), mover_seat)
    expect(mover.get_by_test_id("legal-command").first).to_be_enabled()
    drop_connection(mover)
    lost = mover.get_by_test_id("connection-lost")
    expect(lost).to_be_visible()
    expect(lost).to_contain_text("Connection lost")
    expect(mover.get_by_test_id("table-page")).to_have_attribute("data-connection", "lost")
    buttons = mover.get_by_test_id("legal-command")
    assert buttons.count() > 0
    for index in range(buttons.count()):
        expect(buttons.nth(index)).to_be_disabled()
    expect(mover.get_by_test_id(f"seat-{mover_seat}-online")).to_have_text("?")
    expect(mover.get_by_test_id("chat-input")).to_be_disabled()
    # Back: the notice goes, the moves work again.
    mover.wait_for_function("() => typeof window.resumeNow === 'function'")
    mover.evaluate("window.resumeNow()")
    expect(lost).to_have_count(0)
    expect(mover.get_by_test_id("legal-command").first).to_be_enabled()
    expect(mover.get_by_test_id(f"seat-{mover_seat}-online")).to_have_text("online")


def test_lobby_describes_games_and_shows_moves_not_versions(pages: Pages) -> None:
    table = Table(pages.base, "vertigo", ["Ada", "Bob"], {}).start()
    table.play(4)
    failed: list[str] = []
    lobby = pages.open("/")
    lobby.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    lobby.reload()
    descriptions = lobby.get_by_test_id("game-description")
    expect(descriptions).to_have_count(len(httpx.get(f"{pages.base}/api/games/types").json()))
    for game, players in [
        ("eiffel_mania", "3\u20134 players"),
        ("bienvenue_a_bord", "2 players"),
        ("vertigo", "2\u20134 players"),
        ("18zoo", "2\u20135 players"),
    ]:
        row = lobby.locator(f"[data-testid=game-description][data-game='{game}']")
        expect(row).to_contain_text(players)
        assert len(row.text_content() or "") > 60
    # 18ZOO's maps and options are explained in the form.
    lobby.get_by_test_id("new-game-type").select_option("18zoo")
    expect(lobby.get_by_test_id("new-game-line")).to_contain_text("18xx")
    expect(lobby.get_by_test_id("option-help-map")).to_be_visible()
    options = lobby.get_by_test_id("option-map").locator("option").all_text_contents()
    assert len(options) == 6 and all(o.endswith(" players") for o in options), options
    expect(lobby.get_by_test_id("option-help-map")).to_contain_text("hexes")  # the chosen one
    for rule, words in [
        ("power_visible", "Powers visible"),
        ("base_2", "Base 2"),
        ("base_3", "Base 3"),
    ]:
        expect(lobby.get_by_test_id(f"option-{rule}")).not_to_be_checked()  # the site's rules, off
        expect(lobby.get_by_test_id(f"option-help-{rule}")).to_contain_text(words)
    # A live game's row says how it stands in words, never "v12".
    row = lobby.locator(f"[data-testid=live-games] [data-game-id='{table.id}']")
    facts = row.get_by_test_id("game-row-facts")
    expect(facts).to_contain_text("in play")
    assert not re.search(r"\bv\d+", row.text_content() or "")
    # Moves and the time of the last move, as words, when the listing carries them.
    words = lobby.evaluate(
        """async () => {
            const { rowFacts } = await import("/static/js/lobby.js");
            const now = Date.parse("2025-01-01T12:00:00Z");
            const item = { seats: 3, names: ["a", "b", "c"], moves: 42,
                           last_move_at: "2025-01-01T11:57:00Z" };
            return [rowFacts(item, "live", now), rowFacts({ ...item, moves: 1 }, "finished", now),
                    rowFacts({ seats: 3, names: ["a"] }, "open", now)];
        }"""
    )
    assert words == [
        "in play · 42 moves · last move 3 min ago",
        "finished · 1 move · last move 3 min ago",
        "1 of 3 seats taken, 2 seats free",
    ]
    # The favicon is declared and served; nothing the page loads is missing.
    icon = lobby.locator("link[rel=icon]").get_attribute("href") or ""
    assert lobby.request.get(pages.base + icon).ok
    assert not failed, failed


@pytest.mark.parametrize("game", ["eiffel_mania", "bienvenue_a_bord", "vertigo", "18zoo"])
def test_every_table_says_how_to_play(pages: Pages, game: str) -> None:
    names = ["Ada", "Bob"] if game != "eiffel_mania" else ["Ada", "Bob", "Cy"]
    table = Table(pages.base, game, names, {}).start()
    page = table.seat_page(pages.open("/"), 0)
    panel = page.get_by_test_id("how-to-play")
    expect(panel).to_be_visible()
    panel.locator("summary").click()
    for part in ("Goal", "A turn", "On this page", "The end"):
        expect(panel).to_contain_text(part)
    assert len(panel.text_content() or "") > 500


def lay_hex(page: Page) -> str:
    hexagon = page.locator(".zoo-hex.can-lay").first
    return (hexagon.get_attribute("data-testid") or "").removeprefix("hex-")


def test_zoo18_tiles_are_chosen_as_pictures_previewed_and_turned(pages: Pages) -> None:
    table = Table(pages.base, "18zoo", ["Ada", "Bob"], {"map": "B"}).start()
    # Open a family: its president then lays its home tile, and the lays are ours to see.
    pick_par = lambda legal, rng: next(  # noqa: E731
        (c for c in legal if c["type"] == "par"),
        next((c for c in legal if c["type"] != "bid"), legal[0]),
    )
    for _ in range(12):
        table.play(1, pick_par)
        if any(c["type"] == "lay_tile" for options in table.legal for c in options):
            break
    seat = next(
        s for s, options in enumerate(table.legal) if any(c["type"] == "lay_tile" for c in options)
    )
    page = table.seat_page(pages.open("/"), seat)
    expect(page.get_by_test_id("zoo-map")).to_be_visible()
    expect(page.get_by_test_id("zoo-legend")).to_be_visible()
    coord = lay_hex(page)
    page.get_by_test_id(f"hex-{coord}").click()
    options = page.get_by_test_id("zoo-tile-option")
    expect(options.first).to_be_visible()
    # Tiles are drawn as tiles: a hex with track (and a city on a home hex).
    assert options.first.locator("svg .zoo-track").count() >= 1
    preview = page.get_by_test_id("zoo-preview")
    expect(preview).to_have_count(1)
    confirm = page.get_by_test_id("zoo-lay").get_by_test_id("legal-command")
    first = json.loads(confirm.get_attribute("data-command") or "{}")
    assert preview.get_attribute("data-rotation") == str(first["rotation"])
    assert preview.get_attribute("data-tile") == first["tile"]
    # Turned by the button, the R key and a click on the hex: each a rotation that fits.
    offered = {
        c["rotation"]
        for c in table.legal[seat]
        if c["type"] == "lay_tile" and c["hex"] == coord and c["tile"] == first["tile"]
    }
    seen = {first["rotation"]}
    if len(offered) > 1:
        page.get_by_test_id("zoo-rotate").click()
        expect(preview).not_to_have_attribute("data-rotation", str(first["rotation"]))
        seen.add(int(preview.get_attribute("data-rotation") or "-1"))
        page.locator("body").press("r")
        page.get_by_test_id(f"hex-{coord}").click()
        seen.add(int(preview.get_attribute("data-rotation") or "-1"))
        assert seen <= offered and len(seen) >= 2
    chosen = json.loads(confirm.get_attribute("data-command") or "{}")
    assert chosen["rotation"] == int(preview.get_attribute("data-rotation") or "-1")
    # Zoom in and out keeps the choice; the whole map comes back.
    svg = page.get_by_test_id("zoo-map")
    page.get_by_test_id("zoo-zoom-in").click()
    assert float(svg.get_attribute("data-zoom") or "0") > 1.2
    svg.hover()
    page.mouse.wheel(0, -300)
    page.wait_for_function(
        "() => Number(document.querySelector('[data-testid=zoo-map]').dataset.zoom) > 1.6"
    )
    page.get_by_test_id("zoo-zoom-fit").click()
    expect(svg).to_have_attribute("data-zoom", "1.00")
    expect(preview).to_have_attribute("data-rotation", str(chosen["rotation"]))
    # Confirmed, the tile lies on the map as previewed.
    before = shown_version(page)
    confirm.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-testid=board]').dataset.version) > {before}"
    )
    hexagon = page.get_by_test_id(f"hex-{coord}")
    expect(hexagon).not_to_have_attribute("data-tile", "")
    expect(hexagon).to_have_attribute("data-rotation", str(chosen["rotation"]))


def test_a_finished_zoo18_game_links_its_download_for_18xx(pages: Pages) -> None:
    running = Table(pages.base, "18zoo", ["Ada", "Bob"], {"exportable": True}).start()
    page = running.seat_page(pages.open("/"), 0)
    expect(page.get_by_test_id("zoo-board")).to_be_visible()
    expect(page.get_by_test_id("zoo-export")).to_have_count(0)

    # A game where everybody passes: no family opens, the days go by and the game ends.
    def everybody_passes(options: dict[str, Any]) -> Table:
        table = Table(pages.base, "18zoo", ["Ada", "Bob"], options).start()
        table.play(
            500, lambda legal, rng: next((c for c in legal if c["type"] == "pass"), legal[0])
        )
        assert httpx.get(f"{pages.base}/api/games/{table.id}").json()["over"]
        return table

    # dealt by Plateau's own shuffle (the default): nothing the site could replay is offered
    plain = everybody_passes({}).seat_page(pages.open("/"), 0)
    expect(plain.get_by_test_id("table-status")).to_have_text("finished")
    expect(plain.get_by_test_id("zoo-export")).to_have_count(0)
    finished = everybody_passes({"exportable": True})
    over = finished.seat_page(pages.open("/"), 0)
    expect(over.get_by_test_id("table-status")).to_have_text("finished")
    link = over.get_by_test_id("zoo-export")
    expect(link).to_have_text("Download for 18xx.games")
    assert link.get_attribute("href") == f"/api/games/{finished.id}/export/18xx"
    assert legal_count(over) == 0
