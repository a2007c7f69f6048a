"""Who is connected to which seat, across every process serving the same store.

Each process beats, every few seconds, the seats its sockets hold; a beat not renewed within
the time to live fades, so a process that dies stops claiming its seats. The embedded store
has one process, so its presence is just the local sockets.
"""

from __future__ import annotations

import time
import uuid
from typing import Protocol, cast

from server.store.redis import Client

TTL_MS = 15_000


class Presence(Protocol):
    async def beat(self, game_id: str, seats: list[int]) -> None:
        """This process holds exactly `seats` of the game now."""
        ...

    async def seats(self, game_id: str) -> list[int]:
        """Seats held by any process (this one's included)."""
        ...


class LocalPresence:
    def __init__(self) -> None:
        self.held: dict[str, list[int]] = {}

    async def beat(self, game_id: str, seats: list[int]) -> None:
        if seats:
            self.held[game_id] = seats
        else:
            self.held.pop(game_id, None)

    async def seats(self, game_id: str) -> list[int]:
        return sorted(self.held.get(game_id, []))


class RedisPresence:
    """A hash per game (`game:{id}:presence`, in the game's slot): field `<process>:<seat>`,
    value the time it fades."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.process = uuid.uuid4().hex[:12]
        self.mine: dict[str, set[int]] = {}

    @staticmethod
    def key(game_id: str) -> str:
        return f"game:{{{game_id}}}:presence"

    async def beat(self, game_id: str, seats: list[int]) -> None:
        key, now = self.key(game_id), int(time.time() * 1000)
        gone = self.mine.get(game_id, set()) - set(seats)
        pipe = self.client.pipeline(transaction=False)
        if gone:
            pipe.hdel(key, *(f"{self.process}:{seat}" for seat in gone))
        if seats:
            pipe.hset(key, mapping={f"{self.process}:{seat}": now + TTL_MS for seat in seats})
            pipe.pexpire(key, TTL_MS * 4)
        await pipe.execute()
        if seats:
            self.mine[game_id] = set(seats)
        else:
            self.mine.pop(game_id, None)

    async def seats(self, game_id: str) -> list[int]:
        now = int(time.time() * 1000)
        # the client leaves replies as bytes (redis-py types them for decode_responses too)
        fields = cast(dict[bytes, bytes], await self.client.hgetall(self.key(game_id)))
        return sorted(
            {int(field.split(b":")[1]) for field, fades in fields.items() if int(fades) > now}
        )
