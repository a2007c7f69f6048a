"""uvicorn's websocket protocol with one addition: a synchronous writer of ready-made frames.

Fan-out writes the same update to many sockets. Through ASGI every write is an awaited
`send` that re-frames the text and passes Starlette's and uvicorn's checks, about 25 µs a
socket; `websockets.broadcast()` instead frames the bytes once and writes them in a loop. This
protocol offers that loop to the app: the scope's extension `plateau.write_frame` takes one
or more complete server frames (see `text_frame`) and writes them at once. It returns False, writing
nothing, while the socket cannot take it now (not open, closing, or its buffer past the high
water mark); the caller then queues the text and sends it through ASGI, which waits.
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

WRITE_FRAME = "plateau.write_frame"


def text_frame(payload: bytes) -> bytes:
    """An unfragmented, unmasked text frame (RFC 6455 §5.2) holding `payload` (UTF-8)."""
    size = len(payload)
    if size < 126:
        return bytes((0x81, size)) + payload
    if size < 1 << 16:
        return bytes((0x81, 126)) + size.to_bytes(2, "big") + payload
    return bytes((0x81, 127)) + size.to_bytes(8, "big") + payload


class FrameWritingProtocol(WebSocketsSansIOProtocol):
    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # an accepted upgrade (a refused one has no scope)
            scope["extensions"][WRITE_FRAME] = self.write_frame

    def write_frame(self, frame: bytes) -> bool:
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or not self.writable.is_set()
            or self.transport.is_closing()
        ):
            return False
        self.transport.write(frame)
        return True
