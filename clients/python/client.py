"""An asyncio client for Plateau: HTTP lobby calls and one websocket per seat or spectator.

It keeps the latest version, hash, view and legal choices as sent (`choices`: a price range
is one) and as the complete commands they hold (`legal`), resumes after a lost connection
with (last_version, last_hash), and matches acks and rejections to the commands it sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx
import msgspec
import websockets
from websockets.asyncio.client import ClientConnection, connect

from clients.python.patches import patched
from domain.choices import expand, from_wire


class CommandRefused(Exception):
    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason, self.detail = reason, detail


async def as_json(request: httpx.Request) -> None:
    """The server takes a state-changing request only as JSON, a bodiless one too
    (docs/protocol.md, "HTTP writes")."""
    if request.method != "GET" and "content-type" not in request.headers:
        request.headers["content-type"] = "application/json"


class Lobby:
    """The HTTP side: create, join, start, list."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        hooks = {"request": [as_json]}
        # an idle connection is let go before the server's keep-alive (uvicorn's 5 s, httpx's
        # own expiry too) can close it under a request sent on it: a ReadError, seen in tests
        limits = httpx.Limits(keepalive_expiry=2)
        self.http = httpx.AsyncClient(
            base_url=self.base_url, timeout=30, event_hooks=hooks, limits=limits
        )
        self.hosts: dict[str, str] = {}  # game id -> host token, for the games it created

    async def close(self) -> None:
        await self.http.aclose()

    @staticmethod
    def _ok(response: httpx.Response) -> Any:
        if response.status_code >= 400:
            body = response.json()
            raise CommandRefused(body.get("error", "error"), body.get("detail", response.text))
        return response.json()

    async def create(self, game: str, seats: int, options: dict[str, Any] | None = None) -> str:
        body = {"game": game, "seats": seats, "options": options or {}}
        made = self._ok(await self.http.post("/api/games", json=body))
        game_id: str = made["game_id"]
        self.hosts[game_id] = made["host_token"]
        return game_id

    async def join(self, game_id: str, name: str) -> tuple[int, str]:
        reply = self._ok(await self.http.post(f"/api/games/{game_id}/seats", json={"name": name}))
        return reply["seat"], reply["token"]

    async def start(self, game_id: str, token: str | None = None) -> int:
        """Start a game: as its creator if this lobby created it, else with the seat `token`
        (which may start it only once every seat is taken)."""
        headers = {"authorization": f"Bearer {self.hosts.get(game_id, token)}"}
        version: int = self._ok(
            await self.http.post(f"/api/games/{game_id}/start", headers=headers)
        )["version"]
        return version

    async def summary(self, game_id: str) -> dict[str, Any]:
        result: dict[str, Any] = self._ok(await self.http.get(f"/api/games/{game_id}"))
        return result

    def ws_url(self) -> str:
        return self.base_url.replace("http://", "ws://").replace("https://", "wss://") + "/ws"


def with_table(view: dict[str, Any], previous: dict[str, Any] | None) -> dict[str, Any]:
    """An update's view, completed with the table part (names, started, over, result) that
    the server leaves out of an update while it has not changed, and with the game's view
    the patch makes of the previous one."""
    if "patch" in view:
        rest = {key: part for key, part in view.items() if key != "patch"}
        game = patched(previous["game"] if previous else None, view["patch"])
        view = {**rest, "game": game}
    if "table" in view or previous is None:
        return view
    return {"table": previous["table"], **view}


