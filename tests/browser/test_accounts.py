"""Accounts in the page, with Chromium's virtual authenticator (the DevTools protocol's WebAuthn
domain): a person creates an account with a passkey on a laptop, where a seat taken before is
attached to it, and takes a seat there; on a phone (another browser context, the passkey
synced to it) they sign in, find both games among "Your games", open one and play on from
their seat, without its token. Then a rated game ranks two accounts."""

from __future__ import annotations

import json
import random
import re
import uuid
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from domain.choices import expand, from_wire
from tests.browser.conftest import Pages, screenshot, shown_version
from tests.browser.flow import (
    create_table,
    join,
    play_one,
    play_to_end,
    random_choice,
    start,
    wait_versions,
)

pytestmark = pytest.mark.browser


def authenticator(page: Page) -> tuple[Any, str]:
    """A platform authenticator for the page's browser context, always touched and verified."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return cdp, added["authenticatorId"]


@pytest.fixture
def local(pages: Pages) -> Pages:
    # a passkey's relying party is a domain: the page is opened as localhost, not 127.0.0.1
    pages.base = pages.base.replace("127.0.0.1", "localhost")
    return pages


def test_an_account_finds_its_seat_on_another_device_and_plays_on(local: Pages) -> None:
    name = f"Ann {uuid.uuid4().hex[:6]}"
    laptop = local.open("/")
    laptop_cdp, laptop_key = authenticator(laptop)
    # a seat taken before there was an account: attached to it once the account is made
    earlier = create_table(laptop, "rock_paper_scissors", 2)
    join(laptop, "Ann")
    laptop.goto(local.base + "/#/")
    laptop.get_by_test_id("account-name").fill(name)
    laptop.get_by_test_id("account-create").click()
    expect(laptop.get_by_test_id("account-signed-in")).to_contain_text(name)

    game_id = create_table(laptop, "bienvenue_a_bord", 2)
    seat = join(laptop, "Ann")
    with httpx.Client(base_url=local.base, headers={"content-type": "application/json"}) as guest:
        theirs = guest.post(f"/api/games/{game_id}/seats", json={"name": "Guest"}).json()["token"]
        started = guest.post(
            f"/api/games/{game_id}/start", json={}, headers={"authorization": f"Bearer {theirs}"}
        )
        assert started.status_code == 200, started.text

    # the passkey, synced to the phone by the platform
    [passkey] = laptop_cdp.send("WebAuthn.getCredentials", {"authenticatorId": laptop_key})[
        "credentials"
    ]
    phone = local.open("/")
    phone_cdp, phone_key = authenticator(phone)
    phone_cdp.send("WebAuthn.addCredential", {"authenticatorId": phone_key, "credential": passkey})
    expect(phone.get_by_test_id("your-games-panel")).to_be_hidden()
    phone.get_by_test_id("account-sign-in").click()
    expect(phone.get_by_test_id("account-signed-in")).to_contain_text(name)
    row = phone.locator(f"[data-testid=your-game][data-game-id='{game_id}']")
    expect(row).to_be_visible()
    expect(phone.locator(f"[data-testid=your-game][data-game-id='{earlier}']")).to_be_visible()
    screenshot(phone, "account_your_games")
    row.locator("a").click()
    phone.wait_for_url(re.compile(rf"#/game/{game_id}$"))
    expect(phone.locator(".seat-chip.me")).to_have_attribute("data-testid", f"seat-{seat}")
    held = json.loads(phone.evaluate(f"localStorage.getItem('plateau.seat.{game_id}')"))
    assert held["token"] is None and held["seat"] == seat  # played with the session alone

    # play on: the phone moves Ann's seat, the guest moves by its token over its own socket
    rng, phone_moves = random.Random(1), 0
    for _ in range(8):
        version = shown_version(phone)
        if guest_move(local.base, game_id, theirs):
            wait_versions([phone, laptop], version + 1)
            continue
        expect(phone.get_by_test_id("legal-command").first).to_be_attached()
        assert play_one([phone], random_choice, rng)
        phone_moves += 1
        wait_versions([laptop], shown_version(phone))
    assert phone_moves >= 2
    assert shown_version(laptop) == shown_version(phone)
    # the phone's account seat: nothing refused, and the laptop holds the seat by its token
    assert not phone.get_by_test_id("rejection").count()
    expect(laptop.locator(".seat-chip.me")).to_have_attribute("data-testid", f"seat-{seat}")

    # signing out everywhere from the phone: the laptop's session is gone too
    phone.goto(local.base + "/#/")
    phone.get_by_test_id("account-sign-out-everywhere").click()
    expect(phone.get_by_test_id("account-sign-in")).to_be_visible()
    laptop.goto(local.base + "/#/")
    expect(laptop.get_by_test_id("account-sign-in")).to_be_visible()


def guest_move(base: str, game_id: str, token: str, last: bool = False) -> int:
    """The guest plays its first legal move (or its last: in Vertigo's set-up, ending the
    step) over its own socket; 1 if it had one."""
    with connect(base.replace("http", "ws") + "/ws") as ws:
        ws.send(json.dumps({"type": "hello", "game_id": game_id, "token": token}))
        ws.recv()
        snap = json.loads(ws.recv())
        legal = expand(from_wire(snap["legal"]))  # a choice left open, as every command it holds
        if not legal:
            return 0
        command = {"type": "command", "id": uuid.uuid4().hex, "seen_version": snap["version"]}
        ws.send(json.dumps({**command, "command": legal[-1 if last else 0]}))
        while json.loads(ws.recv()).get("id") != command["id"]:
            pass
    return 1


def synced_phone(local: Pages, laptop_cdp: Any, laptop_key: str, name: str) -> Page:
    """A second device whose platform synced the laptop's passkey, signed in with it."""
    [passkey] = laptop_cdp.send("WebAuthn.getCredentials", {"authenticatorId": laptop_key})[
        "credentials"
    ]
    phone = local.open("/")
    phone_cdp, phone_key = authenticator(phone)
    phone_cdp.send("WebAuthn.addCredential", {"authenticatorId": phone_key, "credential": passkey})
    phone.get_by_test_id("account-sign-in").click()
    expect(phone.get_by_test_id("account-signed-in")).to_contain_text(name)
    return phone


