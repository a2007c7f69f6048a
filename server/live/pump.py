"""The process's one reader of the store: a task that waits on every watched game's stream at
once, folds what comes and hands each new fold to the fan-out (`Hub.publish`). A store outage
or a bug costs a pause, never the pump: after one it checks every watched tail again."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Collection

from domain.kernel import Rejected
from projections.live import GameGap, LiveGame
from server.ops.logs import log
from server.store import Recorded, StoreUnavailable
from server.table.games import Games


class Pump:
    def __init__(
        self,
        service: Games,
        watched: Collection[str],
        publish: Callable[[LiveGame], None],
    ) -> None:
        self.service = service
        self.store = service.store
        self.watched = watched  # the ids of the games this process's sockets watch
        self.publish = publish
        self._verify = False  # after a store outage: check every watched tail before going on
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        # frames held for a command's reply or its update (see `Connection.push`) give up
        # after the pump's next read that was sent after they were held: that read holds
        # every event appended before it, the held command's too
        self._releases: list[Callable[[], None]] = []
        self._read_releases: list[Callable[[], None]] = []  # those held before the read now out

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Cancel the task; the flag ends its loop if a wait swallowed the cancel (on 3.11
        `wait_for` can, when what it waits for arrives as the cancel does: a process's
        shutdown then never ended while bots kept appending)."""
        self._stopping = True
        self._release_held()
        task = self._task
        if task:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def release_after_next_read(self, release: Callable[[], None]) -> None:
        """Call `release` once the next read is in (`Connection.release_later`)."""
        self._releases.append(release)

    async def _run(self) -> None:
        while not self._stopping:
            try:
                if self._verify:  # the store was away: it may have come back without its tail
                    await self._verify_tails()
                positions = {
                    gid: self.service.games[gid].version
                    for gid in self.watched
                    if gid in self.service.games
                }
                self._read_releases, self._releases = self._releases, []
                batch = await self.store.wait(positions, timeout=1.0)
            except StoreUnavailable as exc:
                log.warning("store_unavailable", error=str(exc))
                self._release_held()
                self._verify = True
                await asyncio.sleep(0.5)
                continue
            except Exception:  # the pump is every socket's news: a bug must not end it
                log.exception("pump_failed")
                self._release_held()
                self._verify = True
                await asyncio.sleep(0.5)
                continue
            for gid, records in batch.items():
                try:
                    await self._deliver(gid, records)
                except Exception:  # one game's failure must not stop the others' news
                    log.exception("publish_failed", game_id=gid)
                    self._verify = True
            releases, self._read_releases = self._read_releases, []
            for release in releases:  # what this read did not bring goes on alone
                release()

    def _release_held(self) -> None:
        """Let every held frame go on now: the pump cannot read (the store is away, or stops)."""
        releases = self._read_releases + self._releases
        self._read_releases, self._releases = [], []
        for release in releases:
            release()

    async def _deliver(self, game_id: str, records: list[Recorded]) -> None:
        """Fold what the store brought for one game and publish it."""
        live = self.service.games.get(game_id)
        if live is None:
            return
        try:
            live.extend(records)
        except GameGap as gap:
            try:
                await self.service.refold(live, str(gap))  # publishes (and resyncs) itself
            except (StoreUnavailable, Rejected):
                self._verify = True
            return
        self.publish(live)

    async def _verify_tails(self) -> None:
        for gid in list(self.watched):
            live = self.service.games.get(gid)
            if live is not None:
                with contextlib.suppress(Rejected):
                    await self.service.catch_up(live)  # refolds a stream that lost its tail
                    self.publish(live)
        self._verify = False
