"""The websocket Origin check: a browser may open a socket only from an allowed page."""

from __future__ import annotations

from starlette.websockets import WebSocket


def origin_allowed(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    """Whether `ws` may open: its Origin is in `allowed` (`*` for any), or, with no list, is
    the host the request was sent to."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser: bots and scripts carry no Origin
    if allowed:
        return origin in allowed or "*" in allowed
    host = ws.headers.get("host", "")
    return origin.split("://", 1)[-1] == host
