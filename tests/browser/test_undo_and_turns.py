"""Undo by consent and "your turn, anywhere" through the page: the Undo button for the player
who just moved, Accept / Refuse for the others; "Your games" in the lobby, the games awaiting
this browser first; a beep and a notification when it becomes your turn in a background tab;
the lobby's abandoned games."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Pages, legal_count, shown_version

pytestmark = pytest.mark.browser


def seated_game(server: str, game: str = "vertigo", seats: int = 2) -> tuple[str, list[str]]:
    """A started game made through the HTTP API; its id and the seats' tokens."""
    with httpx.Client(base_url=server) as http:
        game_id = http.post("/api/games", json={"game": game, "seats": seats}).json()["game_id"]
        tokens = [
            http.post(f"/api/games/{game_id}/seats", json={"name": f"P{n}"}).json()["token"]
            for n in range(seats)
        ]
        bearer = {"authorization": f"Bearer {tokens[0]}"}
        http.post(f"/api/games/{game_id}/start", headers=bearer, json={})
    return game_id, tokens


def awaiting(server: str, game_id: str) -> list[int]:
    seats: list[int] = httpx.get(f"{server}/api/games/{game_id}").json()["awaiting"]
    return seats


def hold(page: Page, game_id: str, seat: int, token: str) -> None:
    """This browser holds the seat, as joining it from this page would leave it."""
    held = json.dumps({"seat": seat, "token": token, "name": f"P{seat}"})
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)", [f"plateau.seat.{game_id}", held]
    )


def seat_page(pages: Pages, game_id: str, seat: int, token: str, init: str = "") -> Page:
    """A page (its own person) holding `seat`, on the game's table drawn with every legal
    command as a button (`/raw`)."""
    context = pages.browser.new_context(viewport={"width": 1440, "height": 1000})
    context.set_default_timeout(10_000)
    pages.contexts.append(context)
    if init:
        context.add_init_script(init)
    page = context.new_page()
    page.on("pageerror", lambda error: pages.errors.append(str(error)))
    page.goto(pages.base + "/")
    hold(page, game_id, seat, token)
    page.goto(f"{pages.base}/#/game/{game_id}/raw")
    expect(page.get_by_test_id("board")).to_have_attribute("data-game", "vertigo")
    expect(page.get_by_test_id(f"seat-{seat}")).to_contain_text("you")
    return page


def play_first(page: Page, last: bool = False) -> None:
    """The page's first legal command (or its last: in Vertigo's set-up, ending the step)."""
    before = shown_version(page)
    buttons = page.get_by_test_id("legal-command")
    (buttons.last if last else buttons.first).click()
    page.wait_for_function(
        "v => Number(document.querySelector('[data-testid=board]').dataset.version) > v", arg=before
    )


def play_until_awaited(mover: Page, waiter: Page) -> None:
    """The mover plays its last legal command until the waiter has something to do."""
    for _ in range(20):
        play_first(mover, last=True)
        waiter.wait_for_function(
            "v => Number(document.querySelector('[data-testid=board]').dataset.version) >= v",
            arg=shown_version(mover),
        )
        if legal_count(waiter) > 0:
            return
    raise AssertionError("the waiter's turn never came")


