from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
import redis
import uvicorn

from clients.python.client import GameClient, Lobby
from server.app import create_app
from server.live.transport import protocol
from server.ops.config import Settings
from tools.redis_server import free_port


@dataclass
class Running:
    url: str
    app: Any
    lobby: Lobby

    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://") + "/ws"

    @property
    def state(self) -> Any:
        return self.app.state.plateau

    async def seated_game(
        self, game: str = "eiffel_mania", seats: int = 4, start: bool = True
    ) -> tuple[str, list[str]]:
        game_id = await self.lobby.create(game, seats)
        tokens = [(await self.lobby.join(game_id, f"p{n}"))[1] for n in range(seats)]
        if start:
            await self.lobby.start(game_id, tokens[0])
        return game_id, tokens

    async def client(
        self, game_id: str, token: str | None = None, record: bool = False
    ) -> GameClient:
        return await GameClient(self.ws, game_id, token, record_frames=record).connect()

    async def stored(self, game_id: str) -> int:
        return len(await self.state.store.read(game_id))


@contextlib.asynccontextmanager
async def running(store_url: str | None, **settings: Any) -> AsyncIterator[Running]:
    port = free_port()
    chosen = Settings(store_url=store_url, port=port, log_level="warning", **settings)
    app = create_app(chosen)
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        ws=protocol(chosen.ws_fast_path),
        log_level="warning",
        ws_per_message_deflate=False,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    lobby = Lobby(f"http://127.0.0.1:{port}")
    try:
        yield Running(f"http://127.0.0.1:{port}", app, lobby)
    finally:
        await lobby.close()
        server.should_exit = True
        await task


# each test of `server` on both stores, and once more on SQLite with uvicorn's own websocket
# protocol (PLATEAU_WS_FAST_PATH=0, `server.live.transport.protocol`): (on Redis, fast path)
SERVERS = {"sqlite": (False, True), "redis": (True, True), "stock-ws": (False, False)}

ON_STORES = pytest.mark.parametrize("server", ["sqlite", "redis"], indirect=True)


# first: pytest gives a test's own parametrize marker precedence over the fixture's params
@pytest.hookimpl(tryfirst=True)
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A module saying `STORES_ONLY = True` plays whole games for what the games do (draws,
    hashes, exports), not for the transport: its tests of `server` run on both stores only."""
    if "server" in metafunc.fixturenames and getattr(metafunc.module, "STORES_ONLY", False):
        metafunc.definition.add_marker(ON_STORES)


def emptied(url: str) -> str:
    """The worker's Redis emptied, as a new deployment's: the games of earlier tests keep their
    clocks and bots due in its agenda, and this test's server would play them (counting their
    moves in its own metrics)."""
    client = redis.Redis.from_url(url)
    try:
        client.flushdb()
    finally:
        client.close()
    return url


@pytest.fixture(params=list(SERVERS))
async def server(request: pytest.FixtureRequest) -> AsyncIterator[Running]:
    on_redis, fast_path = SERVERS[request.param]
    url = emptied(request.getfixturevalue("redis_url")) if on_redis else None
    async with running(url, ws_fast_path=fast_path) as run:
        yield run


# a test that makes games from one address far faster than people do lifts the HTTP limits
UNLIMITED: dict[str, Any] = {
    "creates_per_minute": 0,
    "joins_per_minute": 0,
    "forks_per_minute": 0,
    "max_open_tables_per_address": 0,
    "max_held_seats_per_address": 0,
}


@pytest.fixture(params=["sqlite", "redis"])
async def unlimited(request: pytest.FixtureRequest) -> AsyncIterator[Running]:
    """`server` without HTTP limits per address."""
    url = emptied(request.getfixturevalue("redis_url")) if request.param == "redis" else None
    async with running(url, **UNLIMITED) as run:
        yield run


@pytest.fixture
async def embedded() -> AsyncIterator[Running]:
    async with running(None) as run:
        yield run
