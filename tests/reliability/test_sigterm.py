"""`plateau serve` stops on SIGTERM while its bots play, on both stores: the process exits
within seconds, and every game it was playing is stored whole (its hash chain intact, every
version it showed still there), so a server started again on the same store plays it on.

The SQLite server once never exited: its pump's cancel was swallowed by `asyncio.wait_for`
(Python 3.11) when an append woke the wait as the cancel landed, and the pump read on."""

from __future__ import annotations

import signal
import subprocess
import tempfile
import time
from pathlib import Path

import httpx
import pytest

from projections.live import LiveGame
from server.store import verify_chain
from server.store.adapters import open_store
from tests.reliability.processes import ServerProcess
from tests.reliability.test_table_bots import hand_over
from tools.redis_server import RedisServer

GAMES = 8  # of 18ZOO, long enough for the bots to be playing at every SIGTERM
STOPS = 3  # SIGTERMs per store, the bots playing each time (the race is one of timing)
EXIT_S = 10.0


def bot_game(http: httpx.Client) -> str:
    """An 18ZOO table of three bots (Ada's seat handed to one once started)."""
    made = http.post("/api/games", json={"game": "18zoo", "seats": 3, "bots": [1, 2]})
    game_id: str = made.json()["game_id"]
    token = http.post(f"/api/games/{game_id}/seats", json={"name": "Ada"}).json()["token"]
    hand_over(http, game_id, token)
    return game_id


def shown_version(http: httpx.Client, game_id: str) -> int:
    version: int = http.get(f"/api/games/{game_id}").json()["version"]
    return version


def playing(http: httpx.Client, made: list[str]) -> list[str]:
    return [g for g in made if not http.get(f"/api/games/{g}").json()["over"]]


def stop_on_sigterm(server: ServerProcess) -> float:
    """SIGTERM; the seconds the process took to exit (AssertionError past EXIT_S)."""
    assert server.proc is not None
    sent = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    try:
        server.proc.wait(EXIT_S)
    except subprocess.TimeoutExpired:
        server.kill()
        raise AssertionError(f"no exit {EXIT_S} s after SIGTERM: {server.log_tail()}") from None
    took = time.monotonic() - sent
    # uvicorn raises the signal again once it has shut down: -15 is its graceful exit
    assert server.proc.returncode in (0, -signal.SIGTERM), server.log_tail()
    assert '"event": "stopped"' in server.log_tail(3), server.log_tail()  # the lifespan ended
    return took


async def stored_whole(store_url: str, game_id: str, seen: int) -> None:
    """The game as the store holds it: a chain intact that folds, up to at least `seen`."""
    store = open_store(store_url)
    try:
        records = await store.read(game_id)
    finally:
        await store.close()
    assert verify_chain(records) is None
    assert [r.version for r in records] == list(range(1, len(records) + 1))
    assert len(records) >= seen
    LiveGame.replay(game_id, records)


@pytest.mark.parametrize("kind", ["sqlite", "redis"])
async def test_a_server_whose_bots_are_playing_stops_on_sigterm(kind: str) -> None:
    redis = RedisServer().start() if kind == "redis" else None
    folder = tempfile.TemporaryDirectory()
    url = redis.url if redis else f"sqlite:///{Path(folder.name) / 'games.db'}"
    made: list[str] = []
    server: ServerProcess | None = None
    try:
        for stop in range(STOPS):
            server = ServerProcess(url).start().wait_ready()
            with httpx.Client(base_url=server.url, timeout=10) as http:
                if not made:
                    made = [bot_game(http) for _ in range(GAMES)]
                time.sleep(0.5)  # the bots play (and, after a restart, take their games back)
                assert playing(http, made), "every game ended before the SIGTERM"
                seen = {g: shown_version(http, g) for g in made}
            took = stop_on_sigterm(server)
            print(f"{kind}: stop {stop + 1} exited {took:.2f} s after SIGTERM")
            for game_id in made:
                await stored_whole(url, game_id, seen[game_id])
    finally:
        if server is not None:
            server.kill()  # a server that did not stop (the test failed)
        if redis is not None:
            redis.stop()
        folder.cleanup()