def test_undo_asked_accepted_then_refused(pages: Pages, server: str) -> None:
    game_id, tokens = seated_game(server)
    mover_seat = awaiting(server, game_id)[0]
    mover = seat_page(pages, game_id, mover_seat, tokens[mover_seat])
    other = seat_page(pages, game_id, 1 - mover_seat, tokens[1 - mover_seat])
    choices = legal_count(mover)
    expect(mover.get_by_test_id("undo-button")).to_have_count(0)  # nothing played yet

    played = json.loads(
        mover.get_by_test_id("legal-command").first.get_attribute("data-command") or ""
    )
    play_first(mover)
    expect(other.get_by_test_id("undo-button")).to_have_count(0)  # not the other's move
    with mover.expect_request(lambda r: r.url.endswith("/undo") and r.method == "POST") as asked:
        mover.get_by_test_id("undo-button").click()
    assert json.loads(asked.value.post_data or "") == {"command": played}
    expect(mover.get_by_test_id("undo-waiting")).to_be_visible()
    expect(other.get_by_test_id("undo-asked")).to_contain_text(f"P{mover_seat} asks to undo")
    other.get_by_test_id("undo-accept").click()
    for page in (mover, other):
        expect(page.get_by_test_id("log")).to_contain_text("Undone by consent")
        expect(page.get_by_test_id("undo-asked")).to_have_count(0)
        expect(page.get_by_test_id("undo-waiting")).to_have_count(0)
    expect(mover.get_by_test_id("board")).to_have_attribute("data-legal", str(choices))
    expect(mover.get_by_test_id("undo-button")).to_have_count(0)  # an undo is not undone

    play_first(mover)
    mover.get_by_test_id("undo-button").click()
    other.get_by_test_id("undo-refuse").click()
    expect(mover.get_by_test_id("log")).to_contain_text("refuses the undo")
    expect(mover.get_by_test_id("undo-refused")).to_have_text(
        f"P{1 - mover_seat} refused to undo your last move: it stands."
    )
    expect(mover.get_by_test_id("undo-waiting")).to_have_count(0)
    expect(mover.get_by_test_id("undo-button")).to_have_count(0)  # not asked twice
    expect(other.get_by_test_id("undo-asked")).to_have_count(0)
    assert "Undone by consent" in (mover.get_by_test_id("log").text_content() or "")


def test_a_move_lapses_the_undo_request_on_every_page(pages: Pages, server: str) -> None:
    game_id, tokens = seated_game(server)
    mover_seat = awaiting(server, game_id)[0]
    mover = seat_page(pages, game_id, mover_seat, tokens[mover_seat])
    other = seat_page(pages, game_id, 1 - mover_seat, tokens[1 - mover_seat])
    play_first(mover)
    mover.get_by_test_id("undo-button").click()
    expect(other.get_by_test_id("undo-asked")).to_be_visible()
    play_first(mover)  # Vertigo's set-up: still this country's turn; it plays on instead
    for page in (mover, other):
        expect(page.get_by_test_id("undo-waiting")).to_have_count(0)
        expect(page.get_by_test_id("undo-asked")).to_have_count(0)
    expect(mover.get_by_test_id("undo-button")).to_be_visible()  # its new move may be undone


def test_your_games_list_the_games_awaiting_you_first(pages: Pages, server: str) -> None:
    waiting_id, waiting_tokens = seated_game(server)
    turn_id, turn_tokens = seated_game(server)
    idle = 1 - awaiting(server, waiting_id)[0]  # a seat whose turn it is not
    mine = awaiting(server, turn_id)[0]  # a seat whose turn it is
    page = pages.open("/")
    hold(page, waiting_id, idle, waiting_tokens[idle])  # held first: listed first but for turns
    hold(page, turn_id, mine, turn_tokens[mine])
    page.reload()
    rows = page.get_by_test_id("your-game")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-game-id", turn_id)
    expect(rows.nth(0)).to_have_attribute("data-awaiting", "true")
    expect(rows.nth(0).get_by_test_id("your-game-state")).to_have_text("your turn")
    expect(rows.nth(1)).to_have_attribute("data-game-id", waiting_id)
    expect(rows.nth(1).get_by_test_id("your-game-state")).to_have_text("their turn")


# a background tab: hidden, with WebAudio and notifications that count what they are asked
BACKGROUND = """
Object.defineProperty(Document.prototype, "hidden", { get: () => window.__hidden !== false });
window.__beeps = 0;
window.__notes = [];
class FakeAudio {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    return { frequency: {}, connect: (n) => n, start: () => { window.__beeps += 1; }, stop() {} };
  }
  createGain() { return { gain: {}, connect: (n) => n }; }
}
window.AudioContext = FakeAudio;
class FakeNotification {
  constructor(title, options) { window.__notes.push([title, options.body]); }
}
FakeNotification.permission = "granted";
FakeNotification.requestPermission = async () => "granted";
window.Notification = FakeNotification;
"""


