"""A player's commands taken straight from the protocol (`server.live.ws_protocol.ON_TEXT`), past
the session's receive loop."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable

from domain.protocol import Submit
from server.live.connection import Connection
from server.sockets.client_frames import read_frame
from server.sockets.rate_limit import Bucket


class DirectCommands:
    """A well-formed command within the rate, with nothing before it, runs at once in a task of
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
        answer: Callable[[Submit], Awaitable[None]],
    ) -> None:
        self.conn, self.frames, self.max_bytes, self.answer = conn, frames, max_bytes, answer
        self.busy: asyncio.Task[None] | None = None
        self.handling = False  # the loop is handling a frame
        self.loop = asyncio.get_running_loop()
        self.context = contextvars.copy_context()  # the session's log context

    def offer(self, text: str) -> bool:
        if self.busy is not None or self.handling or self.conn.closed:
            return False
        frame = read_frame(text, self.max_bytes)
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
