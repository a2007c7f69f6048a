"""Redis Streams event store: one stream per game, entry ids `0-<version>`, a Lua append.

Appends issued in the same event-loop tick are sent as one pipeline ("group commit"): the
client, not Redis, is what limits a Python process, and batching halves its cost. Followers
use one XREAD BLOCK pump per process over every watched stream. Both hot commands go through
a lean hiredis connection each (`resp.py`, on hiredis' documented `Reader` and
`pack_command`); redis-py serves the rest, through its public API only.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from importlib import resources
from typing import Any, cast

import hiredis
import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.store import SALT_BYTES, Recorded, StoreUnavailable, WrongExpectedVersion, chain
from server.store.resp import Address, LeanRedis

APPEND_LUA = resources.files("server.store").joinpath("append.lua").read_text()
INDEX_KEY = "plateau:games"
PAGE = 1000
HEADS = 4096  # streams whose last append this process remembers
POOL_SIZE = 64  # connections for reads (appends and the pump have lean ones of their own)
POOL_WAIT = 5.0  # seconds a command may wait for a free connection before StoreUnavailable
# error replies that mean "not now" (restarting, loading its data, a script running long,
# failing over), answered busy so the client retries, never a refusal or an internal error
UNAVAILABLE = ("LOADING", "BUSY", "MASTERDOWN", "READONLY", "CLUSTERDOWN", "TRYAGAIN")


def events_key(stream: str) -> str:
    return f"game:{{{stream}}}:events"  # the braces are a cluster hash tag: one slot per game


def commands_key(stream: str) -> str:
    return f"game:{{{stream}}}:commands"


def version_of(entry_id: bytes) -> int:
    return int(entry_id.split(b"-", 1)[1])


# the redis-py client of the reads (and presence): one server's, or a cluster's
Client = aioredis.Redis | aioredis.RedisCluster

# redis-py types its replies for either setting of decode_responses; this store's client
# keeps the default, bytes: an XRANGE reply is a list of (entry id, fields)
Entries = list[tuple[bytes, dict[bytes, bytes]]]


UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)  # redis-py's, as it fails


@contextlib.contextmanager
def reaching() -> Iterator[None]:
    """A redis-py call that cannot reach its server raises StoreUnavailable."""
    try:
        yield
    except UNREACHABLE as exc:
        raise StoreUnavailable(str(exc)) from exc


def to_recorded(entry_id: bytes, fields: dict[bytes, bytes]) -> Recorded:
    return Recorded(
        version=version_of(entry_id),
        data=fields[b"d"],
        prev_hash=fields[b"p"].decode(),
        hash=fields[b"h"].decode(),
        at_ms=int(fields.get(b"t", b"0")),
        salt=fields.get(b"s", b""),  # none in an entry written before salts
        command_id=fields.get(b"c", b"").decode(),  # on an append's last entry
    )


# the fields of an entry in the order the append script writes them (the last of an append
# also has its command id, "c")
WRITTEN = [b"d", b"p", b"h", b"t", b"s"]
WRITTEN_LAST = [*WRITTEN, b"c"]


def entry_to_recorded(entry_id: bytes, flat: list[bytes]) -> Recorded:
    """An XREAD entry as Redis sends it: its id and a flat field, value, field, value list."""
    keys = flat[::2]
    if keys in (WRITTEN, WRITTEN_LAST):  # as the script writes them: no dict to build
        return Recorded(
            version_of(entry_id),
            flat[1],
            flat[3].decode(),
            flat[5].decode(),
            int(flat[7]),
            flat[9],
            flat[11].decode() if len(flat) > 10 else "",
        )
    return to_recorded(entry_id, dict(zip(flat[::2], flat[1::2], strict=True)))


class RedisStore:
    def __init__(self, client: Client, address: Address | None = None) -> None:
        self.client = client
        # the hot commands, on lean connections: appends, and the pump's XREAD BLOCK (its own)
        self.appender = LeanRedis(address) if address else None
        self.follower = LeanRedis(address) if address else None
        self.sha: str | None = None
        self.wake_key = f"plateau:wake:{uuid.uuid4().hex}"
        self.wake_id = b"0-0"
        self._pending: list[tuple[str, list[Any], asyncio.Future[Any]]] = []
        # per stream, the version and hash this process last appended: an append that does
        # not say which hash it builds on (the benchmark's relay) need not read it first
        self._heads: dict[str, tuple[int, str]] = {}

    @classmethod
    def from_url(cls, url: str) -> RedisStore:
        options: dict[str, Any] = {"health_check_interval": 30, "socket_connect_timeout": 5}
        # A burst of concurrent reads (hundreds of sockets saying hello at once, a reconnect
        # storm) must queue for a connection, not fail: redis-py's default pool raises "Too
        # many connections" past 100, which reached clients as "store unavailable".
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=POOL_SIZE, timeout=POOL_WAIT, **options
        )
        return cls(aioredis.Redis.from_pool(pool), Address.from_url(url))

    # -- append, with group commit ---------------------------------------------------------

    async def append(
        self,
        stream: str,
        expected: int,
        events: Sequence[bytes],
        command_id: str | None = None,
        expected_hash: str | None = None,
    ) -> int:
        # every append carries an id, so a retry after a lost reply (a player resending, or
        # the cluster client resending on timeouts) is answered, not refused as a conflict
        command_id = command_id or uuid.uuid4().hex
        guessed = expected_hash is None  # the caller does not know it: build on the head
        if expected_hash is None:
            known = self._heads.get(stream)  # as this process last appended it
            if known is not None and known[0] == expected:
                expected_hash = known[1]
            else:
                expected_hash = await self._hash_of(stream, expected)
        now = int(time.time() * 1000)
        args: list[Any] = [expected, expected_hash, command_id, now]
        digest = expected_hash
        for data in events:  # as `chained`, without its records: this is the command path
            salt = os.urandom(SALT_BYTES)
            digest = chain(digest, data, salt)
            args += (data, salt, digest)
        last = expected + len(events)
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Any] = loop.create_future()
        if not self._pending:
            loop.call_soon(self._flush_soon)
        self._pending.append((stream, args, done))
        try:
            reply = await done  # the script's reply, as Redis sent it
        except (ConnectionError, OSError) as exc:
            raise StoreUnavailable(str(exc)) from exc
        if not isinstance(reply, Exception):
            version = int(reply)
            if version == last:  # ours landed (not a retry's first answer)
                if len(self._heads) >= HEADS:
                    self._heads.clear()
                self._heads[stream] = (version, digest)
            return version
        message = str(reply)  # an error reply, from hiredis or redis-py
        if message.startswith("WRONG_EXPECTED_VERSION"):
            actual = int(message.split()[1])
            self._heads.pop(stream, None)
            if guessed and actual == expected:  # our guess of the hash was another's past
                return await self.append(stream, expected, events, command_id)
            raise WrongExpectedVersion(actual)
        if message.startswith(UNAVAILABLE):
            raise StoreUnavailable(message)
        if message.startswith("NOSCRIPT"):  # Redis restarted and lost its scripts: nothing ran
            self.sha = None
            return await self.append(
                stream, expected, events, command_id, None if guessed else expected_hash
            )
        raise reply

    async def _hash_of(self, stream: str, version: int) -> str:
        """The hash of `version` of `stream` ('' before the first)."""
        if version == 0:
            return ""
        with reaching():
            entries = cast(
                Entries,
                await self.client.xrange(
                    events_key(stream), f"0-{version}", f"0-{version}", count=1
                ),
            )
        return to_recorded(*entries[0]).hash if entries else ""

    def _flush_soon(self) -> None:
        """Send the appends of this pass in one pipeline. Their replies go straight to their
        appenders (`LeanRedis.send`), who then wake on the same pass as the pump that reads
        the events back: a command's ack and its update can share a write (`Connection.ack`)."""
        batch, self._pending = self._pending, []
        if not batch:
            return
        lean, replies = self.appender, [done for _, _, done in batch]
        if self.sha is not None and lean is not None and lean.send(self._scripts(batch), replies):
            return
        asyncio.get_running_loop().create_task(self._flush(batch))

    def _scripts(self, batch: list[tuple[str, list[Any], asyncio.Future[Any]]]) -> list[Any]:
        return [
            ("EVALSHA", self.sha, 2, events_key(stream), commands_key(stream), *args)
            for stream, args, _ in batch
        ]

    async def _flush(self, batch: list[tuple[str, list[Any], asyncio.Future[Any]]]) -> None:
        """The slow way, through a task: a first connection, a script to load, a cluster."""
        try:
            results = await self._run(batch)
        except (*UNREACHABLE, StoreUnavailable) as exc:
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
            if not done.done():
                done.set_result(result)

    async def _run(self, batch: list[tuple[str, list[Any], asyncio.Future[Any]]]) -> list[Any]:
        assert self.appender is not None
        if self.sha is None:
            (sha,) = await self.appender.call(("SCRIPT", "LOAD", APPEND_LUA))
            if isinstance(sha, hiredis.ReplyError):
                raise StoreUnavailable(str(sha))
            self.sha = sha.decode()
        results = await self.appender.call(*self._scripts(batch))
        if any(
            isinstance(r, hiredis.ReplyError) and str(r).startswith("NOSCRIPT") for r in results
        ):
            self.sha = None  # Redis restarted and lost its scripts: load again, redo
            return await self._run(batch)
        return results

    # -- reads -----------------------------------------------------------------------------

    async def recall(self, stream: str, command_id: str) -> int | None:
        with reaching():
            found = await self.client.hget(commands_key(stream), command_id)
        return None if found is None else int(found)

    async def read(self, stream: str, after: int = 0, upto: int | None = None) -> list[Recorded]:
        out: list[Recorded] = []
        end = f"0-{upto}" if upto is not None else "+"
        start = after + 1
        with reaching():
            while True:
                entries = cast(
                    Entries,
                    await self.client.xrange(events_key(stream), f"0-{start}", end, count=PAGE),
                )
                out.extend(to_recorded(i, f) for i, f in entries)
                if len(entries) < PAGE:
                    return out
                start = out[-1].version + 1

    async def heads(self, streams: Sequence[str]) -> dict[str, tuple[int, str]]:
        pipe = self.client.pipeline(transaction=False)  # one round trip
        for stream in streams:
            pipe.xrevrange(events_key(stream), "+", "-", count=1)
        with reaching():
            replies = await pipe.execute()
        found = {}
        for stream, entries in zip(streams, replies, strict=True):
            if entries:
                last = to_recorded(*entries[0])
                found[stream] = (last.version, last.hash)
        return found

    async def wait(self, positions: Mapping[str, int], timeout: float) -> dict[str, list[Recorded]]:
        assert self.follower is not None
        keys = [events_key(s) for s in positions]
        ids = [f"0-{v}" for v in positions.values()]
        block = max(1, int(timeout * 1000))
        command = ("XREAD", "BLOCK", block, "STREAMS", *keys, self.wake_key, *ids, self.wake_id)
        try:
            (reply,) = await self.follower.call(command, block_seconds=timeout)
        except OSError as exc:
            raise StoreUnavailable(str(exc)) from exc
        if isinstance(reply, hiredis.ReplyError):
            raise StoreUnavailable(str(reply))
        found: dict[str, list[Recorded]] = {}
        for key, entries in reply or []:
            name = key.decode()
            if name == self.wake_key:
                self.wake_id = entries[-1][0]
                continue
            stream = name[len("game:{") : -len("}:events")]
            found[stream] = [entry_to_recorded(i, f) for i, f in entries]
        return found

    async def wake(self) -> None:
        pipe = self.client.pipeline(transaction=False)
        pipe.xadd(self.wake_key, {"w": "1"}, maxlen=16, approximate=False)
        pipe.expire(self.wake_key, 3600)
        await pipe.execute()

    async def register(self, stream: str) -> None:
        with reaching():
            await self.client.zadd(INDEX_KEY, {stream: time.time()}, nx=True)

    async def streams(self) -> list[str]:
        with reaching():
            members = cast(list[bytes], await self.client.zrange(INDEX_KEY, 0, -1))
        return [m.decode() for m in members]

    async def ping(self) -> bool:
        try:
            return bool(await self.client.ping())
        except UNREACHABLE:
            return False

    async def close(self) -> None:
        for lean in (self.appender, self.follower):
            if lean is not None:
                await lean.close()
        await self.client.aclose()
