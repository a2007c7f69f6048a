"""Eiffel Mania through the page: three players and a spectator play a whole game."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from clients.python.client import with_table
from tests.browser.conftest import Pages, legal_commands, screenshot, shown_version
from tests.browser.flow import (
    create_table,
    join,
    open_table,
    play_one,
    play_to_end,
    random_choice,
    seated_table,
    start,
    wait_versions,
)

pytestmark = pytest.mark.browser


def frames_of(page: Page) -> list[dict[str, Any]]:
    """Every websocket frame the page receives from now on, decoded."""
    frames: list[dict[str, Any]] = []

    def watch(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", watch)
    return frames


def sent_frames(page: Page) -> list[dict[str, Any]]:
    """Every websocket frame the page sends from now on, decoded."""
    frames: list[dict[str, Any]] = []

    def watch(ws: Any) -> None:
        ws.on("framesent", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", watch)
    return frames


def log_versions(page: Page) -> list[int]:
    raw: list[str] = page.get_by_test_id("log-entry").evaluate_all(
        "els => els.map(e => e.dataset.version)"
    )
    return [int(v) for v in raw]


def text_of(page: Page, testid: str) -> str:
    found = page.get_by_test_id(testid)
    return (found.text_content() or "") if found.count() else ""


def owners_on_tower(page: Page) -> list[str]:
    owners: list[str] = page.locator(".em-lot").evaluate_all("els => els.map(e => e.dataset.owner)")
    return owners


def mostly_loyal(_player: int, commands: list[dict[str, Any]], rng: random.Random) -> int:
    """Random legal moves, but collaborating more often than not so the pile runs out."""
    stances = {c.get("stance"): i for i, c in enumerate(commands) if c["type"] == "commit_stance"}
    if "collaborate" in stances and rng.random() < 0.7:
        return stances["collaborate"]
    return rng.randrange(len(commands))


def test_three_players_and_a_spectator_play_a_whole_game(pages: Pages) -> None:
    host = pages.open("/")
    game_id = create_table(host, "eiffel_mania", 3)
    assert join(host, "Ada") == 0
    link = host.get_by_test_id("share-link").input_value()
    assert link.endswith(f"#/game/{game_id}")

    bob = open_table(pages, game_id)
    assert join(bob, "Bob") == 1
    cy = open_table(pages, game_id)
    assert join(cy, "Cy") == 2
    # The spectator finds the table in the lobby's open list, with its seated players.
    spectator = pages.open("/")
    spectator_frames = frames_of(spectator)
    row = spectator.locator(f"[data-testid=open-games] [data-game-id='{game_id}']")
    expect(row).to_contain_text("Ada")
    expect(row).to_contain_text("Cy")
    row.get_by_test_id("open-action").click()
    expect(spectator.get_by_test_id("pregame")).to_contain_text("you are watching")
    # The spectator sees who is seated and connected, and has no seat to take.
    for seat, name in enumerate(["Ada", "Bob", "Cy"]):
        expect(spectator.get_by_test_id(f"seat-{seat}")).to_contain_text(name)
        expect(spectator.get_by_test_id(f"seat-{seat}-online")).to_have_text("online")
    expect(spectator.get_by_test_id("join-form")).to_have_count(0)

    cy_frames = frames_of(cy)
    cy_sent = sent_frames(cy)
    start(host)
    players = [host, bob, cy]
    rng = random.Random(3)
    for page in [*players, spectator]:
        expect(page.get_by_test_id("em-board")).to_be_visible()
    expect(spectator.get_by_test_id("em-actions")).to_have_count(0)

    secrets: list[tuple[int, str]] = []
    shots = {"mid": False}

    def after(move: int, player: int, command: dict[str, Any]) -> None:
        version = shown_version(players[player])
        wait_versions([spectator], version)
        assert not legal_commands(spectator)
        if command["type"] == "commit_stance":
            # While the other negotiator thinks, the chooser sees his stance and the
            # spectator sees only that one was chosen.
            text = text_of(spectator, "em-negotiation")
            if "chosen, secret" in text:
                secrets.append((player, command["stance"]))
                assert "(secret)" not in text
                assert f"chose {command['stance']} (secret)" in text_of(
                    players[player], "em-negotiation"
                )
        if move == 12:
            # A reload in the middle resumes the same seat at the same version.
            bob.reload()
            expect(bob.locator(".seat-chip.me")).to_contain_text("Bob")
            wait_versions([bob], version)
            assert log_versions(bob) == log_versions(host)
        if move == 20:
            # Cy's connection drops and stays down while the others play on; it then resumes
            # from its last version and hash: nothing missed, nothing doubled.
            cy.evaluate(
                "() => { const c = window.plateau.conn; const again = c.connect.bind(c);"
                " c.connect = () => { window.resumeNow = again; }; c.ws.close(); }"
            )
            expect(cy.get_by_test_id("connection")).to_have_attribute("data-state", "reconnecting")
            left_at = shown_version(cy)
            for _ in range(3):
                if play_one([host, bob], random_choice, rng) is None:
                    break
            cy.wait_for_function("() => typeof window.resumeNow === 'function'")
            cy.evaluate("window.resumeNow()")
            expect(cy.get_by_test_id("connection")).to_have_attribute("data-state", "live")
            hello = [f for f in cy_sent if f.get("type") == "hello"][-1]
            assert hello["last_version"] == left_at and hello["last_hash"]
            wait_versions([cy], shown_version(host))
            assert log_versions(cy) == log_versions(host)
            updates = [f["version"] for f in cy_frames if f.get("type") == "update"]
            assert len(updates) == len(set(updates))
        if not shots["mid"] and spectator.get_by_test_id("em-table-card").count() == 2 and move > 8:
            screenshot(host, "eiffel_mania_player")
            screenshot(spectator, "eiffel_mania_spectator")
            shots["mid"] = True

    moves = play_to_end(players, mostly_loyal, seed=7, each=after)
    assert moves > 20
    assert secrets, "no stance was ever chosen"

    # Everyone, the spectator included, sees the same final ranking. The version is read once
    # the host's board shows the end and a number (a redraw may be under way: seen once, -1).
    expect(host.get_by_test_id("result")).to_contain_text("Game over")
    expect(host.get_by_test_id("board")).to_have_attribute("data-version", re.compile(r"^\d+$"))
    final = shown_version(host)
    wait_versions([bob, cy, spectator], final)
    rankings = [p.get_by_test_id("result").text_content() for p in [*players, spectator]]
    assert rankings[0] and all(r == rankings[0] for r in rankings)
    assert "Game over" in rankings[0]
    assert log_versions(cy) == log_versions(host)
    # Once the game is over everyone may see everything: the spectator's log now tells the
    # stances that were secret while they mattered.
    expect(
        spectator.locator("[data-testid=log-entry][data-type=stance_committed]").first
    ).to_contain_text("secretly chose to")
    screenshot(host, "eiffel_mania_over")

    # Before the end, the spectator never received a chosen stance or the pile order.
    # Each frame's whole view, as the spectator's page makes it: an update's patch applied to
    # the view before it, its table part kept while unchanged.
    frames = [f for f in spectator_frames if f.get("type") in ("snapshot", "update")]
    views: list[dict[str, Any]] = []
    for frame in frames:
        held = views[-1] if views and frame["type"] == "update" else None
        views.append(with_table(frame["view"], held) if held else frame["view"])
    before_end = [(f, v) for f, v in zip(frames, views, strict=True) if not v["table"]["over"]]
    assert before_end
    for frame, view in before_end:
        entries = frame.get("events") or frame.get("log") or []
        for entry in entries:
            event = entry["event"]
            if event and event["type"] == "stance_committed":
                assert event["stance"] is None, event
            if event and event["type"] in ("pile_shuffled", "office_played", "pile_reordered"):
                hidden = event.get("cards") or event.get("pile") or event.get("order") or []
                assert all(card is None for card in hidden), event
        game = view["game"]
        if game:
            assert game["pile_order"] is None
            if game["negotiation"]:
                assert game["negotiation"]["my_stance"] is None

    # The replay slider shows an earlier moment, as this player knew it then.
    first_reveal = host.locator("[data-testid=log-entry][data-type=cards_revealed]").first
    early = int(first_reveal.get_attribute("data-version") or "0")
    host.get_by_test_id("replay-slider").fill(str(early))
    expect(host.get_by_test_id("board")).to_have_attribute("data-version", str(early))
    expect(host.get_by_test_id("past-notice")).to_be_visible()
    assert all(owner == "" for owner in owners_on_tower(host))
    assert not legal_commands(host)
    expect(host.get_by_test_id("em-table-cards").get_by_test_id("em-table-card")).to_have_count(2)
    host.locator("body").press("ArrowRight")
    expect(host.get_by_test_id("board")).to_have_attribute("data-version", str(early + 1))
    host.locator("body").press("ArrowLeft")  # each step drawn before the next key
    expect(host.get_by_test_id("board")).to_have_attribute("data-version", str(early))
    host.locator("body").press("ArrowLeft")
    expect(host.get_by_test_id("board")).to_have_attribute("data-version", str(early - 1))
    screenshot(host, "eiffel_mania_replay")
    host.get_by_test_id("go-live").click()
    expect(host.get_by_test_id("board")).to_have_attribute("data-version", str(final))
    assert any(owner != "" for owner in owners_on_tower(host))

    # The finished game is listed in the lobby and opens in replay from the start.
    visitor = pages.open("/")
    row = visitor.locator(f"[data-testid=finished-games] [data-game-id='{game_id}']")
    expect(row).to_be_visible()
    screenshot(visitor, "lobby")
    row.get_by_test_id("finished-action").click()
    expect(visitor.get_by_test_id("past-notice")).to_be_visible()
    expect(visitor.get_by_test_id("replay-bar")).to_have_attribute("data-live", "false")
    started = int(
        visitor.locator("[data-testid=log-entry][data-type=game_started]").get_attribute(
            "data-version"
        )
        or "0"
    )
    expect(visitor.get_by_test_id("board")).to_have_attribute("data-version", str(started))


def test_a_refused_move_shows_its_reason(pages: Pages) -> None:
    _, players = seated_table(pages, "eiffel_mania", ["Ada", "Bob", "Cy"])
    mover = next(p for p in players if p.get_by_test_id("em-actions").count())
    # Two clicks on two stance buttons: the second is refused (a stance cannot be changed).
    expect(mover.locator("button.stance")).to_have_count(2)
    buttons = mover.locator("button.stance")
    mover.evaluate(
        "() => { const b = [...document.querySelectorAll('button.stance')];"
        " b[0].click(); b[1].click(); }"
    )
    expect(mover.get_by_test_id("rejection")).to_be_visible()
    words = mover.get_by_test_id("rejection").text_content() or ""
    assert words.startswith("Refused: ") and len(words) > 20 and "_" not in words
    assert buttons.count() == 0
