"""The websocket endpoint: authenticate with the first frame, then commands in, frames out."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import time
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
import structlog
from starlette.websockets import WebSocket, WebSocketDisconnect

from domain.kernel import DEFAULT_DETAIL, SPECTATOR, Reason, Rejected, Seat
from domain.protocol import (
    Ack,
    Chat,
    ClientFrame,
    CommandRejected,
    Error,
    Explain,
    Explained,
    Hello,
    Ping,
    Pong,
    Seek,
    Submit,
    Welcome,
)
from projections.codec import encode
from projections.snapshot import snapshot
from server.connection import Connection
from server.logs import log
from server.service import GameService
from server.state import AppState
from server.store import STORE_DOWN, StoreUnavailable
from server.ws_protocol import ON_TEXT, WRITE_FRAME

HELLO_TIMEOUT = 10.0
SPECTATORS_MAY_NOT_PLAY = Rejected(Reason.FORBIDDEN, "spectators may not play")
FRAME_RATE = 2  # frames of any kind per second (and burst), as a multiple of the command rate
MAX_STRIKES = 20  # frames over the rate tolerated within STRIKE_WINDOW seconds, then 1008
STRIKE_WINDOW = 10.0
MAX_COMMAND_ID = 128
_frames = msgspec.json.Decoder(ClientFrame)


class Bucket:
    """Token bucket: `rate` commands a second, bursts up to `burst`."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def error(reason: Reason, detail: str = "") -> bytes:
    return encode(Error(reason=reason.value, detail=detail or DEFAULT_DETAIL[reason]))


