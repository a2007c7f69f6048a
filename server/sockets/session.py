"""One socket's session: its hello (the game, and a seat's token or none to watch), the welcome
and first frame, then each frame it sends, paced and answered, until it goes."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Callable

import structlog
from starlette.websockets import WebSocket

from domain.kernel import SPECTATOR, Reason, Rejected, Seat
from domain.protocol import Hello, Welcome
from projections.codec import encode
from server.live.connection import Connection
from server.live.ws_frames import ON_TEXT, WRITE_FRAME
from server.ops.logs import log
from server.sockets.answers import answer
from server.sockets.client_frames import error, read_frame
from server.sockets.direct_commands import DirectCommands
from server.sockets.rate_limit import Bucket, Strikes, frame_bucket
from server.store import STORE_DOWN, StoreUnavailable
from server.web.acting_seat import acting_seat
from server.web.state import AppState

HELLO_TIMEOUT = 10.0
UNSHOWABLE = "this game cannot be shown: its stored events do not fold on this server"
# the protocol's hook for a text handler tried before the receive loop (`ON_TEXT`)
OfferTexts = Callable[[Callable[[str], bool] | None], None]


async def run_session(ws: WebSocket, state: AppState) -> None:
    """Serve an accepted socket until it goes."""
    settings, service, hub = state.settings, state.service, state.hub
    try:
        first = await asyncio.wait_for(_receive_text(ws), HELLO_TIMEOUT)
    except TimeoutError:
        await ws.send_text(error(Reason.BAD_REQUEST, "say hello first").decode())
        await ws.close(code=1008)
        return
    if first is None:
        return
    hello = read_frame(first, settings.max_frame_bytes)
    try:
        if isinstance(hello, Rejected):
            raise hello
        if not isinstance(hello, Hello):
            raise Rejected(Reason.BAD_REQUEST, "the first frame must be a hello")
        live = await service.load(hello.game_id, fresh=True)
        seat = await acting_seat(ws, state, hello.game_id, hello.token, hello.seat)
    except StoreUnavailable:
        await ws.send_text(error(Reason.BUSY, STORE_DOWN).decode())
        await ws.close(code=1013)  # try again later
        return
    except Rejected as refusal:
        await ws.send_text(error(refusal.reason, refusal.detail).decode())
        await ws.close(code=1008)
        return
    except Exception as exc:  # the hello was read: the game's stored events do not fold
        await _unshowable(ws, state, hello.game_id if isinstance(hello, Hello) else "", exc)
        return

    viewer = SPECTATOR if seat is None else Seat(seat)

    async def close(code: int) -> None:
        with contextlib.suppress(Exception):
            await ws.close(code=code)

    async def send(frame: bytes) -> None:
        await ws.send_text(frame.decode())

    write_frame: Callable[[bytes], bool] | None = ws.scope.get("extensions", {}).get(WRITE_FRAME)
    conn = Connection(hello.game_id, viewer, settings.queue_frames, close, send, write_frame)
    structlog.contextvars.bind_contextvars(game_id=hello.game_id, seat=seat)
    log.info("connected", resume=hello.last_version)
    state.metrics.count("connections")
    welcome = Welcome(
        game_id=hello.game_id, game=live.table.game, seat=seat, names=live.table.names
    )
    conn.push(encode(welcome))
    try:
        await hub.attach(conn, live, hello.last_version, hello.last_hash)
    except StoreUnavailable:
        raise
    except Exception as exc:  # the first frame failed: the game cannot show this viewer
        await conn.stop()
        await _unshowable(ws, state, hello.game_id, exc)
        structlog.contextvars.unbind_contextvars("game_id", "seat")
        return
    try:
        await _receive_loop(ws, state, conn, seat)
    finally:
        hub.detach(conn)
        await conn.stop()
        log.info("disconnected")
        structlog.contextvars.unbind_contextvars("game_id", "seat")


async def _unshowable(ws: WebSocket, state: AppState, game_id: str, exc: Exception) -> None:
    """Answer a hello on a game that cannot be folded or shown (a bug, or a table stored with
    options its game cannot build) with an error frame and a clean close. One line in the log
    per hello: the game and the exception's kind, never its text (it may quote hidden parts)."""
    log.warning("game_unshowable", game_id=game_id, error=type(exc).__name__)
    state.metrics.count("hellos_unshowable")
    with contextlib.suppress(Exception):  # the socket may be gone already
        await ws.send_text(error(Reason.INTERNAL, UNSHOWABLE).decode())
        await ws.close(code=1011)


async def _receive_text(ws: WebSocket) -> str | None:
    """The next frame as text; None on disconnect. Binary frames are read as UTF-8."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text: str | None = message.get("text")
    if text is None:
        data: bytes = message.get("bytes") or b""
        text = data.decode("utf-8", "replace")
    return text


async def _receive_loop(ws: WebSocket, state: AppState, conn: Connection, seat: int | None) -> None:
    settings = state.settings
    bucket = Bucket(settings.commands_per_second, settings.command_burst)
    # every frame, whatever it holds, is paced too; a socket that keeps going over is closed
    frames = frame_bucket(settings.commands_per_second, settings.command_burst)
    strikes = Strikes()

    offer: OfferTexts | None = ws.scope.get("extensions", {}).get(ON_TEXT)
    direct = None  # only players send commands: spectators, the idle many, keep none
    if offer is not None and seat is not None:
        answer_now = functools.partial(answer, state=state, conn=conn, seat=seat, bucket=bucket)
        direct = DirectCommands(conn, frames, settings.max_frame_bytes, answer_now)
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
                    if strikes.flooding():
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
                frame = read_frame(text, settings.max_frame_bytes)
                if isinstance(frame, Rejected):
                    state.metrics.count("frames_refused")
                    conn.push(error(frame.reason, frame.detail))
                    continue
                await answer(frame, state, conn, seat, bucket)
            finally:
                if direct is not None:
                    direct.handling = False
    finally:
        if direct is not None and offer is not None:
            offer(None)
