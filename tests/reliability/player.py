"""A bot seat (or spectator) that survives faults: it reconnects, resumes and retries.

It keeps every frame it receives (with the version it had before), every acknowledged command
id with its version, and counts what it saw go wrong. It never decides anything from hidden
state: it picks among the `legal` commands the server sent it.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec
import websockets
from websockets.asyncio.client import ClientConnection, connect

from clients.python.client import with_table
from domain.choices import expand, from_wire

# "forbidden" too: a simultaneous command chosen from a view that is already stale is decided
# on the newer state, where it may no longer be allowed (a seat that just betrayed too often)
RETRYABLE = {
    "stale_version",
    "not_your_turn",
    "illegal",
    "forbidden",
    "busy",
    "game_over",
    "rate_limited",
}


@dataclass
class Received:
    kind: str  # snapshot | update
    before: int  # the version the player held when the frame arrived (0: none)
    before_hash: str  # and its hash: an update must extend exactly that history
    frame: dict[str, Any]


@dataclass
class Player:
    game_id: str
    token: str | None
    urls: Callable[[], list[str]]  # where it may (re)connect: any live server process
    rng: random.Random
    max_commands: int = 10_000
    version: int = 0
    hash: str = ""
    view: Any = None
    legal: list[Any] = field(default_factory=list)
    seat: int | None = None
    received: list[Received] = field(default_factory=list)
    acked: dict[str, int] = field(default_factory=dict)  # command id -> version it landed at
    acked_at: dict[str, float] = field(default_factory=dict)  # command id -> when (monotonic)
    sent: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    errors: list[dict[str, Any]] = field(default_factory=list)
    connects: int = 0
    disconnects: int = 0
    resume_snapshots: int = 0
    duplicates: int = 0
    close_codes: dict[int, int] = field(default_factory=dict)
    pending: dict[str, Any] | None = None  # a command sent and not yet answered
    _waiters: dict[str, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    gate: asyncio.Event = field(default_factory=asyncio.Event)  # cleared: send no new command
    resent: int = 0  # commands sent again (same id) after a lost connection
    forge: float = 0.0  # chance of resuming with a forged hash (the server must resync)
    think: float = 0.0  # up to this many seconds of thought before each new command
    forged: int = 0  # resumes sent with a forged hash and welcomed
    forged_snapshots: int = 0  # snapshots that answered them (right)
    forged_accepted: int = 0  # updates that answered them (wrong: a fork accepted)
    _forging: bool = False
    resync: bool = False  # closed with 1012: what it was shown is gone, even a game's end

    def __post_init__(self) -> None:
        self.gate.set()

    def describe(self) -> str:
        """One line for a failure report: where this player is and what it last received."""
        last = [(r.kind, r.frame.get("version")) for r in self.received[-4:]]
        legal = [c.get("type") for c in self.legal][:6]
        return (
            f"  seat {self.seat} v{self.version} {self.hash[:8]} legal {legal} pending "
            f"{self.pending and self.pending['command']} resync {self.resync} rejected "
            f"{self.rejected} connects {self.connects} codes {self.close_codes} last {last}"
        )

    @property
    def over(self) -> bool:
        return bool(self.view and self.view["table"]["over"])

    # -- frames ----------------------------------------------------------------------------

    def absorb(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.seat = message["seat"]
            self.forged += self._forging
        elif kind == "snapshot":
            if not message.get("live", True):
                return
            self.resync = False
            if self.version:
                self.resume_snapshots += 1
                self.forged_snapshots += self._forging
            self._forging = False
            self.received.append(Received(kind, self.version, self.hash, message))
            self._take(message)
        elif kind == "update":
            if message["version"] <= self.version or any(
                e["version"] <= self.version for e in message["events"]
            ):
                self.duplicates += 1
                return
            self.received.append(Received(kind, self.version, self.hash, message))
            self.forged_accepted += self._forging
            self._forging = False
            self._take(message)
        elif kind in ("ack", "rejected"):
            waiter = self._waiters.pop(message["id"], None)
            if waiter is not None and not waiter.done():
                waiter.set_result(message)
        elif kind == "error":
            self.errors.append(message)
        self._changed.set()

    def _take(self, message: dict[str, Any]) -> None:
        self.version, self.hash = message["version"], message["hash"]
        self.view = with_table(message["view"], self.view)
        self.legal = expand(from_wire(message["legal"]))

    async def _changes(self, timeout: float) -> None:
        self._changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    # -- the connection --------------------------------------------------------------------

    async def run(self, stop: asyncio.Event, attempts: int = 400) -> None:
        """Play (or watch) until the game is over or `stop` is set, reconnecting as needed."""
        for _ in range(attempts):
            if stop.is_set() or (self.over and not self.resync):
                return
            urls = self.urls()
            if not urls:
                await asyncio.sleep(0.1)
                continue
            try:
                async with connect(
                    self.rng.choice(urls),
                    open_timeout=5,
                    close_timeout=1,
                    compression=None,
                    max_size=2**24,  # a resume after a long stall: every missed event in one
                ) as ws:
                    self.connects += 1
                    if await self._session(ws, stop):
                        return
            except (OSError, TimeoutError, websockets.WebSocketException):
                pass
            self.disconnects += 1
            for waiter in self._waiters.values():
                if not waiter.done():
                    waiter.set_exception(ConnectionError("connection lost"))
                    waiter.exception()  # retrieved: nobody may be waiting any more
            self._waiters.clear()
            await asyncio.sleep(self.rng.uniform(0.02, 0.2))
        raise AssertionError(f"{self.game_id}: gave up after {attempts} connections")

    async def _session(self, ws: ClientConnection, stop: asyncio.Event) -> bool:
        hello: dict[str, Any] = {"type": "hello", "game_id": self.game_id, "token": self.token}
        # after a 1012 a fresh hello: "resume to get a fresh snapshot" (docs/protocol.md). A
        # resume with the old hash would get a snapshot only if that history was lost, and a
        # server shutting down (uvicorn) closes with 1012 too, when nothing was lost
        self._forging = bool(self.version) and not self.resync and self.rng.random() < self.forge
        if self.version and not self.resync:
            forged = "f" * len(self.hash) if self._forging else self.hash
            hello |= {"last_version": self.version, "last_hash": forged}
        await ws.send(msgspec.json.encode(hello).decode())
        reader = asyncio.create_task(self._read(ws))
        actor = asyncio.create_task(self._act(ws, stop))
        try:
            done, _ = await asyncio.wait({reader, actor}, return_when=asyncio.FIRST_COMPLETED)
            if actor in done and actor.exception() is None:
                return True
            for task in done:
                task.result()  # raise what ended the session
            return False
        finally:
            for task in (reader, actor):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                self.absorb(msgspec.json.decode(raw))
        finally:
            code = ws.close_code
            if code is not None:
                self.close_codes[code] = self.close_codes.get(code, 0) + 1
            if code == 1012:
                self.resync = True

    async def _act(self, ws: ClientConnection, stop: asyncio.Event) -> None:
        while not stop.is_set() and (not self.over or self.resync):
            if self.resync:  # wait for the fresh snapshot before believing anything
                await self._changes(0.5)
                continue
            if self.token is None or self.sent >= self.max_commands:
                await self._changes(0.5)
                continue
            if self.pending is None:
                if not self.legal or not self.gate.is_set():
                    await self._changes(0.5)
                    continue
                if self.think:
                    await asyncio.sleep(self.rng.uniform(0, self.think))
                    if not self.legal or not self.gate.is_set():
                        continue
                self.pending = {
                    "type": "command",
                    "id": uuid.uuid4().hex,
                    "seen_version": self.version,
                    "command": self.rng.choice(self.legal),
                }
                self.sent += 1
            else:
                self.resent += 1
            command = self.pending
            waiter: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            self._waiters[command["id"]] = waiter
            await ws.send(msgspec.json.encode(command).decode())
            reply = await asyncio.wait_for(waiter, 20)
            self.pending = None
            if reply["type"] == "ack":
                self.acked[command["id"]] = reply["version"]
                self.acked_at[command["id"]] = time.monotonic()
                for _ in range(100):
                    if self.version >= reply["version"] or self.over:
                        break
                    await self._changes(0.2)
            else:
                reason = reply["reason"]
                self.rejected[reason] = self.rejected.get(reason, 0) + 1
                if reason not in RETRYABLE:
                    raise AssertionError(f"unexpected refusal {reply}")
                seen = command["seen_version"]
                for _ in range(10):
                    if self.version > seen or self.over:
                        break
                    await self._changes(0.1)
