"""The Verify fairness page: a finished game's draws recomputed in the browser from its revealed
secret (HMAC-SHA256 in plain JavaScript, the same draws as the server's), the commitment checked;
a draw or the revealed secret altered in the store, the chain rebuilt around it, is caught
there and named."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from playwright.sync_api import expect

from clients.python.remote_bots import run_bots
from server.store import chained
from tests.browser.conftest import Pages
from tests.domain.test_secret_draws import KEY, VECTOR_BLOCK, VECTOR_BOUNDS, VECTOR_DRAWS

pytestmark = pytest.mark.browser


def finished_game(base: str, game: str, seats: int, seed: int) -> dict[str, Any]:
    with ThreadPoolExecutor(1) as thread:  # Playwright's sync API holds this thread's loop
        result: dict[str, Any] = thread.submit(
            asyncio.run, run_bots(base, game, seats, seed=seed)
        ).result()
    return result


def rewrite(db: Path, game_id: str, version: int, event: dict[str, Any]) -> None:
    """Store `event` at `version` and rebuild the hash chain from there, as an operator hiding
    the change would: the log then holds together by itself."""
    connection = sqlite3.connect(db)
    rows = connection.execute(
        "SELECT version, data, hash FROM events WHERE stream=? ORDER BY version", (game_id,)
    ).fetchall()
    data = [bytes(row[1]) for row in rows]
    data[version - 1] = msgspec.json.encode(event)
    for record in chained(data[version - 1 :], version - 1, rows[version - 2][2]):
        connection.execute(
            "UPDATE events SET data=?, prev_hash=?, hash=?, salt=? WHERE stream=? AND version=?",
            (record.data, record.prev_hash, record.hash, record.salt, game_id, record.version),
        )
    connection.commit()
    connection.close()


def stored(db: Path, game_id: str) -> list[tuple[int, dict[str, Any]]]:
    connection = sqlite3.connect(db)
    rows = connection.execute(
        "SELECT version, data FROM events WHERE stream=? ORDER BY version", (game_id,)
    ).fetchall()
    connection.close()
    return [(v, msgspec.json.decode(bytes(d))) for v, d in rows]


def test_the_browser_draws_what_the_server_draws(pages: Pages) -> None:
    page = pages.open("/")
    found = page.evaluate(
        """async ([key, bounds]) => {
            const fair = await import("/static/js/fair.js");
            const bytes = Uint8Array.from(key);
            const block = fair.hmacSha256(bytes, new TextEncoder().encode("setup:0"));
            const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
            const draws = fair.secretDraws(hex, "setup");
            return { block, draws: bounds.map((n) => draws.randrange(n)) };
        }""",
        [list(KEY), list(VECTOR_BOUNDS)],
    )
    assert found == {"block": VECTOR_BLOCK, "draws": VECTOR_DRAWS}


def test_a_finished_games_draws_are_verified_in_the_page_and_an_altered_one_is_caught(
    pages: Pages, served: tuple[str, Path]
) -> None:
    base, db = served
    game_id = finished_game(base, "vertigo", 3, seed=4)["game_id"]
    summary = httpx.get(f"{base}/api/games/{game_id}").json()
    commitment = summary["fairness"]["commitment"]
    assert hashlib.sha256(bytes.fromhex(summary["fairness"]["revealed"])).hexdigest() == commitment

    page = pages.open(f"/#/game/{game_id}/replay")
    page.get_by_test_id("fairness-link").click()
    check = page.get_by_test_id("fairness-check")
    expect(check).to_have_attribute("data-state", "fair", timeout=15000)
    expect(check).to_contain_text("recomputed in this browser")
    expect(page.get_by_test_id("commitment")).to_have_text(commitment)
    expect(page.get_by_test_id("fairness-log")).to_have_attribute("data-state", "verified")
    rows = page.get_by_test_id("draws-table").locator("tbody tr")
    records = [(v, e) for v, e in stored(db, game_id) if e["type"] == "draws_recorded"]
    expect(rows).to_have_count(len(records))

    # a recorded die altered, the chain rebuilt: the chain holds, the draw does not
    version, record = records[-1]
    (bound, result), *rest = record["draws"]
    rewrite(db, game_id, version, {**record, "draws": [[bound, (result + 1) % bound], *rest]})
    page.reload()
    check = page.get_by_test_id("fairness-check")
    expect(check).to_have_attribute("data-state", "unfair", timeout=15000)
    expect(check).to_contain_text(
        f'version {version}: draw 1 of decision "{record["label"]}": the log says'
        f" {(result + 1) % bound} (below {bound}), the secret gives {result}"
    )
    expect(
        page.locator(f"[data-testid=draws-table] tr[data-version='{version}']")
    ).to_have_attribute("data-state", "differs")


def test_an_altered_revealed_secret_is_caught_in_the_page(
    pages: Pages, served: tuple[str, Path]
) -> None:
    base, db = served
    game_id = finished_game(base, "bienvenue_a_bord", 2, seed=5)["game_id"]
    version = next(v for v, e in stored(db, game_id) if e["type"] == "secret_revealed")
    rewrite(db, game_id, version, {"type": "secret_revealed", "secret": "ab" * 32})
    page = pages.open(f"/#/game/{game_id}/fairness")
    check = page.get_by_test_id("fairness-check")
    expect(check).to_have_attribute("data-state", "unfair", timeout=15000)
    expect(check).to_contain_text(
        f"version {version}: the revealed secret does not match the commitment"
    )


def test_a_running_game_says_its_secret_comes_at_the_end(
    pages: Pages, served: tuple[str, Path]
) -> None:
    base, _ = served
    created = httpx.post(f"{base}/api/games", json={"game": "eiffel_mania", "seats": 4})
    game_id = created.json()["game_id"]
    tokens = [
        httpx.post(f"{base}/api/games/{game_id}/seats", json={"name": f"p{n}"}).json()["token"]
        for n in range(4)
    ]
    httpx.post(
        f"{base}/api/games/{game_id}/start",
        headers={"authorization": f"Bearer {tokens[0]}"},
        json={},
    )
    page = pages.open(f"/#/game/{game_id}/fairness")
    check = page.get_by_test_id("fairness-check")
    expect(check).to_have_attribute("data-state", "running", timeout=15000)
    expect(check).to_contain_text("its secret is revealed when it ends")
