"""Redis Streams event store: one stream per game, entry ids `0-<version>`, a Lua append.

Appends issued in the same event-loop tick are sent as one pipeline ("group commit"): the
redis-py client, not Redis, is what limits a Python process, and batching halves its cost.
Followers use one XREAD BLOCK pump per process over every watched stream.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

import redis.asyncio as aioredis
from redis.connection import HiredisRespSerializer
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.utils import HIREDIS_AVAILABLE

from server.store import Recorded, StoreUnavailable, WrongExpectedVersion

APPEND_LUA = resources.files("server.store").joinpath("append.lua").read_text()
INDEX_KEY = "plateau:games"
PAGE = 1000
POOL_SIZE = 64  # connections for appends and reads (the blocking pump has its own)
POOL_WAIT = 5.0  # seconds a command may wait for a free connection before StoreUnavailable


def events_key(stream: str) -> str:
    return f"game:{{{stream}}}:events"  # the braces are a cluster hash tag: one slot per game


def commands_key(stream: str) -> str:
    return f"game:{{{stream}}}:commands"


def version_of(entry_id: bytes) -> int:
    return int(entry_id.split(b"-", 1)[1])


def to_recorded(entry_id: bytes, fields: dict[bytes, bytes]) -> Recorded:
    return Recorded(
        version=version_of(entry_id),
        data=fields[b"d"],
        prev_hash=fields[b"p"].decode(),
        hash=fields[b"h"].decode(),
        at_ms=int(fields.get(b"t", b"0")),
    )


class HiredisPacking:
    """Pack commands with hiredis: redis-py's asyncio connection packs them in pure Python
    (its sync one uses hiredis), 14 µs against 4 µs for an append's EVALSHA here, and the
    pump's XREAD over every watched stream packs two arguments per game. Same bytes."""

    _packer = HiredisRespSerializer()

    def pack_command(self, *args: Any) -> list[bytes]:
        packed: list[bytes] = self._packer.pack(*args)
        return packed


def with_hiredis_packing(pool: aioredis.ConnectionPool) -> aioredis.ConnectionPool:
    """The pool, its connections (TCP, TLS or unix socket alike) packing with hiredis."""
    if not HIREDIS_AVAILABLE:
        return pool
    base = pool.connection_class
    pool.connection_class = type(f"Hiredis{base.__name__}", (HiredisPacking, base), {})
    return pool


