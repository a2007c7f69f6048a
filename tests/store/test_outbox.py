"""The outbox's contract, on every adapter (SQLite, Redis, Redis Cluster)."""

from __future__ import annotations

from server.store import EventStore
from server.store.outbox import outbox_for
from server.store.outbox.waiting import Waiting


async def test_notices_are_recorded_with_the_cursor_once(store: EventStore, stream: str) -> None:
    outbox = outbox_for(store)
    assert await outbox.cursors([stream]) == {}
    await outbox.watch(stream, 3)
    await outbox.watch(stream, 1)  # watched already: the cursor stays
    assert stream in await outbox.watched()
    assert await outbox.cursors([stream, "never-watched"]) == {stream: 3}
    assert await outbox.record(stream, 3, 5, [("a", b"A", 100), ("b", b"B", 100), ("c", b"C", 200)])
    # a second process deriving the same versions finds the cursor moved: nothing kept twice
    assert not await outbox.record(stream, 3, 5, [("a", b"A", 100), ("d", b"D", 100)])
    assert await outbox.cursors([stream]) == {stream: 5}
    waiting = await outbox.waiting(stream, 100, 10)
    assert [(i, w.body) for i, w in waiting] == [("a", b"A"), ("b", b"B")]
    assert await outbox.waiting(stream, 99, 10) == []
    assert [i for i, _ in await outbox.waiting(stream, 200, 10)] == ["a", "b", "c"]
    assert await outbox.next_at(stream) == 100


async def test_a_retry_waits_its_time_and_done_ends_it(store: EventStore, stream: str) -> None:
    outbox = outbox_for(store)
    await outbox.watch(stream, 1)
    await outbox.record(stream, 1, 2, [("a", b"A", 100), ("b", b"B", 100)])
    tried = Waiting(b"A", attempts=1, reached=("ch1",))
    await outbox.retry(stream, "a", tried, 500)
    assert [i for i, _ in await outbox.waiting(stream, 499, 10)] == ["b"]
    assert await outbox.waiting(stream, 500, 10) == [("b", Waiting(b"B")), ("a", tried)]
    await outbox.done(stream, "b")
    await outbox.done(stream, "a")
    await outbox.retry(stream, "a", tried, 600)  # done stays done
    assert await outbox.waiting(stream, 10_000, 10) == []
    assert await outbox.next_at(stream) is None


async def test_games_due_in_order_and_sooner_only(store: EventStore, stream: str) -> None:
    outbox = outbox_for(store)
    other = f"{stream}-other"
    await outbox.schedule(stream, 200)
    await outbox.schedule(other, 100)
    await outbox.schedule(stream, 300, sooner_only=True)  # later: kept at 200
    due = await outbox.due(250, 1000)
    assert due.index(other) < due.index(stream)
    assert stream not in await outbox.due(199, 1000)
    await outbox.unschedule(stream)
    assert stream not in await outbox.due(10_000, 1000)
    await outbox.unschedule(other)


async def test_channels_and_their_health(store: EventStore, stream: str) -> None:
    outbox = outbox_for(store)
    await outbox.add_channel(stream, "c1", b"sealed-1")
    await outbox.add_channel(stream, "c2", b"sealed-2")
    await outbox.set_health(stream, "c2", b"failing")
    assert await outbox.channels(stream) == {"c1": b"sealed-1", "c2": b"sealed-2"}
    assert await outbox.health(stream) == {"c2": b"failing"}
    assert await outbox.remove_channel(stream, "c2")
    assert not await outbox.remove_channel(stream, "c2")
    assert await outbox.channels(stream) == {"c1": b"sealed-1"}
    assert await outbox.health(stream) == {}


async def test_an_unwatched_game_is_not_derived(store: EventStore, stream: str) -> None:
    outbox = outbox_for(store)
    await outbox.watch(stream, 4)
    await outbox.unwatch(stream)
    assert stream not in await outbox.watched()
    assert not await outbox.record(stream, 4, 6, [("a", b"A", 1)])
