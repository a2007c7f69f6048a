"""A cancel of `SqliteStore.wait` always ends the waiting task, even when an append wakes
the wait in the same tick (on Python 3.11 `asyncio.wait_for` returned the result then, and
the cancel was lost: the pump of a server asked to stop read on for ever), and the events
appended are all stored."""

from __future__ import annotations

import asyncio

import pytest

from server.store.sqlite import SqliteStore
from tests.store import ev


async def test_a_cancel_landing_as_an_append_wakes_the_wait_is_not_lost() -> None:
    store = SqliteStore()
    try:
        waiting = asyncio.create_task(store.wait({"g": 0}, timeout=5))
        await asyncio.sleep(0)  # the wait is registered and blocked
        appended = asyncio.create_task(store.append("g", 0, [ev(1)]))
        await asyncio.sleep(0)  # the append's commit is due in this tick
        await asyncio.sleep(0)  # it ran: the wait is woken, its task not yet resumed
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        assert await appended == 1
        assert [r.version for r in await store.read("g")] == [1]
    finally:
        await store.close()
