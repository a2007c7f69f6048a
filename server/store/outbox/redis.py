"""The outbox on Redis. A game's own keys carry its id as their hash tag (`notify:{id}:...`):
its cursor, its waiting notices (a hash of them, a sorted set of when each is due) and its
channels, so recording notices with the cursor's move is one script on one slot. The games
watched and the games due are one key each; every other command touches one key, so it all
runs on a Redis Cluster too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from server.store.due_games import RedisDueGames
from server.store.outbox.waiting import WAITING, Waiting, encode_waiting
from server.store.redis import Client, reaching

WATCHED = "plateau:notify:watched"
DUE = "plateau:notify:due"
# move the cursor from ARGV[1] to ARGV[2] and keep the notices (id, body, due) after them;
# nothing unless the cursor is at ARGV[1]
RECORD_LUA = """
if tonumber(redis.call('GET', KEYS[1]) or '-1') ~= tonumber(ARGV[1]) then return 0 end
for i = 3, #ARGV, 3 do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
  redis.call('ZADD', KEYS[3], ARGV[i + 2], ARGV[i])
end
redis.call('SET', KEYS[1], ARGV[2])
return 1
"""
# keep a notice for a retry only if it still waits (a `done` by a process whose lease ran out
# must not be undone)
RETRY_LUA = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
return 1
"""


def _key(game_id: str, part: str) -> str:
    return f"notify:{{{game_id}}}:{part}"


class RedisOutbox(RedisDueGames):
    def __init__(self, client: Client) -> None:
        super().__init__(client, DUE)
        self._record = client.register_script(RECORD_LUA)
        self._retry = client.register_script(RETRY_LUA)

    async def watch(self, game_id: str, version: int) -> None:
        with reaching():
            await self.client.set(_key(game_id, "cursor"), version, nx=True)
            await self.client.sadd(WATCHED, game_id)

    async def unwatch(self, game_id: str) -> None:
        with reaching():
            await self.client.srem(WATCHED, game_id)
            await self.client.delete(_key(game_id, "cursor"))

    async def watched(self) -> list[str]:
        with reaching():
            members = cast(set[bytes], await self.client.smembers(WATCHED))
        return sorted(m.decode() for m in members)

    async def cursors(self, game_ids: Sequence[str]) -> dict[str, int]:
        pipe = self.client.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.get(_key(game_id, "cursor"))
        with reaching():
            replies = await pipe.execute()
        return {g: int(v) for g, v in zip(game_ids, replies, strict=True) if v is not None}

    async def record(
        self, game_id: str, after: int, upto: int, notices: Sequence[tuple[str, bytes, int]]
    ) -> bool:
        keys = [_key(game_id, "cursor"), _key(game_id, "waiting"), _key(game_id, "at")]
        args: list[str | int | bytes] = [after, upto]
        for notice_id, body, at_ms in notices:
            args += [notice_id, encode_waiting(Waiting(body)), at_ms]
        with reaching():
            return bool(await self._record(keys=keys, args=args))

    async def waiting(self, game_id: str, now_ms: int, limit: int) -> list[tuple[str, Waiting]]:
        with reaching():
            ids = cast(
                list[bytes],
                await self.client.zrangebyscore(
                    _key(game_id, "at"), "-inf", now_ms, start=0, num=limit
                ),
            )
            if not ids:
                return []
            found = cast(list[bytes | None], await self.client.hmget(_key(game_id, "waiting"), ids))
        return [
            (notice_id.decode(), WAITING.decode(kept))
            for notice_id, kept in zip(ids, found, strict=True)
            if kept is not None
        ]

    async def next_at(self, game_id: str) -> int | None:
        with reaching():
            first = cast(
                list[tuple[bytes, float]],
                await self.client.zrange(_key(game_id, "at"), 0, 0, withscores=True),
            )
        return int(first[0][1]) if first else None

    async def retry(self, game_id: str, notice_id: str, waiting: Waiting, at_ms: int) -> None:
        keys = [_key(game_id, "waiting"), _key(game_id, "at")]
        with reaching():
            await self._retry(keys=keys, args=[notice_id, encode_waiting(waiting), at_ms])

    async def done(self, game_id: str, notice_id: str) -> None:
        with reaching():  # the time first: a notice without one is never read again
            await self.client.zrem(_key(game_id, "at"), notice_id)
            await self.client.hdel(_key(game_id, "waiting"), notice_id)

    async def add_channel(self, game_id: str, channel_id: str, sealed: bytes) -> None:
        with reaching():
            await self.client.hset(_key(game_id, "channels"), channel_id, sealed)

    async def remove_channel(self, game_id: str, channel_id: str) -> bool:
        with reaching():
            await self.client.hdel(_key(game_id, "health"), channel_id)
            return bool(await self.client.hdel(_key(game_id, "channels"), channel_id))

    async def channels(self, game_id: str) -> dict[str, bytes]:
        with reaching():
            found = cast(dict[bytes, bytes], await self.client.hgetall(_key(game_id, "channels")))
        return {k.decode(): v for k, v in found.items()}

    async def set_health(self, game_id: str, channel_id: str, health: bytes) -> None:
        with reaching():
            await self.client.hset(_key(game_id, "health"), channel_id, health)

    async def health(self, game_id: str) -> dict[str, bytes]:
        with reaching():
            found = cast(dict[bytes, bytes], await self.client.hgetall(_key(game_id, "health")))
        return {k.decode(): v for k, v in found.items()}
