"""deploy/compose.yaml run as an operator runs it: Redis, three servers and nginx in
containers, everything reached through nginx's one published port.

The tests run in file order on one stack: games, the browser, then the faults (the whole
stack restarted, a server's process killed, Redis's process killed, Redis stopped), and last
the logs of all that.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import httpx
import pytest
import websockets
from playwright.sync_api import expect, sync_playwright
from websockets.asyncio.client import connect

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, Pages, shown_version
from tests.browser.flow import play_one, random_choice, seated_table, wait_versions
from tests.deploy.conftest import SERVERS, Image, Started
from tests.deploy.play import GAMES, bots, play_through_fault
from tests.reliability.checks import report

pytestmark = pytest.mark.deploy

# what the games of this module were told, to look for in the logs: tokens must never be there
TOKENS: list[str] = []


def redis_url(single: Started) -> str:
    return f"redis://127.0.0.1:{single.stack.env['PLATEAU_TEST_REDIS_PORT']}/0"


def test_nginx_serves_the_version_the_image_was_built_from(single: Started, image: Image) -> None:
    health = httpx.get(single.stack.url + "/healthz", timeout=5)
    assert health.status_code == 200
    assert health.json()["version"] == image.version
    page = httpx.get(single.stack.url + "/", timeout=5)
    assert page.status_code == 200 and "<html" in page.text.lower()  # the browser client
    report(
        "the compose stack starting (one Redis)",
        [
            ("compose up -d (image built)", f"{single.up_seconds:.1f} s"),
            ("then healthy through nginx", f"{single.healthy_seconds:.1f} s"),
        ],
        "make deploy-test (tests/deploy/test_stack.py)",
    )


async def test_bots_play_every_game_to_its_end_across_the_three_servers(
    single: Started,
) -> None:
    stack = single.stack
    began = time.monotonic()
    reports = await asyncio.gather(
        *(bots(stack.url, game, seats, seed) for seed, (game, seats) in enumerate(GAMES))
    )
    seconds = time.monotonic() - began
    async with httpx.AsyncClient(base_url=stack.url, timeout=10) as http:
        for played, (game, seats) in zip(reports, GAMES, strict=True):
            assert played["players"] == seats
            assert played["game"] == game and played["result"] is not None
            summary = (await http.get(f"/api/games/{played['game_id']}")).json()
            assert summary["over"] and summary["version"] == played["version"]
    # nginx spread the bots' sockets: every server process welcomed some of them
    for server in SERVERS:
        connected = {
            json.loads(line).get("game_id")
            for line in stack.logs(server)[0].splitlines()
            if '"connected"' in line
        }
        assert connected & {r["game_id"] for r in reports}, f"{server} served no bot"
    report(
        "bots through nginx, one game of each kind at once",
        [(f"{r['game']} ({r['players']} bots)", f"{r['commands']} commands") for r in reports]
        + [("all four games, wall time", f"{seconds:.1f} s")],
        "make deploy-test (tests/deploy/test_stack.py)",
    )


async def test_a_socket_from_a_foreign_page_is_refused_by_the_origin_check(
    single: Started,
) -> None:
    stack = single.stack
    allowed = stack.env["PLATEAU_ALLOWED_ORIGINS"]
    async with connect(stack.ws, origin=allowed) as ws:  # type: ignore[arg-type]
        await ws.send(json.dumps({"type": "ping"}))
        assert json.loads(await ws.recv())  # answered: upgraded through nginx
    with pytest.raises(websockets.InvalidStatus) as refused:
        async with connect(stack.ws, origin="http://evil.example"):  # type: ignore[arg-type]
            pass
    assert refused.value.response.status_code == 403


@pytest.mark.browser
def test_the_lobby_and_a_table_in_chromium_through_nginx(single: Started) -> None:
    stack = single.stack
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = Pages(browser, stack.url)
        try:
            game_id, players = seated_table(pages, "eiffel_mania", ["Ada", "Bo", "Cy"])
            for page in players:
                expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "live")
            rng = random.Random(3)
            for _ in range(6):  # moves clicked in one page reach the others through nginx
                assert play_one(players, random_choice, rng) is not None
            wait_versions(players, shown_version(players[0]))
            lobby = pages.open("/")
            expect(lobby.locator(f"[data-game-id='{game_id}']")).to_have_count(1)
            # the same page from another origin (localhost, not 127.0.0.1) gets no socket
            foreign = pages.open("/")
            foreign.goto(stack.url.replace("127.0.0.1", "localhost") + f"/#/game/{game_id}")
            time.sleep(3)
            state = foreign.get_by_test_id("connection").get_attribute("data-state")
            assert state != "live"
        finally:
            pages.close()
            browser.close()
    assert not pages.errors, pages.errors


def crash_one(single: Started, services: list[str], rng: random.Random) -> Any:
    """A fault: kill -9 of one of `services`' main process, which the engine restarts."""

    async def fault() -> bool:
        await asyncio.to_thread(single.stack.crash, rng.choice(services))
        return True

    return fault


def fault_rows(tally: Any, seen: dict[str, int], tables: list[Any]) -> list[tuple[str, Any]]:
    return [
        ("games (players and a spectator each, all through nginx)", len(tables)),
        ("commands acknowledged", tally.acked),
        ("acknowledged commands lost", f"{tally.lost} of {tally.acked}"),
        ("frames differing from a replay of the stream", len(tally.mismatches)),
        ("client reconnections", seen["reconnects"]),
        ("sockets closed 1012 (a server shutting down)", seen["closed_1012"]),
        ("snapshots on resume", seen["resume_snapshots"]),
        ("'busy' refusals (retried)", seen["busy"]),
        ("duplicate frames", seen["duplicates"]),
    ]


