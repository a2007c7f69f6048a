"""One contract, every adapter: the event store's promises."""

from __future__ import annotations

import asyncio

import pytest

from server.store import EventStore, WrongExpectedVersion, chain, follow, verify_chain
from tests.store import ev


async def test_append_then_read_in_order(store: EventStore, stream: str) -> None:
    assert await store.append(stream, 0, [ev(1), ev(2)]) == 2
    assert await store.append(stream, 2, [ev(3)]) == 3
    records = await store.read(stream)
    assert [r.version for r in records] == [1, 2, 3]
    assert [r.data for r in records] == [ev(1), ev(2), ev(3)]


async def test_read_ranges(store: EventStore, stream: str) -> None:
    await store.append(stream, 0, [ev(i) for i in range(1, 11)])
    assert [r.version for r in await store.read(stream, after=3, upto=6)] == [4, 5, 6]
    assert [r.version for r in await store.read(stream, after=8)] == [9, 10]
    assert await store.read(stream, after=10) == []
    assert await store.read("never-written") == []


async def test_heads_are_each_streams_last_version_and_hash(store: EventStore, stream: str) -> None:
    other = f"{stream}-other"
    await store.append(stream, 0, [ev(1), ev(2)])
    await store.append(other, 0, [ev(1)])
    await store.append(stream, 2, [ev(3)])
    last, first = (await store.read(stream))[-1], (await store.read(other))[0]
    heads = await store.heads([stream, "never-written", other])
    assert heads == {stream: (3, last.hash), other: (1, first.hash)}
    assert await store.heads([]) == {}


async def test_long_streams_read_across_pages(store: EventStore, stream: str) -> None:
    await store.append(stream, 0, [ev(i) for i in range(2500)])
    records = await store.read(stream, after=10)
    assert [r.version for r in records] == list(range(11, 2501))


async def test_wrong_expected_version_writes_nothing(store: EventStore, stream: str) -> None:
    await store.append(stream, 0, [ev(1)])
    with pytest.raises(WrongExpectedVersion) as raised:
        await store.append(stream, 0, [ev(2), ev(3)])
    assert raised.value.actual == 1
    with pytest.raises(WrongExpectedVersion):
        await store.append(stream, 5, [ev(2)])
    assert [r.data for r in await store.read(stream)] == [ev(1)]


async def test_multi_event_append_is_atomic(store: EventStore, stream: str) -> None:
    await store.append(stream, 0, [ev(1)])
    with pytest.raises(WrongExpectedVersion):
        await store.append(stream, 0, [ev(i) for i in range(50)])
    assert len(await store.read(stream)) == 1
    assert await store.append(stream, 1, [ev(i) for i in range(50)]) == 51


async def test_eight_concurrent_appenders_one_winner_each_round(
    store: EventStore, stream: str
) -> None:
    for round_ in range(10):
        expected = round_

        async def attempt(writer: int, at: int = expected) -> bool:
            try:
                await store.append(stream, at, [ev(writer)])
                return True
            except WrongExpectedVersion:
                return False

        outcomes = await asyncio.gather(*(attempt(w) for w in range(8)))
        assert outcomes.count(True) == 1
    records = await store.read(stream)
    assert [r.version for r in records] == list(range(1, 11))


async def test_repeated_command_id_returns_first_result_and_writes_nothing(
    store: EventStore, stream: str
) -> None:
    first = await store.append(stream, 0, [ev(1), ev(2)], command_id="c-1")
    assert first == 2
    await store.append(stream, 2, [ev(3)], command_id="c-2")
    # a retry of c-1, even with a stale expected version, is answered, not refused
    assert await store.append(stream, 0, [ev(1), ev(2)], command_id="c-1") == 2
    assert len(await store.read(stream)) == 3
    # concurrent duplicates: exactly one write
    results = await asyncio.gather(
        *(store.append(stream, 3, [ev(9)], command_id="c-3") for _ in range(5)),
        return_exceptions=True,
    )
    assert results == [4] * 5
    assert len(await store.read(stream)) == 4
    assert await store.recall(stream, "c-1") == 2
    assert await store.recall(stream, "c-3") == 4
    assert await store.recall(stream, "never") is None


async def test_command_ids_are_per_stream(store: EventStore, stream: str) -> None:
    await store.append(stream, 0, [ev(1)], command_id="same")
    assert await store.append(stream + "x", 0, [ev(1), ev(2)], command_id="same") == 2


