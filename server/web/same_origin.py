"""State-changing HTTP requests only as JSON and only from allowed pages.

A page on another site can make its visitors' browsers send a "simple" POST (text/plain, a
form) without asking anyone: the browser sends it, cookies or not, and only hides the answer.
So every POST, PUT, PATCH or DELETE under /api must say `Content-Type: application/json`
(415 otherwise), which a browser sends cross-site only after a CORS preflight this server
never grants, and a browser's `Origin` must pass the websocket's rule (`server.web.origin`; 403
otherwise). A request without an Origin is not a browser's, and is let through.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from domain.kernel import Reason
from server.ops.logs import log
from server.web.origin import origin_allowed

CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
JSON = "application/json"


def refusal(conn: HTTPConnection, allowed: tuple[str, ...]) -> JSONResponse | None:
    """Why a state-changing request is refused, as the answer to send; None to let it in."""
    if not origin_allowed(conn, allowed):
        return JSONResponse(
            {"error": Reason.FORBIDDEN.value, "detail": "requests from this Origin are refused"},
            status_code=403,
        )
    media = conn.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != JSON:
        return JSONResponse(
            {
                "error": Reason.BAD_REQUEST.value,
                "detail": f"send the request as Content-Type: {JSON} (even with no body)",
            },
            status_code=415,
        )
    return None


class SameOrigin:
    """ASGI middleware applying `refusal` to every state-changing request under /api."""

    def __init__(self, app: ASGIApp, allowed: tuple[str, ...]) -> None:
        self.app, self.allowed = app, allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] in CHANGING
            and scope["path"].startswith("/api/")
        ):
            answer = refusal(HTTPConnection(scope), self.allowed)
            if answer is not None:
                log.info("http_refused", path=scope["path"], status=answer.status_code)
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)
