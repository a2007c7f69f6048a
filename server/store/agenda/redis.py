"""The agenda on Redis: one sorted set of due games, a key per lease and per idempotency key.

Every command touches one key, so it runs on a Redis Cluster too (each key's own slot)."""

from __future__ import annotations

from typing import cast

from server.store.due_games import RedisDueGames
from server.store.redis import Client, reaching

DUE_KEY = "plateau:agenda"
LEASE = "plateau:lease:"
KEPT = "plateau:kept:"
# delete the lease only if it is still ours: an expired one may be another process's now
RELEASE_LUA = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class RedisAgenda(RedisDueGames):
    def __init__(self, client: Client) -> None:
        super().__init__(client, DUE_KEY)
        self._release = client.register_script(RELEASE_LUA)

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
