"""Which adapter a store URL names (`open_store`), and a store opened for one read
(`read_once`). Kept apart from the port (`server.store`), which every adapter imports, so
that the port imports no adapter."""

from __future__ import annotations

from server.store import EventStore, Recorded


def open_store(url: str | None) -> EventStore:
    """`redis://...` for Redis Streams, `redis+cluster://host:port,...` for Redis Cluster,
    `sqlite:///path` (or nothing: in memory) for SQLite."""
    if url and url.startswith("redis+cluster://"):
        from server.store.redis_cluster import RedisClusterStore

        return RedisClusterStore.from_url(url)
    if url and url.startswith(("redis://", "rediss://", "unix://")):
        from server.store.redis import RedisStore

        return RedisStore.from_url(url)
    from server.store.sqlite import SqliteStore

    path = ":memory:"
    if url:
        if not url.startswith("sqlite://"):
            raise ValueError(f"unknown store URL {url!r}: use redis://... or sqlite:///path")
        path = url.removeprefix("sqlite://").removeprefix("/") or ":memory:"
        if url.startswith("sqlite:////"):
            path = "/" + path.lstrip("/")
    return SqliteStore(path)


async def read_once(url: str | None, stream: str) -> list[Recorded]:
    """Every record of `stream` in the store at `url`, opened for this read alone (the
    commands that check or export one stored game)."""
    store = open_store(url)
    try:
        return await store.read(stream)
    finally:
        await store.close()
