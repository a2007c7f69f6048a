"""uvicorn's websocket protocol with two additions on the hot path: plain text frames read
without websockets' parser, and a synchronous writer of ready-made frames.

Reading: every command arrives as one small, masked, unfragmented text frame. websockets'
sans-io parser reads it through a chain of generators (about 3 µs a frame in process, more
under load); `data_received` cuts the byte stream into whole frames itself, unmasks such a
frame and hands its text to the app exactly as uvicorn would. Every other frame (control
frames, binary, fragments, anything malformed or over the size limit) goes, whole, to
websockets' parser, which therefore always starts at a frame boundary and answers it as before.

Writing: fan-out writes the same update to many sockets. Through ASGI every write is an awaited
`send` that re-frames the text and passes Starlette's and uvicorn's checks, about 25 µs a
socket; `websockets.broadcast()` instead frames the bytes once and writes them in a loop. This
protocol offers that loop to the app: the scope's extension `plateau.write_frame` takes one
or more complete server frames (see `text_frame`) and writes them at once. It returns False, writing
nothing, while the socket cannot take it now (not open, closing, or its buffer past the high
water mark); the caller then queues the text and sends it through ASGI, which waits.

Both rest on internals of uvicorn and websockets (each listed in docs/internals.md, where the
bounds in pyproject.toml are explained). `PLATEAU_WS_FAST_PATH=0` runs uvicorn's own protocol
instead, by its documented name (`protocol`): the scope then offers neither extension, and the
session reads every frame through Starlette's `WebSocket` and sends through it.
"""

from __future__ import annotations

from collections.abc import Callable

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import State

from server.live.ws_frames import ON_TEXT, WRITE_FRAME
from server.ops.logs import log

OPEN = State.OPEN
MASKED_TEXT = 0x81  # first byte of a text frame with FIN set and no extension bits


def unmask(payload: bytes | bytearray, mask: bytes | bytearray) -> bytes:
    """A client frame's payload unmasked (RFC 6455 §5.3): XOR with the 4-byte mask repeated,
    as one integer operation. websockets' own C unmasking is internal to it, and its public
    `apply_mask` checks and copies more than a payload cut from a frame here needs."""
    size = len(payload)
    key = int.from_bytes(mask * (size // 4 + 1), "little") & ((1 << (8 * size)) - 1)
    return (int.from_bytes(payload, "little") ^ key).to_bytes(size, "little")


class FrameWritingProtocol(WebSocketsSansIOProtocol):
    # the start of a frame still incomplete at the end of the last read, extended in place by
    # the next reads: a frame cut into many small reads costs its size, not its size squared
    _partial: bytes | bytearray = b""
    _parser_only = False  # websockets' parser may hold part of a frame: it reads everything
    _on_text: Callable[[str], bool] | None = None

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # an accepted upgrade (a refused one has no scope)
            scope["extensions"][WRITE_FRAME] = self.write_frame
            scope["extensions"][ON_TEXT] = self.set_text_handler

    def set_text_handler(self, handler: Callable[[str], bool] | None) -> None:
        """Offer each text frame to `handler` first, while nothing waits in the app's queue
        (so frames stay in order); a frame it takes (True) never enters the queue."""
        self._on_text = handler

    def data_received(self, data: bytes) -> None:
        conn = self.conn
        if conn.state is not OPEN or self._parser_only:
            if self.handshake_initiated and conn.state is not OPEN:
                # data after the request (whole in the first read) and before the accept:
                # the parser may stop inside a frame, so it reads everything from now on
                self._parser_only = True
            partial, self._partial = self._partial, b""
            self._parse(partial + data if partial else data)
            return
        buffered: bytes | bytearray = data
        if self._partial:
            self._partial += data
            buffered, self._partial = self._partial, b""
        self._read(buffered)

    def _read(self, data: bytes | bytearray) -> None:
        """Hand the app each whole text frame of `data`, the parser every other whole frame,
        and keep an incomplete last frame for the next read."""
        conn = self.conn
        end, start, limit = len(data), 0, conn.max_message_size
        while start < end:
            if conn.state is not OPEN:  # a close went by: the parser reads the rest, if any
                if not self.transport.is_closing():
                    self._parse(data[start:])
                return
            if end - start < 2:
                break
            second = data[start + 1]
            masked, size = second & 0x80, second & 0x7F
            extended = 2 if size == 126 else 8 if size == 127 else 0
            head = 2 + extended + (4 if masked else 0)
            if end - start < head:
                break
            if extended:
                size = int.from_bytes(data[start + 2 : start + 2 + extended], "big")
            if limit is not None and size > limit:  # the parser refuses it (1009)
                self._parser_only = True
                self._parse(data[start:])
                return
            stop = start + head + size
            if stop > end:
                break
            if data[start] == MASKED_TEXT and masked and conn.current_size is None:
                payload = unmask(data[start + head : stop], data[start + head - 4 : start + head])
                if not self._offered(payload):
                    self.curr_msg_data_type = "text"
                    self.frames = [payload]
                    self.send_receive_event_to_app()
            else:
                self._parse(data[start:stop])
            start = stop
        if start < end:
            rest = data[start:] if start else data
            self._partial = rest if isinstance(rest, bytearray) else bytearray(rest)

    def _offered(self, payload: bytes) -> bool:
        """Whether the app's text handler took the frame."""
        handler = self._on_text
        if handler is None or not self.queue.empty() or self.close_sent:
            return False
        try:
            text = payload.decode()
        except UnicodeDecodeError:
            return False  # uvicorn's path closes with 1007
        try:
            return handler(text)
        except Exception:  # a bug in the handler must cost its frame, not the connection
            log.exception("text_handler_failed")
            return False  # the frame goes the usual way, to the app's receive loop

    def _parse(self, data: bytes | bytearray) -> None:
        """Hand `data` to websockets' parser, as uvicorn does with every read (uvicorn takes
        bytes: the rest of a frame cut across reads, kept in a bytearray, is copied)."""
        if data:
            super().data_received(data if isinstance(data, bytes) else bytes(data))

    def write_frame(self, frame: bytes) -> bool:
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or not self.writable.is_set()  # the buffer is past its high water mark
            or self.transport.is_closing()
        ):
            return False
        self.transport.write(frame)
        return True