def signed_up(local: Pages, name: str) -> tuple[Page, Any, str]:
    """A page whose person made an account `name`; the page's authenticator (CDP, id)."""
    page = local.open("/")
    cdp, key = authenticator(page)
    page.get_by_test_id("account-name").fill(name)
    page.get_by_test_id("account-create").click()
    expect(page.get_by_test_id("account-signed-in")).to_contain_text(name)
    return page, cdp, key


def test_a_rated_game_ranks_its_players(local: Pages) -> None:
    tag = uuid.uuid4().hex[:6]
    ann, bob = signed_up(local, f"Ann {tag}")[0], signed_up(local, f"Bob {tag}")[0]
    ann.get_by_test_id("new-game-type").select_option("rock_paper_scissors")
    ann.get_by_test_id("new-game-seats").fill("2")
    ann.get_by_test_id("new-game-rated").check()
    ann.get_by_test_id("create-button").click()
    ann.wait_for_url(re.compile(r"#/game/[^/]+$"))
    game_id = ann.url.split("#/game/")[1]
    bob.goto(f"{local.base}/#/game/{game_id}")
    join(ann, "Ann")
    join(bob, "Bob")
    start(ann)
    play_to_end([ann, bob], seed=48)
    # once over, the rating each has now beside each name
    for page in (ann, bob):
        for seat in (0, 1):
            expect(page.get_by_test_id(f"seat-{seat}-rating")).to_have_text(
                re.compile(r"-?\d+\.\d")
            )
    screenshot(bob, "rated_table")
    ann.goto(f"{local.base}/#/")
    ann.get_by_test_id("ratings-game").select_option("rock_paper_scissors")
    board = ann.get_by_test_id("leaderboard")
    expect(board).to_contain_text(f"Ann {tag}")
    expect(board).to_contain_text(f"Bob {tag}")
    board.get_by_role("link", name=f"Bob {tag}").click()
    expect(ann.get_by_test_id("player-name")).to_have_text(f"Bob {tag}")
    expect(ann.locator(f"[data-testid=player-game][data-game-id='{game_id}']")).to_contain_text(
        "place"
    )
    screenshot(ann, "player_page")


def test_passkeys_are_added_and_removed_in_the_panel(local: Pages) -> None:
    page, cdp, key = signed_up(local, f"Kim {uuid.uuid4().hex[:6]}")
    keys = page.get_by_test_id("account-passkey")
    expect(keys).to_have_count(1)
    expect(page.get_by_test_id("account-passkey-remove")).to_be_disabled()  # the last stays
    first = keys.first.get_attribute("data-passkey-id")
    # another authenticator (this one already holds the account's passkey, which is excluded)
    cdp.send("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": key})
    authenticator(page)
    page.get_by_test_id("account-passkey-add").click()
    expect(keys).to_have_count(2)
    page.locator(f"[data-passkey-id='{first}'] [data-testid=account-passkey-remove]").click()
    expect(keys).to_have_count(1)
    assert keys.first.get_attribute("data-passkey-id") != first