@dataclass
class GameClient:
    """One websocket session on one game, as a seat (token) or a spectator (no token)."""

    url: str
    game_id: str
    token: str | None = None
    version: int = 0
    hash: str = ""
    view: Any = None
    legal: list[Any] = field(default_factory=list)  # every complete command the choices hold
    choices: list[Any] = field(default_factory=list)  # as sent: commands, Range and OneOf
    log: list[dict[str, Any]] = field(default_factory=list)
    # every frame received, for tests; an update's there with `view` the whole view the client
    # held once it applied it, and `sent` the view part as it came (its patch)
    frames: list[dict[str, Any]] = field(default_factory=list)
    seat: int | None = None
    record_frames: bool = False
    ws: ClientConnection | None = None
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    _pending: dict[str, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    _reader: asyncio.Task[None] | None = None
    errors: list[dict[str, Any]] = field(default_factory=list)
    closed_code: int | None = None

    async def connect(self, resume: bool = False) -> GameClient:
        self.ws = await connect(self.url, max_size=2**24, compression=None)
        hello: dict[str, Any] = {"type": "hello", "game_id": self.game_id, "token": self.token}
        if resume and self.version:
            hello |= {"last_version": self.version, "last_hash": self.hash}
        await self.ws.send(msgspec.json.encode(hello).decode())
        first = msgspec.json.decode(await self.ws.recv())
        self._record(first)
        if first["type"] == "error":
            raise CommandRefused(first["reason"], first["detail"])
        self.seat = first["seat"]
        if not resume or not self.version:
            self._absorb(msgspec.json.decode(await self.ws.recv()))
        self.closed_code = None
        self._reader = asyncio.create_task(self._read())
        return self

    async def close(self) -> None:
        if self._reader:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        if self.ws:
            await self.ws.close()

    def _record(self, message: dict[str, Any]) -> None:
        if self.record_frames:
            self.frames.append(message)

    def _absorb(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind != "update":
            self._record(message)
        if kind in ("snapshot", "update"):
            if kind == "snapshot" and not message.get("live", True):
                return  # a seek answer: the live state is unchanged
            if kind == "update" and message["version"] <= self.version:
                raise AssertionError(f"duplicate update {message['version']} <= {self.version}")
            if kind == "update" and message["base"] != self.version:
                raise AssertionError(f"an update from {message['base']}, at {self.version}")
            self.version, self.hash = message["version"], message["hash"]
            self.view = with_table(message["view"], self.view)
            self.choices = from_wire(message["legal"])
            self.legal = expand(self.choices)
            self.log.extend(message["log"] if kind == "snapshot" else message["events"])
            if kind == "update":
                self._record({**message, "view": self.view, "sent": message["view"]})
        elif kind in ("ack", "rejected"):
            waiter = self._pending.pop(message["id"], None)
            if waiter and not waiter.done():
                waiter.set_result(message)
        elif kind == "error":
            self.errors.append(message)

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for raw in self.ws:
                self._absorb(msgspec.json.decode(raw))
                async with self._changed:
                    self._changed.notify_all()
        except websockets.ConnectionClosed as closed:
            self.closed_code = closed.rcvd.code if closed.rcvd else None
        finally:
            self.closed_code = self.closed_code or 1006
            for waiter in self._pending.values():
                if not waiter.done():
                    waiter.set_exception(ConnectionError("connection closed"))
            async with self._changed:
                self._changed.notify_all()

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(msgspec.json.encode(message).decode())

    async def command(
        self, command: Any, command_id: str | None = None, seen_version: int | None = None
    ) -> dict[str, Any]:
        """Send a command; the ack or rejection message that answers it."""
        command_id = command_id or uuid.uuid4().hex
        done: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[command_id] = done
        await self.send(
            {
                "type": "command",
                "id": command_id,
                "seen_version": self.version if seen_version is None else seen_version,
                "command": command,
            }
        )
        return await asyncio.wait_for(done, 30)

    async def wait_for(self, predicate: Any, timeout: float = 30) -> None:
        async def until() -> None:
            async with self._changed:
                while not predicate(self):
                    if self.closed_code is not None:
                        raise ConnectionError(f"connection closed ({self.closed_code})")
                    await self._changed.wait()

        await asyncio.wait_for(until(), timeout)

    async def wait_version(self, version: int, timeout: float = 30) -> None:
        await self.wait_for(lambda c: c.version >= version, timeout)

    @property
    def over(self) -> bool:
        return bool(self.view and self.view["table"]["over"])
