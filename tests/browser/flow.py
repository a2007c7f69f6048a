"""Steps a person takes through the page: create a table, join, start, play legal moves."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Sequence
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Pages, legal_commands, shown_version

Chooser = Callable[[int, list[dict[str, Any]], random.Random], int]


def create_table(
    page: Page, game: str, seats: int, options: dict[str, Any] | None = None, name: str = ""
) -> str:
    """Creates a table from the lobby form, seated as `name` (none: a table made for others);
    returns the game id (the page is then on the table)."""
    page.goto(page.url.split("#")[0] + "#/")
    page.get_by_test_id("new-game-type").select_option(game)
    page.get_by_test_id("new-game-seats").fill(str(seats))
    page.get_by_test_id("new-game-name").fill(name)
    for key, value in (options or {}).items():
        field = page.get_by_test_id(f"option-{key}")
        tag = field.evaluate("e => e.tagName")
        if tag == "SELECT":
            field.select_option(str(value))
        elif isinstance(value, bool):
            field.set_checked(value)
        else:
            field.fill(str(value))
    page.get_by_test_id("create-button").click()
    page.wait_for_url(re.compile(r"#/game/[^/]+$"))
    return page.url.split("#/game/")[1]


def join(page: Page, name: str) -> int:
    """Takes a free seat with `name` on the table open in `page`; returns the seat number."""
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-button").click()
    chip = page.locator(".seat-chip.me")
    expect(chip).to_contain_text(name)
    seat = chip.get_attribute("data-testid") or ""
    return int(seat.split("-")[1])


def open_table(pages: Pages, game_id: str) -> Page:
    page = pages.open(f"/#/game/{game_id}")
    expect(page.get_by_test_id("table-title")).not_to_have_text("Table")
    return page


def seated_table(
    pages: Pages,
    game: str,
    names: Sequence[str],
    options: dict[str, Any] | None = None,
    starter: int = 0,
) -> tuple[str, list[Page]]:
    """A table created by the first page and joined by one page per name; the `starter`-th
    player starts it. Returns the game id and the players' pages, in the order of `names`."""
    first = pages.open("/")
    game_id = create_table(first, game, len(names), options)
    players = [first, *(open_table(pages, game_id) for _ in names[1:])]
    for page, name in zip(players, names, strict=True):
        join(page, name)
    start(players[starter])
    return game_id, players


def start(page: Page) -> None:
    button = page.get_by_test_id("start-button")
    expect(button).to_be_enabled()
    button.click()
    expect(page.get_by_test_id("table-status")).to_have_text(re.compile("in play|finished"))


def is_over(page: Page) -> bool:
    return page.get_by_test_id("table-status").text_content() == "finished"


def wait_versions(players: Sequence[Page], version: int, timeout: float = 10) -> None:
    """Waits until every page shows at least `version`."""
    deadline = time.monotonic() + timeout
    while any(shown_version(p) < version for p in players):
        if time.monotonic() > deadline:
            raise AssertionError(
                f"pages stuck at {[shown_version(p) for p in players]} < {version}"
            )
        time.sleep(0.05)


def play_one(
    players: Sequence[Page], choose: Chooser, rng: random.Random
) -> tuple[int, dict[str, Any]] | None:
    """Clicks one legal command on the first page that has any; returns (player, command)."""
    for index, page in enumerate(players):
        commands = legal_commands(page)
        if not commands:
            continue
        before = shown_version(page)
        pick = choose(index, commands, rng)
        button = page.locator("[data-testid=legal-command]").nth(pick)
        if not button.count():  # the panel was drawn again since it was read: read it again
            time.sleep(0.1)
            return play_one(players, choose, rng)
        if not button.is_visible():  # a list folded away as a fallback: unfold it
            button.evaluate("b => { const d = b.closest('details'); if (d) d.open = true; }")
        button.click()
        deadline = time.monotonic() + 10
        while shown_version(page) <= before:
            if page.get_by_test_id("rejection").count():
                raise AssertionError(
                    f"refused {json.dumps(commands[pick])}: "
                    f"{page.get_by_test_id('rejection').text_content()}"
                )
            if time.monotonic() > deadline:
                raise AssertionError(f"no update after {json.dumps(commands[pick])}")
            time.sleep(0.03)
        wait_versions(players, shown_version(page))
        return index, commands[pick]
    return None


def random_choice(_player: int, commands: list[dict[str, Any]], rng: random.Random) -> int:
    return rng.randrange(len(commands))


def play_to_end(
    players: Sequence[Page],
    choose: Chooser = random_choice,
    seed: int = 1,
    max_moves: int = 600,
    each: Callable[[int, int, dict[str, Any]], None] | None = None,
) -> int:
    """Plays legal moves through the pages until the game is over; returns the number of moves."""
    rng = random.Random(seed)
    for move in range(max_moves):
        if is_over(players[0]):
            return move
        played = play_one(players, choose, rng)
        if played is None:
            time.sleep(0.1)  # an automatic step may still be on its way
            if not any(legal_commands(p) for p in players) and not is_over(players[0]):
                time.sleep(0.5)
                if not any(legal_commands(p) for p in players) and not is_over(players[0]):
                    raise AssertionError("nobody has a legal move but the game is not over")
            continue
        if each:
            each(move, *played)
    raise AssertionError(f"no end after {max_moves} moves")
