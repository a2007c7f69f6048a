"""The websocket route: admit a socket (its Origin, the connections per client address),
accept it and run its session (`server.sockets.session`)."""

from __future__ import annotations

from starlette.websockets import WebSocket, WebSocketDisconnect

from server.sockets.session import run_session
from server.web.origin import origin_allowed
from server.web.state import AppState


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
        await run_session(ws, state)
    except WebSocketDisconnect:
        pass
    finally:
        state.per_address[address] -= 1
        if state.per_address[address] <= 0:
            del state.per_address[address]