def test_the_phone_asks_an_undo_and_hands_its_seat_to_a_bot_without_a_token(
    local: Pages,
) -> None:
    name = f"Uma {uuid.uuid4().hex[:6]}"
    laptop, laptop_cdp, laptop_key = signed_up(local, name)
    game_id = create_table(laptop, "vertigo", 2)
    seat = join(laptop, "Uma")
    with httpx.Client(base_url=local.base, headers={"content-type": "application/json"}) as guest:
        theirs = guest.post(f"/api/games/{game_id}/seats", json={"name": "Guest"}).json()["token"]
        started = guest.post(
            f"/api/games/{game_id}/start", json={}, headers={"authorization": f"Bearer {theirs}"}
        )
        assert started.status_code == 200, started.text
    phone = synced_phone(local, laptop_cdp, laptop_key, name)
    # the table drawn with every legal command as a button
    phone.goto(f"{local.base}/#/game/{game_id}/raw")
    expect(phone.locator(".seat-chip.me")).to_have_attribute("data-testid", f"seat-{seat}")
    for _ in range(40):  # the guest plays until the phone has a move (who sets up first is dealt)
        if phone.get_by_test_id("legal-command").count():
            break
        if not guest_move(local.base, game_id, theirs, last=True):
            phone.wait_for_timeout(250)
    expect(phone.get_by_test_id("legal-command").first).to_be_attached()

    # the phone's move, then its undo asked: by the session, the seat named, no token
    version = shown_version(phone)
    phone.get_by_test_id("legal-command").first.click()
    wait_versions([phone], version + 1)
    undo = phone.get_by_test_id("undo-button")
    with phone.expect_request(lambda r: "/undo" in r.url and r.method == "POST") as asked:
        undo.click()
    assert asked.value.url.endswith(f"/undo?seat={seat}")
    assert "authorization" not in asked.value.headers
    expect(phone.get_by_test_id("undo-waiting")).to_be_visible()
    with httpx.Client(base_url=local.base, headers={"content-type": "application/json"}) as guest:
        refused = guest.post(
            f"/api/games/{game_id}/undo/refuse", headers={"authorization": f"Bearer {theirs}"}
        )
        assert refused.status_code == 200, refused.text
    expect(phone.get_by_test_id("undo-refused")).to_be_visible()

    # the seat handed to the server's bot and taken back, from the phone
    toggle = phone.get_by_test_id("bot-toggle")
    expect(toggle).to_have_text("Let a bot play for me")
    toggle.click()
    expect(phone.get_by_test_id(f"seat-{seat}-bot")).to_be_visible()
    expect(laptop.get_by_test_id(f"seat-{seat}-bot")).to_be_visible()
    expect(toggle).to_have_text("Take my seat back")
    toggle.click()
    expect(phone.get_by_test_id(f"seat-{seat}-bot")).to_have_count(0)
    assert not phone.get_by_test_id("rejection").count()
    held = json.loads(phone.evaluate(f"localStorage.getItem('plateau.seat.{game_id}')"))
    assert held["token"] is None  # the phone never had the seat's token


def test_the_creator_starts_the_table_from_another_device(local: Pages) -> None:
    name = f"Ivo {uuid.uuid4().hex[:6]}"
    laptop, laptop_cdp, laptop_key = signed_up(local, name)
    game_id = create_table(laptop, "vertigo", 3)  # the host token stays on the laptop
    join(laptop, "Ivo")
    with httpx.Client(base_url=local.base, headers={"content-type": "application/json"}) as guest:
        joined = guest.post(f"/api/games/{game_id}/seats", json={"name": "Guest"})
        assert joined.status_code == 201, joined.text
    phone = synced_phone(local, laptop_cdp, laptop_key, name)
    phone.goto(f"{local.base}/#/game/{game_id}")
    # two seats of three: only the creator may start, and the phone is the creator too
    expect(phone.get_by_test_id("start-words")).to_contain_text("Start when everyone is here")
    with phone.expect_request(lambda r: r.url.endswith("/start") and r.method == "POST") as sent:
        phone.get_by_test_id("start-button").click()
    assert "authorization" not in sent.value.headers  # the session alone
    expect(phone.get_by_test_id("start-button")).to_have_count(0)
    assert httpx.get(f"{local.base}/api/games/{game_id}").json()["started"]
