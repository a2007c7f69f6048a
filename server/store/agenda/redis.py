"""The agenda on Redis: one sorted set of due games, a key per lease and per idempotency key.

Every command touches one key, so it runs on a Redis Cluster too (each key's own slot)."""

from __future__ import annotations

from typing import cast

from server.store.redis import Client, reaching

DUE_KEY = "plateau:agenda"
LEASE = "plateau:lease:"
KEPT = "plateau:kept:"
# delete the lease only if it is still ours: an expired one may be another process's now
RELEASE_LUA = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class RedisAgenda:
    def __init__(self, client: Client) -> None:
        self.client = client
        self._release = client.register_script(RELEASE_LUA)

    async def due(self, now_ms: int, limit: int) -> list[str]:
        with reaching():
            found = await self.client.zrangebyscore(DUE_KEY, "-inf", now_ms, start=0, num=limit)
        return [game_id.decode() for game_id in cast(list[bytes], found)]

    async def schedule(self, game_id: str, at_ms: int, sooner_only: bool = False) -> None:
        with reaching():
            await self.client.zadd(DUE_KEY, {game_id: at_ms}, lt=sooner_only)

    async def unschedule(self, game_id: str) -> None:
        with reaching():
            await self.client.zrem(DUE_KEY, game_id)

    async def lease(self, game_id: str, owner: str, ttl_ms: int) -> bool:
        with reaching():
            return bool(await self.client.set(LEASE + game_id, owner, nx=True, px=ttl_ms))

    async def release(self, game_id: str, owner: str) -> None:
        with reaching():
            await self._release(keys=[LEASE + game_id], args=[owner])

    async def claim(self, key: str, value: bytes, ttl_s: int) -> bytes:
        with reaching():
            if await self.client.set(KEPT + key, value, nx=True, ex=ttl_s):
                return value
            kept = await self.client.get(KEPT + key)
        # gone between the two calls (expired that very moment): ours stands in for it
        return cast(bytes, kept) if kept is not None else value