def assert_nothing_lost(tally: Any, seen: dict[str, int], tables: list[Any]) -> None:
    assert tally.lost == 0 and not tally.mismatches, tally.mismatches[:10]
    assert seen["duplicates"] == 0
    assert all(p.over for t in tables for p in t.players if p.token is not None)
    TOKENS.extend(token for t in tables for token in t.tokens)


FAULT_GAMES = [("eiffel_mania", 4), ("eiffel_mania", 3), ("bienvenue_a_bord", 2)] * 2


async def test_the_whole_stack_restarted_mid_game_loses_nothing(single: Started) -> None:
    stack = single.stack
    began = {s: stack.started_at(s) for s in ["redis", *SERVERS]}
    took: list[float] = []

    async def restart() -> bool:
        started = time.monotonic()
        await asyncio.to_thread(stack.compose, "restart")
        took.append(time.monotonic() - started)
        return True

    tables, tally, seen, struck = await play_through_fault(
        stack.ws, stack.url, redis_url(single), restart, 1, 23, FAULT_GAMES
    )
    back = await asyncio.to_thread(stack.wait_healthy, SERVERS)
    restarted = [s for s in began if stack.started_at(s) != began[s]]
    report(
        "compose restart of the whole stack mid-game",
        [
            ("restarts", struck),
            ("compose restart took", f"{took[0]:.1f} s" if took else "-"),
            *fault_rows(tally, seen, tables),
            ("every server healthy again after the games", f"{back:.1f} s"),
        ],
        "make deploy-test (tests/deploy/test_stack.py)",
    )
    assert struck == 1
    assert sorted(restarted) == sorted(began)  # Redis and every server started anew
    assert_nothing_lost(tally, seen, tables)


async def test_a_server_process_killed_mid_game_loses_nothing(single: Started) -> None:
    stack, rng = single.stack, random.Random(21)
    before = {s: stack.inspect(s)["RestartCount"] for s in SERVERS}
    tables, tally, seen, struck = await play_through_fault(
        stack.ws,
        stack.url,
        redis_url(single),
        crash_one(single, SERVERS, rng),
        2,
        21,
        FAULT_GAMES,
    )
    restarted = sum(stack.inspect(s)["RestartCount"] - before[s] for s in SERVERS)
    back = await asyncio.to_thread(stack.wait_healthy, SERVERS)
    report(
        "a server container's process killed mid-game (compose stack)",
        [
            ("kills (kill -9 of the server process)", struck),
            ("restarts by the restart policy", restarted),
            *fault_rows(tally, seen, tables),
            ("every server healthy again after the games", f"{back:.1f} s"),
        ],
        "make deploy-test (tests/deploy/test_stack.py)",
    )
    assert struck >= 1, "no kill happened mid-game"
    assert restarted == struck  # restart: unless-stopped brought each one back
    assert_nothing_lost(tally, seen, tables)


async def test_redis_killed_mid_game_loses_nothing_acknowledged(single: Started) -> None:
    stack = single.stack
    before = stack.inspect("redis")["RestartCount"]
    tables, tally, seen, struck = await play_through_fault(
        stack.ws,
        stack.url,
        redis_url(single),
        crash_one(single, ["redis"], random.Random(22)),
        2,
        22,
        FAULT_GAMES,
    )
    restarted = stack.inspect("redis")["RestartCount"] - before
    back = await asyncio.to_thread(stack.wait_healthy, SERVERS)
    report(
        "Redis's process killed mid-game, appendfsync always (compose stack)",
        [
            ("kills (kill -9 of redis-server)", struck),
            ("restarts by the restart policy (the AOF reloaded)", restarted),
            *fault_rows(tally, seen, tables),
            ("every server healthy again after the games", f"{back:.1f} s"),
        ],
        "make deploy-test (tests/deploy/test_stack.py)",
    )
    assert struck >= 1 and restarted == struck
    assert_nothing_lost(tally, seen, tables)


def test_the_health_check_fails_while_redis_is_down_and_passes_again(single: Started) -> None:
    stack = single.stack
    redis = stack.container("redis")
    stack.engine.run("stop", "-t", "5", redis)  # stopped by hand: no restart policy applies
    try:
        deadline = time.monotonic() + 30
        while any(stack.healthy(s) for s in SERVERS):
            assert time.monotonic() < deadline, "a server stayed healthy without its store"
            time.sleep(0.5)
        # a 503 once the store's connection attempt gives up (5 s: nothing answers there)
        assert httpx.get(stack.url + "/healthz", timeout=20).status_code == 503
    finally:
        stack.engine.run("start", redis)
    back = stack.wait_healthy(SERVERS)
    report(
        "Redis stopped by hand, then started (compose stack)",
        [
            ("every server unhealthy while it was down", "yes"),
            ("healthy again after its start", f"{back:.1f} s"),
        ],
        "make deploy-test (tests/deploy/test_stack.py)",
    )


def test_every_line_each_container_writes_is_json_without_a_token(single: Started) -> None:
    stack = single.stack
    for server in SERVERS:
        out, err = stack.logs(server)
        lines = out.splitlines()
        assert lines, f"{server} wrote nothing"
        for line in lines:
            entry: dict[str, Any] = json.loads(line)
            assert {"event", "level", "timestamp"} <= entry.keys(), line
        assert err.strip() == "", f"{server} wrote to stderr: {err[:500]}"
        for token in TOKENS:
            assert token not in out