def test_your_turn_in_a_background_tab_beeps_and_notifies(pages: Pages, server: str) -> None:
    game_id, tokens = seated_game(server)
    mover_seat = awaiting(server, game_id)[0]
    mover = seat_page(pages, game_id, mover_seat, tokens[mover_seat])
    waiter = seat_page(pages, game_id, 1 - mover_seat, tokens[1 - mover_seat], BACKGROUND)
    assert legal_count(waiter) == 0
    assert waiter.evaluate("window.__beeps") == 0  # the first frame is not news
    play_until_awaited(mover, waiter)
    waiter.wait_for_function("window.__beeps > 0 && window.__notes.length > 0")
    title, body = waiter.evaluate("window.__notes[0]")
    assert title == "Your turn" and "Vertigo" in body
    assert legal_count(waiter) > 0
    assert mover.evaluate("typeof window.__beeps") == "undefined"  # the mover's page: no stub


def test_a_visible_tab_does_not_beep(pages: Pages, server: str) -> None:
    game_id, tokens = seated_game(server)
    mover_seat = awaiting(server, game_id)[0]
    mover = seat_page(pages, game_id, mover_seat, tokens[mover_seat])
    waiter = seat_page(
        pages,
        game_id,
        1 - mover_seat,
        tokens[1 - mover_seat],
        "window.__hidden = false;" + BACKGROUND,
    )
    play_until_awaited(mover, waiter)
    assert waiter.evaluate("window.__beeps") == 0 and waiter.evaluate("window.__notes.length") == 0


def test_the_lobby_shows_abandoned_games_apart(pages: Pages, server: str) -> None:
    game_id, _ = seated_game(server)
    row: dict[str, Any] = httpx.get(f"{server}/api/games/{game_id}").json()
    listed = {"open": [], "live": [], "abandoned": [{**row, "connected": []}], "finished": []}
    page = pages.open("/")
    page.route("**/api/games", lambda route: route.fulfill(json=listed))
    page.reload()
    abandoned = page.get_by_test_id("abandoned-games").get_by_test_id("game-row")
    expect(abandoned).to_have_count(1)
    expect(abandoned).to_have_attribute("data-game-id", game_id)
    expect(abandoned.get_by_test_id("game-row-facts")).to_contain_text("abandoned")
    expect(page.get_by_test_id("live-games").get_by_test_id("game-row")).to_have_count(0)


def test_the_creator_chooses_never_and_no_undo_is_offered(pages: Pages, server: str) -> None:
    page = pages.open("/")
    page.get_by_test_id("new-game-type").select_option("vertigo")
    page.get_by_test_id("new-game-seats").fill("2")
    expect(page.get_by_test_id("new-game-undo")).to_have_value("consent")  # the default
    page.get_by_test_id("new-game-undo").select_option("never")
    with page.expect_request(lambda r: r.url.endswith("/api/games") and r.method == "POST") as made:
        page.get_by_test_id("create-button").click()
    assert json.loads(made.value.post_data or "")["undo"] == "never"
    page.wait_for_url("**/#/game/*")
    game_id = page.url.split("#/game/")[1]
    with httpx.Client(base_url=server) as http:
        tokens = [
            http.post(f"/api/games/{game_id}/seats", json={"name": f"P{n}"}).json()["token"]
            for n in range(2)
        ]
        bearer = {"authorization": f"Bearer {tokens[0]}"}
        http.post(f"/api/games/{game_id}/start", headers=bearer, json={})
    seat = awaiting(server, game_id)[0]
    mover = seat_page(pages, game_id, seat, tokens[seat])
    assert httpx.get(f"{server}/api/games/{game_id}").json()["undo"] == "never"
    play_first(mover)
    mover.wait_for_function("window.plateau.conn.pending.size === 0")  # the ack came
    expect(mover.get_by_test_id("undo-button")).to_have_count(0)  # never offered here


def test_alert_me_on_my_turn_says_what_was_decided(pages: Pages, server: str) -> None:
    """The button does not just vanish once answered: the page says alerts are on, or that
    the browser blocks them."""
    game_id, tokens = seated_game(server)
    page = seat_page(pages, game_id, 0, tokens[0])
    page.get_by_test_id("notify-button").click()  # headless Chromium answers at once
    state = page.get_by_test_id("notify-state")
    expect(state).to_be_visible()
    expect(page.get_by_test_id("notify-button")).to_have_count(0)
    page.context.grant_permissions(["notifications"])
    page.reload()
    expect(state).to_have_text("🔔 Alerts on")
