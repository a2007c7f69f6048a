"""The websocket protocol uvicorn is told to run: the fast path's (`server.live.ws_protocol`,
on uvicorn's internals, docs/internals.md), or uvicorn's own, by its documented name, which
imports none of them."""

from __future__ import annotations

from typing import Any

STOCK = "websockets-sansio"  # uvicorn's own protocol, as its `--ws` option names it


def protocol(fast_path: bool) -> Any:
    """uvicorn's `ws` setting: the fast path's protocol class, or uvicorn's own by name."""
    if not fast_path:
        return STOCK
    from server.live.ws_protocol import FrameWritingProtocol  # uvicorn's internals

    return FrameWritingProtocol
