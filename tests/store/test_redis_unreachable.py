"""A Redis store whose server cannot be reached says so with StoreUnavailable, whichever call
finds out: the HTTP and websocket layers turn that, and only that, into "busy, retry"."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from server.store import StoreUnavailable
from server.store.redis import RedisStore
from tools.redis_server import free_port

CALLS: dict[str, Callable[[RedisStore], Awaitable[Any]]] = {
    "read": lambda store: store.read("g"),
    "recall": lambda store: store.recall("g", "c1"),
    "streams": lambda store: store.streams(),
    "heads": lambda store: store.heads(["g"]),
    "register": lambda store: store.register("g"),
    "append": lambda store: store.append("g", 0, [b"{}"], "c1"),
}


@pytest.mark.parametrize("call", list(CALLS))
async def test_each_call_says_the_store_is_unavailable(call: str) -> None:
    store = RedisStore.from_url(f"redis://127.0.0.1:{free_port()}/0")  # nothing listens
    try:
        with pytest.raises(StoreUnavailable):
            await CALLS[call](store)
    finally:
        await store.close()
