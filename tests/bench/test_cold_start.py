"""Scenario 9 works: the store is written through the adapter with finished and live games
mixed, and a server started over it answers the lobby and a hello. A small size; no timing
is asserted."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.cold import build, cold_start, game_id, live_ids
from bench.counter_game import unregister
from domain import games
from projections.live import LiveGame
from server.store.adapters import open_store


@pytest.fixture(autouse=True)
def forget_the_benchmark_game() -> Iterator[None]:
    """`build` registers the counter game in this process: the rest of the suite never sees it."""
    yield
    unregister()


def test_the_store_holds_finished_and_live_games_newest_last(tmp_path: Path) -> None:
    path = tmp_path / "cold.db"
    built = build(path, 30, 3)
    assert built["store_mb"] > 0
    playing = live_ids(30, 3)
    assert playing == [game_id(10), game_id(21), game_id(32)]

    async def read() -> tuple[list[str], LiveGame, LiveGame]:
        store = open_store(f"sqlite:///{path}")
        try:
            index = await store.streams()
            over = LiveGame.replay(game_id(0), await store.read(game_id(0)))
            live = LiveGame.replay(playing[0], await store.read(playing[0]))
            return index, over, live
        finally:
            await store.close()

    index, over, live = asyncio.run(read())
    assert sorted(index) == [game_id(n) for n in range(33)]
    counter = games.get("bench_counter")
    assert counter.is_over(over.table.state) and not counter.is_over(live.table.state)


def test_a_server_over_the_store_answers_the_lobby_and_a_hello(tmp_path: Path) -> None:
    path = tmp_path / "cold.db"
    build(path, 20, 2)
    found = cold_start(path, live_ids(20, 2)[-1], settle_s=0.1)
    assert found["listed"]["live"] == 2 and found["listed"]["finished"] == 20
    assert found["snapshot_bytes"] > 0 and found["rss_after_refresh_mb"] > 0
    assert found["lobby_s"] > 0 and found["hello_s"] > 0 and found["cpu_s"] > 0


def test_a_hello_asked_alone_is_timed_without_the_lobby(tmp_path: Path) -> None:
    path = tmp_path / "cold.db"
    build(path, 5, 1)
    found = cold_start(path, live_ids(5, 1)[-1], lobby_too=False)
    # the port probe and the hello poll apart, so either may see the server first
    assert "lobby_s" not in found and found["hello_s"] > 0 and found["listening_s"] > 0
