"""The lean Redis connection behind appends and the pump: order, errors, auth, lost links."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import hiredis
import pytest
import redis.asyncio as aioredis

from server.store import StoreUnavailable, resp
from server.store.redis import RedisStore
from server.store.resp import Address, LeanRedis
from tools.redis_server import RedisServer

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


@asynccontextmanager
async def fake_redis(handler: Handler) -> AsyncIterator[int]:
    """A server on a free port (yielded) answering each connection with `handler`. On the way
    out the sockets it accepted are closed too: closing an asyncio server leaves them open, to
    be found unclosed (a ResourceWarning) in whichever test the collector runs next."""
    accepted: list[asyncio.StreamWriter] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.append(writer)
        await handler(reader, writer)

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()
        for writer in accepted:
            writer.close()
            await writer.wait_closed()


def test_addresses_from_urls() -> None:
    assert Address.from_url("redis://:pw@db.example:7000/3") == Address(
        host="db.example", port=7000, db=3, password="pw"
    )
    assert Address.from_url("rediss://bob:pw@h") == Address(
        host="h", username="bob", password="pw", tls=True
    )
    assert Address.from_url("unix:///run/redis.sock?db=2") == Address(path="/run/redis.sock", db=2)
    assert Address.from_url("redis+cluster://a:1,b:2") is None


async def test_replies_come_back_in_order_and_errors_do_not_break_the_link(
    redis_url: str,
) -> None:
    lean = LeanRedis(Address.from_url(redis_url))  # type: ignore[arg-type]
    try:
        first, second = await asyncio.gather(
            lean.call(("DEL", "resp:k"), ("INCR", "resp:k"), ("LPUSH", "resp:k", "x")),
            lean.call(("INCRBY", "resp:k", 41)),
        )
        assert first[:2] == [0, 1] or first[:2] == [1, 1]
        assert isinstance(first[2], hiredis.ReplyError) and "WRONGTYPE" in str(first[2])
        assert second == [42]
        assert await lean.call(("GET", "resp:k")) == [b"42"]
    finally:
        await lean.close()


async def test_it_authenticates_and_selects_its_database() -> None:
    server = RedisServer().start()
    admin = aioredis.Redis(port=server.port)
    try:
        await admin.config_set("requirepass", "s3cret")
        lean = LeanRedis(Address(port=server.port, db=3, password="s3cret"))
        await lean.call(("SET", "resp:auth", "yes"))
        await lean.close()
        checker = aioredis.Redis(port=server.port, db=3, password="s3cret")
        assert await checker.get("resp:auth") == b"yes"
        await checker.aclose()
        wrong = LeanRedis(Address(port=server.port, password="nope"))
        with pytest.raises(ConnectionError, match="refused"):
            await wrong.call(("PING",))
    finally:
        await admin.aclose()
        server.stop()


async def test_a_lost_link_fails_what_is_in_flight_and_the_next_call_reconnects() -> None:
    server = RedisServer().start()
    lean = LeanRedis(Address(port=server.port))
    try:
        waiting = asyncio.create_task(
            lean.call(("XREAD", "BLOCK", 5000, "STREAMS", "resp:s", "0-0"), block_seconds=5)
        )
        await asyncio.sleep(0.2)
        server.kill()
        with pytest.raises(ConnectionError):
            await waiting
        with pytest.raises(OSError):  # nobody listens: a refused connection, not a hang
            await lean.call(("PING",))
        server.start()
        assert await lean.call(("PING",)) == [b"PONG"]
    finally:
        await lean.close()
        server.stop()


async def test_a_silent_server_is_given_up_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resp, "REPLY_TIMEOUT", 0.2)

    async def swallow(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()  # reads commands, never answers

    async with fake_redis(swallow) as port:
        lean = LeanRedis(Address(port=port))
        try:
            with pytest.raises(ConnectionError, match="in time"):
                await lean.call(("PING",))
        finally:
            await lean.close()


async def test_sent_commands_left_unanswered_give_the_link_up_even_if_a_waiter_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(resp, "REPLY_TIMEOUT", 0.2)

    async def answer_once(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read(65536)
        writer.write(b"+PONG\r\n")  # the first command only; then silence
        await reader.read()

    async with fake_redis(answer_once) as port:
        lean = LeanRedis(Address(port=port))
        try:
            assert await lean.call(("PING",)) == [b"PONG"]
            replies = [asyncio.get_running_loop().create_future() for _ in range(2)]
            assert lean.send([("PING",), ("PING",)], replies)
            replies[-1].cancel()  # its appender went away: the first still waits for its reply
            with pytest.raises(ConnectionError, match="in time"):
                await asyncio.wait_for(replies[0], 5)
        finally:
            await lean.close()


async def test_sent_commands_answered_in_time_keep_the_link(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(resp, "REPLY_TIMEOUT", 0.2)
    lean = LeanRedis(Address.from_url(redis_url))  # type: ignore[arg-type]
    try:
        assert await lean.call(("PING",)) == [b"PONG"]
        link = lean._protocol
        replies = [asyncio.get_running_loop().create_future() for _ in range(2)]
        assert lean.send([("PING",), ("ECHO", "x")], replies)
        assert [await r for r in replies] == [b"PONG", b"x"]
        await asyncio.sleep(0.3)  # past the watchdog, which was called off
        assert link is not None and not link.lost and lean._protocol is link
    finally:
        await lean.close()


@pytest.mark.parametrize("script_loaded", [False, True])
async def test_a_redis_still_loading_its_data_means_unavailable(script_loaded: bool) -> None:
    """A restarted Redis answers `-LOADING` until its data is back: appends must say
    "store unavailable" (the client retries), not fail as an internal error."""

    async def loading(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        parser = hiredis.Reader()
        while data := await reader.read(65536):
            parser.feed(data)
            while parser.gets() is not False:
                writer.write(b"-LOADING Redis is loading the dataset in memory\r\n")

    async with fake_redis(loading) as port:
        store = RedisStore(aioredis.Redis(port=port), Address(port=port))
        if script_loaded:
            store.sha = "0" * 40
        try:
            with pytest.raises(StoreUnavailable, match="LOADING"):
                await store.append("g1", 0, [b"{}"], "c1")
        finally:
            await store.close()


async def test_a_link_closing_before_it_is_told_fails_at_once_and_the_next_call_reconnects(
    redis_url: str,
) -> None:
    """Redis killed: the transport may be closing before `connection_lost` runs. A write then
    must fail as a lost link (uvloop raised RuntimeError, an `internal_error` for a player;
    asyncio's loop dropped the write and waited for the watchdog)."""
    lean = LeanRedis(Address.from_url(redis_url))  # type: ignore[arg-type]
    try:
        await lean.call(("PING",))
        protocol = lean._protocol
        assert protocol is not None and protocol.transport is not None
        protocol.transport.close()  # `connection_lost` comes on a later pass of the loop
        assert not lean.send([("PING",)], [asyncio.get_running_loop().create_future()])
        with pytest.raises(ConnectionError):
            await asyncio.wait_for(protocol.ask([("PING",)], 0.0), 1.0)
        assert await lean.call(("PING",)) == [b"PONG"]
    finally:
        await lean.close()