class RedisStore:
    def __init__(self, client: aioredis.Redis, blocking: aioredis.Redis) -> None:
        self.client = client
        self.blocking = blocking  # its own connection: XREAD BLOCK holds it
        self.sha: str | None = None
        self.wake_key = f"plateau:wake:{uuid.uuid4().hex}"
        self.wake_id = b"0-0"
        self._pending: list[tuple[str, list[Any], asyncio.Future[int]]] = []

    @classmethod
    def from_url(cls, url: str) -> RedisStore:
        options: dict[str, Any] = {"health_check_interval": 30, "socket_connect_timeout": 5}
        # A burst of concurrent reads (hundreds of sockets saying hello at once, a reconnect
        # storm) must queue for a connection, not fail: redis-py's default pool raises "Too
        # many connections" past 100, which reached clients as "store unavailable".
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=POOL_SIZE, timeout=POOL_WAIT, **options
        )
        blocking = aioredis.ConnectionPool.from_url(url, socket_timeout=None, **options)
        return cls(
            aioredis.Redis.from_pool(with_hiredis_packing(pool)),
            aioredis.Redis.from_pool(with_hiredis_packing(blocking)),
        )

    # -- append, with group commit ---------------------------------------------------------

    async def append(
        self,
        stream: str,
        expected: int,
        events: Sequence[bytes],
        command_id: str | None = None,
    ) -> int:
        # every append carries an id, so a client-side retry after a lost reply (redis-py and
        # its cluster client resend on timeouts) is answered, not refused as a conflict
        args = [expected, command_id or uuid.uuid4().hex, int(time.time() * 1000), *events]
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        if not self._pending:
            asyncio.get_running_loop().call_soon(self._flush_soon)
        self._pending.append((stream, args, done))
        return await done

    def _flush_soon(self) -> None:
        batch, self._pending = self._pending, []
        if batch:
            asyncio.get_running_loop().create_task(self._flush(batch))

    async def _flush(self, batch: list[tuple[str, list[Any], asyncio.Future[int]]]) -> None:
        try:
            results = await self._run(batch)
        except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
            for _, _, done in batch:
                if not done.done():
                    done.set_exception(StoreUnavailable(str(exc)))
            return
        except BaseException as exc:  # never leave an appender waiting forever
            for _, _, done in batch:
                if not done.done():
                    done.set_exception(exc)
            raise
        for (_, _, done), result in zip(batch, results, strict=True):
            if done.done():
                continue
            if isinstance(result, ResponseError):
                message = str(result)
                if message.startswith("WRONG_EXPECTED_VERSION"):
                    done.set_exception(WrongExpectedVersion(int(message.split()[1])))
                else:
                    done.set_exception(result)
            elif isinstance(result, Exception):
                done.set_exception(result)
            else:
                done.set_result(int(result))

    async def _run(self, batch: list[tuple[str, list[Any], asyncio.Future[int]]]) -> list[Any]:
        if self.sha is None:
            self.sha = await self.client.script_load(APPEND_LUA)
        pipe = self.client.pipeline(transaction=False)
        for stream, args, _ in batch:
            pipe.evalsha(self.sha, 2, events_key(stream), commands_key(stream), *args)
        results: list[Any] = await pipe.execute(raise_on_error=False)
        if any(isinstance(r, NoScriptError) for r in results):  # Redis restarted: reload, redo
            self.sha = None
            return await self._run(batch)
        return results

    # -- reads -----------------------------------------------------------------------------

    async def recall(self, stream: str, command_id: str) -> int | None:
        try:
            found = await self.client.hget(commands_key(stream), command_id)
        except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
            raise StoreUnavailable(str(exc)) from exc
        return None if found is None else int(found)

    async def read(self, stream: str, after: int = 0, upto: int | None = None) -> list[Recorded]:
        out: list[Recorded] = []
        end = f"0-{upto}" if upto is not None else "+"
        start = after + 1
        try:
            while True:
                entries = await self.client.xrange(
                    events_key(stream), f"0-{start}", end, count=PAGE
                )
                out.extend(to_recorded(i, f) for i, f in entries)
                if len(entries) < PAGE:
                    return out
                start = out[-1].version + 1
        except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
            raise StoreUnavailable(str(exc)) from exc

    async def wait(self, positions: Mapping[str, int], timeout: float) -> dict[str, list[Recorded]]:
        streams: dict[str, Any] = {events_key(s): f"0-{v}" for s, v in positions.items()}
        streams[self.wake_key] = self.wake_id
        try:
            reply = await self.blocking.xread(streams, block=max(1, int(timeout * 1000)))
        except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
            raise StoreUnavailable(str(exc)) from exc
        found: dict[str, list[Recorded]] = {}
        for key, entries in reply or []:
            name = key.decode()
            if name == self.wake_key:
                self.wake_id = entries[-1][0]
                continue
            stream = name[len("game:{") : -len("}:events")]
            found[stream] = [to_recorded(i, f) for i, f in entries]
        return found

    async def wake(self) -> None:
        pipe = self.client.pipeline(transaction=False)
        pipe.xadd(self.wake_key, {"w": "1"}, maxlen=16, approximate=False)
        pipe.expire(self.wake_key, 3600)
        await pipe.execute()

    async def register(self, stream: str) -> None:
        await self.client.zadd(INDEX_KEY, {stream: time.time()}, nx=True)

    async def streams(self) -> list[str]:
        return [m.decode() for m in await self.client.zrange(INDEX_KEY, 0, -1)]

    async def ping(self) -> bool:
        try:
            return bool(await self.client.ping())
        except (RedisConnectionError, RedisTimeoutError, OSError):
            return False

    async def close(self) -> None:
        await self.client.aclose()
        await self.blocking.aclose()
