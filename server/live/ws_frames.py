"""What the app and the websocket fast path (`server.live.ws_protocol`) share, on public
names only: the scope extensions through which the app finds the fast path, and a server's
text frame. Kept apart so that with the fast path off (`PLATEAU_WS_FAST_PATH=0`) nothing
imports the uvicorn internals the fast path subclasses (`server.live.transport`)."""

from __future__ import annotations

WRITE_FRAME = "plateau.write_frame"  # the fast path's synchronous writer of ready frames
ON_TEXT = "plateau.on_text"  # the app's handler of text frames, tried before the queue


def text_frame(payload: bytes) -> bytes:
    """An unfragmented, unmasked text frame (RFC 6455 §5.2) holding `payload` (UTF-8)."""
    size = len(payload)
    if size < 126:
        return bytes((0x81, size)) + payload
    if size < 1 << 16:
        return bytes((0x81, 126)) + size.to_bytes(2, "big") + payload
    return bytes((0x81, 127)) + size.to_bytes(8, "big") + payload
