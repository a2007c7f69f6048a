"""This process's beats of its seats into the shared presence (`server.live.presence`): every few
seconds for every watched game, and once per tick for a game whose sockets came or went."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Collection

from server.live.presence import Presence
from server.ops.logs import log

HEARTBEAT_SECONDS = 5.0


class PresenceBeats:
    def __init__(
        self,
        presence: Presence,
        watched: Collection[str],
        seats: Callable[[str], list[int]],
    ) -> None:
        self.presence = presence
        self.watched = watched  # the ids of the games this process's sockets watch
        self.seats = seats  # the seats this process's sockets hold in a game
        self._heart: asyncio.Task[None] | None = None
        self._beating: set[str] = set()  # games with a beat about to run
        self._once: set[asyncio.Task[None]] = set()  # those beats, to cancel at stop
        self._stopping = False  # ends the heartbeat if a cancel was swallowed on the way

    def start(self) -> None:
        self._heart = asyncio.get_running_loop().create_task(self._heartbeat())

    async def stop(self) -> None:
        self._stopping = True
        for task in [self._heart, *self._once]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def _heartbeat(self) -> None:
        """Renew this process's seats in every watched game, so the lobby sees them online."""
        while not self._stopping:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            for game_id in list(self.watched):
                await self._beat(game_id)

    def soon(self, game_id: str) -> None:
        """Beat the game's presence once for every socket that came or went this tick: a
        storm of connects or disconnects (a restart, 10,000 sockets) is one write per game,
        not one per socket. The beat reads the seats when it runs, so it says the last word."""
        if game_id not in self._beating and not self._stopping:
            self._beating.add(game_id)
            task = asyncio.get_running_loop().create_task(self._beat_once(game_id))
            self._once.add(task)
            task.add_done_callback(self._once.discard)

    async def _beat_once(self, game_id: str) -> None:
        self._beating.discard(game_id)  # a change from now on needs a beat of its own
        await self._beat(game_id)

    async def _beat(self, game_id: str) -> None:
        try:
            await self.presence.beat(game_id, self.seats(game_id))
        except Exception as exc:  # presence is advisory: never fail a socket over it
            log.warning("presence_failed", game_id=game_id, error=type(exc).__name__)