def origin_allowed(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser: bots and scripts carry no Origin
    if allowed:
        return origin in allowed or "*" in allowed
    host = ws.headers.get("host", "")
    return origin.split("://", 1)[-1] == host


async def endpoint(ws: WebSocket) -> None:
    state: AppState = ws.app.state.plateau
    settings = state.settings
    if not origin_allowed(ws, settings.allowed_origins):
        state.metrics.count("origin_refused")
        await ws.close(code=1008)
        return
    address = ws.client.host if ws.client else "?"
    if state.per_address[address] >= settings.max_connections_per_address:
        state.metrics.count("connections_refused")
        await ws.close(code=1013)
        return
    state.per_address[address] += 1
    try:
        await ws.accept()
        await _session(ws, state)
    except WebSocketDisconnect:
        pass
    finally:
        state.per_address[address] -= 1
        if state.per_address[address] <= 0:
            del state.per_address[address]


async def _receive_text(ws: WebSocket) -> str | None:
    """The next frame as text; None on disconnect. Binary frames are read as UTF-8."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        text = data.decode("utf-8", "replace")
    return text


async def _session(ws: WebSocket, state: AppState) -> None:
    settings, service, hub = state.settings, state.service, state.hub
    try:
        first = await asyncio.wait_for(_receive_text(ws), HELLO_TIMEOUT)
    except TimeoutError:
        await ws.send_text(error(Reason.BAD_REQUEST, "say hello first").decode())
        await ws.close(code=1008)
        return
    if first is None:
        return
    try:
        hello = _read_frame(first, settings.max_frame_bytes)
        if isinstance(hello, Rejected):
            raise hello
        if not isinstance(hello, Hello):
            raise Rejected(Reason.BAD_REQUEST, "the first frame must be a hello")
        live = await service.load(hello.game_id, fresh=True)
        seat = await service.seat_for(hello.game_id, hello.token)
    except StoreUnavailable:
        await ws.send_text(error(Reason.BUSY, STORE_DOWN).decode())
        await ws.close(code=1013)  # try again later
        return
    except (msgspec.DecodeError, Rejected) as exc:
        refusal = exc if isinstance(exc, Rejected) else Rejected(Reason.BAD_REQUEST, str(exc))
        await ws.send_text(error(refusal.reason, refusal.detail).decode())
        await ws.close(code=1008)
        return

    viewer = SPECTATOR if seat is None else Seat(seat)

    async def close(code: int) -> None:
        with contextlib.suppress(Exception):
            await ws.close(code=code)

    async def send(frame: bytes) -> None:
        await ws.send_text(frame.decode())

    write_frame = ws.scope.get("extensions", {}).get(WRITE_FRAME)
    conn = Connection(hello.game_id, viewer, settings.queue_frames, close, send, write_frame)
    structlog.contextvars.bind_contextvars(game_id=hello.game_id, seat=seat)
    log.info("connected", resume=hello.last_version)
    state.metrics.count("connections")
    welcome = Welcome(
        game_id=hello.game_id, game=live.table.game, seat=seat, names=live.table.names
    )
    conn.push(encode(welcome))
    await hub.attach(conn, live, hello.last_version, hello.last_hash)
    try:
        await _receive_loop(ws, state, conn, seat)
    finally:
        hub.detach(conn)
        await conn.stop()
        log.info("disconnected")
        structlog.contextvars.unbind_contextvars("game_id", "seat")


class DirectCommands:
    """A player's commands taken straight from the protocol (`server.ws_protocol.ON_TEXT`).

    A well-formed command within the rate, with nothing before it, runs at once in a task of
    its own: no message queue, no wake-up of the receive loop through Starlette's middleware
    (about 10 % of the CPU per command in scenario 2 of the benchmarks). Anything else is left
    to the loop, which says what is wrong with it. One frame at a time, in order: while a
    command runs or the loop handles a frame, the protocol queues what comes next, and the
    loop lets the running command finish before it handles a queued frame."""

    __slots__ = ("answer", "busy", "conn", "context", "frames", "handling", "loop", "max_bytes")

    def __init__(
        self,
        conn: Connection,
        frames: Bucket,
        max_bytes: int,
        answer: Callable[[Any], Awaitable[None]],
    ) -> None:
        self.conn, self.frames, self.max_bytes, self.answer = conn, frames, max_bytes, answer
        self.busy: asyncio.Task[None] | None = None
        self.handling = False  # the loop is handling a frame
        self.loop = asyncio.get_running_loop()
        self.context = contextvars.copy_context()  # the session's log context

    def offer(self, text: str) -> bool:
        if self.busy is not None or self.handling or self.conn.closed:
            return False
        frame = _read_frame(text, self.max_bytes)
        if not isinstance(frame, Submit) or not self.frames.take():
            return False
        self.busy = self.loop.create_task(self._run(frame), context=self.context)
        return True

    async def _run(self, frame: Submit) -> None:
        try:
            await self.answer(frame)
        finally:
            self.busy = None

    async def settle(self) -> None:
        """Let the command taken before the loop's frame finish first."""
        if self.busy is not None:
            await asyncio.shield(self.busy)


async def _receive_loop(ws: WebSocket, state: AppState, conn: Connection, seat: int | None) -> None:
    settings = state.settings
    bucket = Bucket(settings.commands_per_second, settings.command_burst)
    # every frame, whatever it holds (junk, seeks, pings), is paced too; a socket that keeps
    # going over the limit is closed
    frames = Bucket(settings.commands_per_second * FRAME_RATE, settings.command_burst * FRAME_RATE)
    strikes, window = 0, time.monotonic()

    offer = ws.scope.get("extensions", {}).get(ON_TEXT)
    direct = None  # only players send commands: spectators, the idle many, keep none
    if offer is not None and seat is not None:
        answer = functools.partial(_answer, state=state, conn=conn, seat=seat, bucket=bucket)
        direct = DirectCommands(conn, frames, settings.max_frame_bytes, answer)
        offer(direct.offer)
    try:
        while not conn.closed:
            message = await ws.receive()
            if direct is not None:
                direct.handling = True
                await direct.settle()
            try:
                if message["type"] == "websocket.disconnect":
                    return
                if not frames.take():
                    state.metrics.count("frames_rate_limited")
                    now = time.monotonic()
                    if now - window > STRIKE_WINDOW:
                        strikes, window = 0, now
                    strikes += 1
                    if strikes > MAX_STRIKES:
                        log.info("flood_closed")
                        with contextlib.suppress(Exception):
                            await asyncio.wait_for(
                                ws.close(code=1008, reason="too many messages"), 5
                            )
                        return
                    conn.push(error(Reason.RATE_LIMITED, "too many messages; slow down"))
                    continue
                text = message.get("text")
                if text is None:
                    state.metrics.count("frames_refused")
                    conn.push(error(Reason.BAD_REQUEST, "frames are JSON text, not binary"))
                    continue
                frame = _read_frame(text, settings.max_frame_bytes)
                if isinstance(frame, Rejected):
                    state.metrics.count("frames_refused")
                    conn.push(error(frame.reason, frame.detail))
                    continue
                await _answer(frame, state, conn, seat, bucket)
            finally:
                if direct is not None:
                    direct.handling = False
    finally:
        if direct is not None:
            offer(None)


def _read_frame(text: str, limit: int) -> Any:
    """The client frame `text` holds, or a `Rejected` (not raised) saying why it holds none."""
    if len(text) > limit:
        return Rejected(Reason.TOO_LARGE, f"frames are limited to {limit} bytes")
    try:
        return _frames.decode(text)
    except msgspec.DecodeError as exc:
        return Rejected(Reason.BAD_REQUEST, str(exc))


async def _answer(
    frame: Any, state: AppState, conn: Connection, seat: int | None, bucket: Bucket
) -> None:
    """Handle one decoded frame and push its reply, if any."""
    try:
        reply = await _handle(frame, state, state.service, conn, seat, bucket)
    except StoreUnavailable:
        reply = error(Reason.BUSY, STORE_DOWN)
    except Exception:  # a bug must cost this frame, not the socket or the server
        log.exception("frame_failed")
        reply = error(Reason.INTERNAL)
    if reply is not None:
        conn.push(reply)


async def _handle(
    frame: Any,
    state: AppState,
    service: GameService,
    conn: Connection,
    seat: int | None,
    bucket: Bucket,
) -> bytes | None:
    game_id = conn.game_id
    match frame:
        case Submit():
            if seat is None:
                return _refuse(state, frame.id, SPECTATORS_MAY_NOT_PLAY)
            if len(frame.id) > MAX_COMMAND_ID:
                too_long = Rejected(
                    Reason.BAD_REQUEST, f"a command id has at most {MAX_COMMAND_ID} characters"
                )
                return _refuse(state, frame.id[:MAX_COMMAND_ID], too_long)
            if not bucket.take():
                return _refuse(state, frame.id, Rejected(Reason.RATE_LIMITED))
            conn.commanding = True  # its update waits for the reply, to share a write
            try:
                version = await service.submit(
                    game_id, seat, frame.id, frame.seen_version, bytes(frame.command)
                )
            except Rejected as refusal:
                return _refuse(state, frame.id, refusal)
            except StoreUnavailable:  # the command may or may not have landed: retry its id
                state.metrics.count("store_errors")
                return _refuse(state, frame.id, Rejected(Reason.BUSY, STORE_DOWN))
            except Exception:
                log.exception("command_failed")
                return _refuse(state, frame.id, Rejected(Reason.INTERNAL))
            finally:
                conn.commanding = False
            conn.ack(encode(Ack(id=frame.id, version=version)), version)
            return None
        case Explain():
            if seat is None:
                return _refuse(state, frame.id, SPECTATORS_MAY_NOT_PLAY)
            try:
                result = await service.explain(game_id, seat, bytes(frame.command))
            except Rejected as refusal:
                return _refuse(state, frame.id, refusal)
            except Exception:
                log.exception("explain_failed")
                return _refuse(state, frame.id, Rejected(Reason.INTERNAL))
            return encode(Explained(id=frame.id, result=result))
        case Seek():
            live = await service.load(game_id)
            return encode(snapshot(live, conn.viewer, frame.version))
        case Chat():
            if not bucket.take():
                return error(Reason.RATE_LIMITED)
            try:
                await service.chat(game_id, seat, frame.text)
            except Rejected as refusal:
                return error(refusal.reason, refusal.detail)
            return None  # the chat line arrives with the next update
        case Ping():
            return encode(Pong())
        case Hello():
            return error(Reason.BAD_REQUEST, "already said hello; open a new socket to switch")
    return error(Reason.BAD_REQUEST)


def _refuse(state: AppState, command_id: str, refusal: Rejected) -> bytes:
    state.metrics.count("rejections_sent")
    return encode(
        CommandRejected(id=command_id, reason=refusal.reason.value, detail=refusal.detail)
    )