async def test_follow_delivers_every_later_event_in_order(store: EventStore, stream: str) -> None:
    await store.append(stream, 0, [ev(1), ev(2)])
    seen: list[int] = []

    async def consume() -> None:
        async for record in follow(store, stream, after=1):
            seen.append(record.version)
            if record.version == 40:
                return

    consumer = asyncio.create_task(consume())
    version = 2
    for i in range(19):
        version = await store.append(stream, version, [ev(i), ev(i + 100)])
        await asyncio.sleep(0)
    await asyncio.wait_for(consumer, 10)
    assert seen == list(range(2, 41))


async def test_wait_returns_on_wake(store: EventStore, stream: str) -> None:
    loop = asyncio.get_running_loop()
    started = loop.time()
    waiter = asyncio.create_task(store.wait({stream: 0}, timeout=5))
    await asyncio.sleep(0.05)
    await store.wake()
    assert await asyncio.wait_for(waiter, 3) == {}
    assert loop.time() - started < 3


async def test_hash_chain_links_every_record(store: EventStore, stream: str) -> None:
    await store.append(stream, 0, [ev(1), ev(2)])
    await store.append(stream, 2, [ev(3)])
    records = await store.read(stream)
    assert records[0].prev_hash == ""
    assert records[2].hash == chain(records[1].hash, ev(3), records[2].salt)
    assert verify_chain(records) is None
    # each event has a salt of its own, which the hash depends on
    assert all(len(r.salt) == 16 for r in records)
    assert len({r.salt for r in records}) == 3
    assert records[2].hash != chain(records[1].hash, ev(3), bytes(16))


async def test_an_expected_hash_that_is_not_the_heads_writes_nothing(
    store: EventStore, stream: str
) -> None:
    """The same version with another hash is a rewritten stream: an append that builds on
    the history the caller read is refused, as for a wrong version."""
    await store.append(stream, 0, [ev(1), ev(2)])
    head = (await store.read(stream))[-1].hash
    with pytest.raises(WrongExpectedVersion) as raised:
        await store.append(stream, 2, [ev(3)], None, "f" * len(head))
    assert raised.value.actual == 2
    assert len(await store.read(stream)) == 2
    assert await store.append(stream, 2, [ev(3)], None, head) == 3
    assert (await store.read(stream))[-1].prev_hash == head


async def test_hash_chain_detects_a_rewritten_tail(store: EventStore, stream: str) -> None:
    await store.append(stream, 0, [ev(1), ev(2), ev(3)])
    original = await store.read(stream)
    forged = [
        *original[:2],
        original[2].__class__(3, ev(99), original[2].prev_hash, original[2].hash),
    ]
    assert verify_chain(forged) == 3
    # a rewritten tail yields a different hash at the same version: resumers notice
    other = stream + "-fork"
    await store.append(other, 0, [ev(1), ev(2), ev(4)])
    assert (await store.read(other))[2].hash != original[2].hash


async def test_index_of_streams(store: EventStore, stream: str) -> None:
    await store.register(stream)
    await store.register(stream)
    assert (await store.streams()).count(stream) == 1
    assert await store.ping()


async def test_an_appends_last_event_carries_its_command_id(store: EventStore, stream: str) -> None:
    """Where one command's events end (what a lobby counts as a move, an undo takes back)."""
    await store.append(stream, 0, [ev(1), ev(2)], "first")
    await store.append(stream, 2, [ev(3)], "second")
    records = await store.read(stream)
    assert [r.command_id for r in records] == ["", "first", "second"]
    followed = await store.wait({stream: 0}, timeout=1)
    assert [r.command_id for r in followed[stream]] == ["", "first", "second"]


async def test_streams_beside_the_games_keep_to_themselves(store: EventStore, stream: str) -> None:
    """An account's stream and the claims beside it (`server.accounts.book`): names with a
    colon, no game id has one; appended and read like any stream, a claim won once, never
    listed among the games."""
    account, claim = f"account:{stream}", f"account-name:{stream}"
    await store.append(account, 0, [ev(1)])
    await store.append(claim, 0, [ev(2)])
    with pytest.raises(WrongExpectedVersion):
        await store.append(claim, 0, [ev(3)])  # a second claimant loses
    assert [r.data for r in await store.read(account)] == [ev(1)]
    assert [r.data for r in await store.read(claim)] == [ev(2)]
    assert await store.read(stream) == []  # the game of the same id is another stream
    listed = await store.streams()
    assert account not in listed and claim not in listed
    assert (await store.read(account))[0].at_ms > 0  # when: the ratings compare claims to ends
