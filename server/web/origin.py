"""The Origin check, for websockets and state-changing HTTP requests alike: a browser may act
on the server only from an allowed page."""

from __future__ import annotations

from starlette.requests import HTTPConnection


def origin_allowed(conn: HTTPConnection, allowed: tuple[str, ...]) -> bool:
    """Whether `conn` may proceed: its Origin is in `allowed` (`*` for any), or, with no list,
    is the host the request was sent to."""
    origin = conn.headers.get("origin")
    if origin is None:
        return True  # not a browser: bots and scripts carry no Origin
    if allowed:
        return origin in allowed or "*" in allowed
    host = conn.headers.get("host", "")
    return origin.split("://", 1)[-1] == host
