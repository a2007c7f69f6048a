"""A lean Redis connection for the store's two hot commands: the append script and XREAD.

redis-py spends more per command than Redis does (pool checkout and release, retry and
timeout wrappers, response callbacks that rebuild XREAD replies as dicts): about a quarter of
the server's CPU per action in the benchmarks. This connection packs and parses with hiredis,
pipelines in order on one socket and returns the replies as Redis sent them. Everything else
(reads, recall, the index) stays on redis-py.

A lost or silent connection fails every command in flight with `ConnectionError`; the next
call reconnects. Appends carry command ids, so a caller's retry is safe.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast
from urllib.parse import unquote, urlsplit

import hiredis

REPLY_TIMEOUT = 10.0  # seconds a reply may take beyond any BLOCK it asked for
CONNECT_TIMEOUT = 5.0


@dataclass(frozen=True)
class Address:
    host: str = "127.0.0.1"
    port: int = 6379
    path: str | None = None  # a unix socket instead of TCP
    db: int = 0
    username: str | None = None
    password: str | None = None
    tls: bool = False

    @classmethod
    def from_url(cls, url: str) -> Address | None:
        """`redis[s]://[[user]:password@]host[:port][/db]` or `unix://path?db=N`."""
        parts = urlsplit(url)
        user = unquote(parts.username) if parts.username else None
        password = unquote(parts.password) if parts.password else None
        if parts.scheme == "unix":
            query = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p)
            return cls(
                path=parts.path, db=int(query.get("db", 0)), username=user, password=password
            )
        if parts.scheme not in ("redis", "rediss"):
            return None
        db = parts.path.strip("/")
        return cls(
            host=parts.hostname or "127.0.0.1",
            port=parts.port or 6379,
            db=int(db) if db else 0,
            username=user,
            password=password,
            tls=parts.scheme == "rediss",
        )


class _Protocol(asyncio.Protocol):
    def __init__(self) -> None:
        self.reader = hiredis.Reader()
        self.waiting: deque[asyncio.Future[Any]] = deque()
        self.transport: asyncio.Transport | None = None
        self.lost = False
        self.asked = self.answered = 0  # replies expected and received, for `send`'s watchdogs
        self.watchdogs: deque[tuple[int, asyncio.TimerHandle]] = deque()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # a TCP (or TLS) connection's

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
            if not self.waiting:  # a reply nobody asked for: the stream is out of step
                self.fail("Redis sent an unexpected reply")
                return
            future = self.waiting.popleft()
            self.answered += 1
            if not future.done():
                future.set_result(reply)
        watchdogs = self.watchdogs
        while watchdogs and watchdogs[0][0] <= self.answered:
            watchdogs.popleft()[1].cancel()

    async def ask(self, commands: Sequence[tuple[Any, ...]], block_seconds: float) -> list[Any]:
        """Send `commands` in one write; their replies in order (errors as hiredis.ReplyError)."""
        loop = asyncio.get_running_loop()
        futures = [loop.create_future() for _ in commands]
        self.send(commands, futures, block_seconds)
        return [await f for f in futures]

    def send(
        self,
        commands: Sequence[tuple[Any, ...]],
        replies: list[asyncio.Future[Any]],
        block_seconds: float = 0.0,
    ) -> None:
        """Send `commands` in one write; each reply is set, as Redis sent it, on its future in
        `replies`, straight from `data_received`: whoever awaits one wakes on the next pass of
        the loop, with no task in between. Silent for REPLY_TIMEOUT beyond any BLOCK asked, the
        link is given up. The watchdog counts replies, not futures: a waiter may go away."""
        assert self.transport is not None
        if self.transport.is_closing():  # lost, `connection_lost` not called yet: uvloop
            self.lost = True  # raises RuntimeError on a write to a closed handle
            raise ConnectionError("connection to Redis lost: closing")
        self.waiting.extend(replies)
        self.transport.write(b"".join(hiredis.pack_command(c) for c in commands))
        self.asked += len(replies)
        watchdog = asyncio.get_running_loop().call_later(
            block_seconds + REPLY_TIMEOUT, self.fail, "Redis did not answer in time"
        )
        self.watchdogs.append((self.asked, watchdog))

    def closing(self) -> bool:
        return self.transport is not None and self.transport.is_closing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        self._fail_waiting(f"connection to Redis lost: {exc or 'closed'}")

    def fail(self, why: str) -> None:
        self.lost = True
        if self.transport is not None:
            self.transport.abort()
        self._fail_waiting(why)

    def _fail_waiting(self, why: str) -> None:
        while self.watchdogs:
            self.watchdogs.popleft()[1].cancel()
        while self.waiting:
            future = self.waiting.popleft()
            if not future.done():
                future.set_exception(ConnectionError(why))


class LeanRedis:
    def __init__(self, address: Address) -> None:
        self.address = address
        self._protocol: _Protocol | None = None
        self._connecting = asyncio.Lock()

    async def call(self, *commands: tuple[Any, ...], block_seconds: float = 0.0) -> list[Any]:
        """Send `commands` in one write; their replies in order (errors as hiredis.ReplyError)."""
        protocol = await self._connected()
        return await protocol.ask(commands, block_seconds)

    def send(self, commands: Sequence[tuple[Any, ...]], replies: list[asyncio.Future[Any]]) -> bool:
        """`_Protocol.send` on the open connection; False, sending nothing, if there is none."""
        protocol = self._protocol
        if protocol is None or protocol.lost or protocol.closing():
            return False
        protocol.send(commands, replies)
        return True

    async def _connected(self) -> _Protocol:
        protocol = self._protocol
        if protocol is not None and not protocol.lost:
            return protocol
        async with self._connecting:
            if self._protocol is not None and not self._protocol.lost:
                return self._protocol
            self._protocol = await self._connect()
            return self._protocol

    async def _connect(self) -> _Protocol:
        loop, a = asyncio.get_running_loop(), self.address
        if a.path is not None:
            opening = loop.create_unix_connection(_Protocol, a.path)
        else:
            tls = ssl.create_default_context() if a.tls else None
            opening = loop.create_connection(_Protocol, a.host, a.port, ssl=tls)
        _, protocol = await asyncio.wait_for(opening, CONNECT_TIMEOUT)
        hello: list[tuple[Any, ...]] = []
        if a.password is not None:
            hello.append(("AUTH", a.username, a.password) if a.username else ("AUTH", a.password))
        if a.db:
            hello.append(("SELECT", a.db))
        for reply in await protocol.ask(hello, 0.0) if hello else []:
            if isinstance(reply, hiredis.ReplyError):
                protocol.fail(str(reply))
                raise ConnectionError(f"Redis refused the connection: {reply}")
        return protocol

    async def close(self) -> None:
        protocol, self._protocol = self._protocol, None
        if protocol is not None and protocol.transport is not None:
            with contextlib.suppress(Exception):
                protocol.transport.close()
