"""A real local HTTP server that receives webhooks: it keeps every request (its path, its
`Idempotency-Key`, its JSON body), answers as a test tells it to (fail the next N, hang until
released), and counts the ids a deduplicating receiver would accept."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tools.redis_server import free_port


@dataclass
class Received:
    path: str
    key: str
    body: Any  # decoded JSON; the bytes themselves for anything else (a push's ciphertext)
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Receiver:
    url: str
    received: list[Received] = field(default_factory=list)
    failing: int = 0  # answer 500 to this many requests more
    always_failing: bool = False
    held: asyncio.Event | None = None  # while set to an unset event, requests hang
    holding: int = 0  # requests hanging now
    delay_s: float = 0.0  # each answer waits this long (a slow receiver: a backlog forms)
    in_flight: int = 0  # requests being answered now

    def at(self, path: str) -> str:
        return f"{self.url}{path}"

    def ids(self, path: str | None = None) -> Counter[str]:
        return Counter(r.key for r in self.received if path is None or r.path == path)

    def bodies(self, path: str) -> dict[str, Any]:
        return {r.key: r.body for r in self.received if r.path == path}

    async def until(self, done: Callable[[], bool], timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() > deadline:
                raise AssertionError(f"not received in time; got {sorted(self.ids())}")
            await asyncio.sleep(0.05)

    async def _hook(self, request: Request) -> Response:
        # read first: a notice whose sender dies while it waits is received all the same, as
        # a receiver that acts before it answers would (the sender then sends it again)
        raw = await request.body()
        json = request.headers.get("content-type", "").startswith("application/json")
        body = msgspec.json.decode(raw) if json else raw
        key = request.headers.get("idempotency-key", "")
        headers = dict(request.headers)
        if self.held is not None:
            self.holding += 1
            await self.held.wait()
            self.holding -= 1
        if self.always_failing or self.failing > 0:
            self.failing = max(0, self.failing - 1)
            return Response(status_code=500)
        self.received.append(Received(request.url.path, key, body, headers))
        if self.delay_s:
            self.in_flight += 1
            try:
                await asyncio.sleep(self.delay_s)
            finally:
                self.in_flight -= 1
        return Response(status_code=204)


@contextlib.asynccontextmanager
async def receiving() -> AsyncIterator[Receiver]:
    port = free_port()
    receiver = Receiver(f"http://127.0.0.1:{port}")
    app = Starlette(routes=[Route("/{path:path}", receiver._hook, methods=["POST"])])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    try:
        yield receiver
    finally:
        if receiver.held is not None:
            receiver.held.set()
        server.should_exit = True
        await task
