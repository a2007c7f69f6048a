"""One websocket's outbound side: frames written at once, or queued in order, or held for a
command's reply; a socket that keeps no pace is closed (1013) and its client resumes."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from domain.kernel import Seat, Viewer
from server.live.ws_frames import text_frame
from server.ops.logs import log

SLOW_CONSUMER = 1013
RESYNC = 1012  # the socket was shown versions the stream no longer has
# closes the socket with a code: a coroutine function, so that the close runs as a task
Closer = Callable[[int], Coroutine[Any, Any, None]]


class Connection:
    """One websocket's outbound side: its viewer, what it has been sent, a bounded queue.

    A frame pushed to a socket with nothing pending is written at once by `write_frame` (the
    server's synchronous writer, see `server.live.ws_protocol`), in the pusher's own step: a
    fan-out costs no task and no await per socket. Only a socket that cannot take it now, and
    the frames queued behind it, go on in a task through the awaited `send`, which waits for
    room. Pending frames wait in a plain list (at most `limit`; an empty deque would cost a
    64-slot block), and idle sockets, the vast majority, hold no task and no asyncio.Queue."""

    # set on the sockets that send commands only: the idle many keep the class's defaults
    commanding = False  # a command of this socket's awaits the store (see `push`)
    _held: list[tuple[bytes, bytes]] | None = None  # frames waiting for that command's reply
    # when held frames give up waiting and go alone: after the pump's next read (`Hub.attach`
    # sets it, `server.live.pump`); without a pump, on the next pass of the loop
    release_later: Callable[[Callable[[], None]], None] | None = None

    def __init__(
        self,
        game_id: str,
        viewer: Viewer,
        limit: int,
        close: Closer,
        send: Callable[[bytes], Awaitable[None]] | None = None,
        write_frame: Callable[[bytes], bool] | None = None,
    ) -> None:
        self.game_id = game_id
        self.viewer = viewer
        self.sent_version = 0
        self.sent_hash = ""  # the hash at sent_version: a fold that lost it forces a resync
        self.queue: list[bytes] = []
        self.limit = limit
        self._close = close
        self._send = send
        self._write_frame = write_frame
        self._sender: asyncio.Task[None] | None = None
        self.closed = False

    @property
    def seat(self) -> int | None:
        return self.viewer.n if isinstance(self.viewer, Seat) else None

    def push(self, frame: bytes, wire: bytes | None = None) -> None:
        """Send `frame` (JSON text); `wire` is the same as a websocket frame, if already built.

        While one of this socket's commands is in flight (`commanding`), frames wait for its
        reply: the store's reply to a command and the pump's read of its events come back at
        about the same time, and the command's update and ack then go out in one write (see
        `ack`), a send syscall fewer per command. Held frames wait at most until the pump has
        read once more (`release_later`), or one pass of the loop without a pump."""
        if self.closed:
            return
        if self.commanding:
            self._hold(frame, wire)
            return
        held = self._held
        if held is None and self._sender is None and not self.queue:  # the usual case
            write = self._write_frame
            if write is not None and write(wire or text_frame(frame)):
                return
        self._held = None
        self._write(frame, wire, held)

    def ack(self, frame: bytes, version: int) -> None:
        """Send a command's ack (`frame`; the command landed at `version`). Its update was
        published just before (then it was held for this), or comes with the pump's next read
        (then the ack waits for it): one write for both."""
        if self.sent_version >= version:
            self.push(frame)
        else:
            self._hold(frame, None)

    def _hold(self, frame: bytes, wire: bytes | None) -> None:
        if self._held is None:
            self._held = []
            (self.release_later or asyncio.get_running_loop().call_soon)(self._release)
        self._held.append((frame, wire or text_frame(frame)))

    def _release(self) -> None:
        """The reply or the update did not come in time: what was held goes on alone."""
        held, self._held = self._held, None
        if held and not self.closed:
            frame, wire = held.pop()
            self._write(frame, wire, held)

    def _write(
        self, frame: bytes, wire: bytes | None, before: list[tuple[bytes, bytes]] | None
    ) -> None:
        """Write the `before` frames and `frame` at once, in one write, or queue them in order."""
        write = self._write_frame
        if write is not None and self._sender is None and not self.queue:
            out = wire or text_frame(frame)
            if before:
                out = b"".join([w for _, w in before]) + out
            if write(out):
                return
        for earlier, _ in before or ():
            self._enqueue(earlier)
        self._enqueue(frame)

    def _enqueue(self, frame: bytes) -> None:
        """Queue `frame` behind the others, for `_drain`; close a socket that keeps no pace."""
        if self.closed:
            return
        if len(self.queue) >= self.limit:
            log.info("slow_consumer_closed", game_id=self.game_id, seat=self.seat)
            self.close_soon(SLOW_CONSUMER)
            return
        self.queue.append(frame)
        if self._sender is None and self._send is not None:
            self._sender = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        """Send what queued up, in order, waiting for room as needed."""
        try:
            while self.queue and not self.closed and self._send is not None:
                await self._send(self.queue.pop(0))
        except Exception:  # the socket is gone: its session notices and detaches
            self.closed = True
            self.queue.clear()
        finally:
            self._sender = None

    def close_soon(self, code: int) -> None:
        """Take no more frames, and close the socket with `code` in a task of its own."""
        self.closed = True
        asyncio.get_running_loop().create_task(self._close(code))

    async def stop(self) -> None:
        """Cancel a send in progress (the session is over)."""
        self.closed = True
        sender, self._sender = self._sender, None
        if sender is not None:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
