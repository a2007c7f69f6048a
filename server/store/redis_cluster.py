"""Redis Cluster event store: the Redis Streams adapter spread over a cluster's masters.

Every key of a game carries the game id as its hash tag (`game:{id}:events`,
`game:{id}:commands`), so the Lua append touches one slot and runs on the master owning it;
redis-py's cluster client routes it there and follows MOVED/ASK redirections.

Following is the part a cluster changes. XREAD cannot span slots (CROSSSLOT), so a process
cannot block on all its games in one command. Instead it runs one long-lived reader per
watched slot: an XREAD BLOCK, sent to the master that owns the slot on a connection of its
own, over every watched stream of that slot plus a wake stream placed in the same slot.
Readers put what they read in one mailbox; `wait` empties it. A new game in a slot that is
already followed wakes that slot's reader through its wake stream so it re-issues its XREAD
with the new key; a game no longer watched is dropped the same way, and a reader left with
no game ends.

    --store redis+cluster://host1:7000,host2:7001,host3:7002
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import Iterator, Mapping, Sequence
from typing import Any
from urllib.parse import unquote, urlsplit

import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.exceptions import ResponseError

from server.store import Recorded, StoreUnavailable
from server.store.redis import APPEND_LUA, RedisStore, commands_key, events_key, to_recorded

BLOCK_MS = 5000


class _SlotReader:
    """The streams of one slot this process follows, and the task reading them."""

    def __init__(self, slot: int, wake_key: str) -> None:
        self.slot = slot
        self.wake_key = wake_key
        self.wake_id = b"0-0"
        self.streams: set[str] = set()
        self.task: asyncio.Task[None] | None = None


@contextlib.contextmanager
def any_failure() -> Iterator[None]:
    """Whatever redis-py's cluster client raises while a master restarts or under concurrent
    first use (see `_run`) is StoreUnavailable: a read that failed changed nothing."""
    try:
        yield
    except StoreUnavailable:
        raise
    except Exception as exc:
        raise StoreUnavailable(f"{type(exc).__name__}: {exc}") from exc


CLIENT_ATTEMPTS = 2  # per append, when the cluster client itself fails (see `_run`)


class RedisClusterStore(RedisStore):
    def __init__(self, cluster: RedisCluster, password: str | None = None) -> None:
        super().__init__(cluster)
        self.cluster = cluster
        self.password = password
        self.script = cluster.register_script(APPEND_LUA)
        self.process = uuid.uuid4().hex[:12]
        self.readers: dict[int, _SlotReader] = {}
        self.positions: dict[str, int] = {}  # per stream: the last version read
        self.told: dict[str, int] = {}  # per stream: the position `wait` was last given
        self.found: dict[str, list[Recorded]] = {}
        self.failure: str | None = None
        self.arrived = asyncio.Event()
        self.nodes: dict[str, aioredis.Redis] = {}  # node name -> client for blocking reads
        self._ready = False

    @classmethod
    def from_url(cls, url: str) -> RedisClusterStore:
        """`redis+cluster://[:password@]host:port,host:port,...`"""
        parts = urlsplit(url)
        if parts.scheme != "redis+cluster":
            raise ValueError(f"not a cluster URL: {url!r}")
        netloc = parts.netloc
        password = None
        if "@" in netloc:
            auth, netloc = netloc.rsplit("@", 1)
            password = unquote(auth.split(":", 1)[-1]) or None
        nodes = []
        for item in netloc.split(","):
            host, _, port = item.strip().rpartition(":")
            nodes.append(ClusterNode(host or "127.0.0.1", int(port or 6379)))
        if not nodes:
            raise ValueError(f"no cluster node in {url!r}")
        cluster = RedisCluster(
            startup_nodes=nodes,
            password=password,
            socket_connect_timeout=5,
            socket_timeout=5,
            health_check_interval=30,
        )
        return cls(cluster, password)

    # -- append: one script call per game, each routed to its slot's master ---------------

    async def _run(self, batch: list[tuple[str, list[Any], asyncio.Future[Any]]]) -> list[Any]:
        async def one(stream: str, args: list[Any]) -> Any:
            keys = [events_key(stream), commands_key(stream)]
            failure: Exception | None = None
            for _ in range(CLIENT_ATTEMPTS):
                try:
                    return await self.script(keys=keys, args=args)
                except ResponseError as exc:
                    if str(exc).startswith("WRONG_EXPECTED_VERSION"):
                        return exc
                    # CLUSTERDOWN, TRYAGAIN, a slot without a master...: nothing durable to say
                    return StoreUnavailable(f"{type(exc).__name__}: {exc}")
                except Exception as exc:
                    # connection errors, and whatever redis-py's cluster client raises while a
                    # master restarts or under concurrent first use (seen: AttributeError on a
                    # connection whose writer is gone). The append may or may not have run;
                    # it carries its command id, so sending it again is safe: once here, then
                    # the client resends the same id
                    failure = exc
            return StoreUnavailable(f"{type(failure).__name__}: {failure}")

        return list(await asyncio.gather(*(one(stream, args) for stream, args, _ in batch)))

    async def recall(self, stream: str, command_id: str) -> int | None:
        with any_failure():
            return await super().recall(stream, command_id)

    async def read(self, stream: str, after: int = 0, upto: int | None = None) -> list[Recorded]:
        with any_failure():
            return await super().read(stream, after, upto)

    async def heads(self, streams: Sequence[str]) -> dict[str, tuple[int, str]]:
        with any_failure():  # the cluster client's pipeline sends each slot's reads to its master
            return await super().heads(streams)

    # -- following: one blocking reader per watched slot ----------------------------------

    async def _node_for(self, key: str) -> aioredis.Redis:
        if not self._ready:
            await self.cluster.initialize()
            self._ready = True
        node = self.cluster.get_node_from_key(key)
        if node is None:  # the slot has no master now (a failover): `_follow` asks again
            raise StoreUnavailable(f"no node serves the slot of {key}")
        client = self.nodes.get(node.name)
        if client is None:
            client = aioredis.Redis(
                host=node.host,
                port=int(node.port),
                password=self.password,
                socket_timeout=None,
                socket_connect_timeout=5,
                max_connections=4096,
            )
            self.nodes[node.name] = client
        return client

    def _reader_for(self, stream: str) -> _SlotReader:
        slot = self.cluster.keyslot(events_key(stream))
        reader = self.readers.get(slot)
        if reader is None:
            # a wake stream in the same slot: the same hash tag as the first game seen there
            wake_key = f"game:{{{stream}}}:wake:{self.process}"
            reader = self.readers[slot] = _SlotReader(slot, wake_key)
        return reader

    async def wait(self, positions: Mapping[str, int], timeout: float) -> dict[str, list[Recorded]]:
        restart: list[_SlotReader] = []
        for stream, version in positions.items():
            reader = self._reader_for(stream)
            if stream not in reader.streams:
                reader.streams.add(stream)
                restart.append(reader)
            if self.told.get(stream) != version:  # the caller's fold moved: read from there
                self.told[stream] = version
                if version < self.positions.get(stream, 0):  # refolded shorter: read again
                    restart.append(reader)
                self.positions[stream] = version
        for reader in self.readers.values():  # games nobody here watches any more
            gone = reader.streams.difference(positions)
            if gone:
                reader.streams -= gone
                for stream in gone:
                    self.positions.pop(stream, None)
                    self.told.pop(stream, None)
                restart.append(reader)  # re-issue its read without them (or let it end)
        for reader in dict.fromkeys(restart):
            if reader.task is None or reader.task.done():
                if reader.streams:
                    reader.task = asyncio.get_running_loop().create_task(self._follow(reader))
            else:
                await self._poke(reader)
        if not self.found and self.failure is None:
            self.arrived.clear()
            # not `wait_for`: on 3.11 it can swallow a stop's cancel (`SqliteStore.wait`)
            arriving = asyncio.ensure_future(self.arrived.wait())
            try:
                await asyncio.wait({arriving}, timeout=timeout)
            finally:
                arriving.cancel()
        found, self.found = self.found, {}
        failure, self.failure = self.failure, None
        if failure is not None and not found:
            raise StoreUnavailable(failure)
        return found

    async def _poke(self, reader: _SlotReader) -> None:
        # best effort: the reader's block ends within BLOCK_MS anyway. While a node restarts
        # the cluster client raises more than RedisError (uvloop: "the handler is closed"),
        # and that escaping `wait` once stopped a process's pump for good
        with contextlib.suppress(Exception):
            await self.cluster.xadd(reader.wake_key, {"w": "1"}, maxlen=16, approximate=False)
            await self.cluster.expire(reader.wake_key, 3600)

    async def _follow(self, reader: _SlotReader) -> None:
        while reader.streams:
            keys: dict[Any, Any] = {
                events_key(s): f"0-{self.positions.get(s, 0)}" for s in reader.streams
            }
            keys[reader.wake_key] = reader.wake_id
            try:
                node = await self._node_for(reader.wake_key)
                reply: Any = await node.xread(keys, block=BLOCK_MS)
            except Exception as exc:  # a node restarting, a moved slot, a cluster down
                self._ready = False  # the slot may have moved: ask the cluster again
                self.failure = str(exc)
                self.arrived.set()
                await asyncio.sleep(0.5)
                continue
            for key, entries in reply or []:
                name = key.decode()
                if name == reader.wake_key:
                    reader.wake_id = entries[-1][0]
                    continue
                stream = name[len("game:{") : -len("}:events")]
                records = [to_recorded(i, f) for i, f in entries]
                self.found.setdefault(stream, []).extend(records)
                self.positions[stream] = records[-1].version
            if reply:
                self.arrived.set()

    async def wake(self) -> None:
        self.arrived.set()  # `wait` returns; the next call brings the new positions

    async def ping(self) -> bool:
        """Whether the cluster answers. A cluster not formed yet makes redis-py raise its
        own RedisClusterException, no RedisError: any failure is unhealthy (a 503)."""
        try:
            return bool(await self.cluster.ping())
        except Exception:
            return False

    async def close(self) -> None:
        for reader in self.readers.values():
            if reader.task is not None:
                reader.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await reader.task
        for client in self.nodes.values():
            await client.aclose()
        await self.cluster.aclose()
