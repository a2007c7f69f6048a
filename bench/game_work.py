"""The game's own work per action, in one process with no I/O: what Plateau adds to a relay.

Per action it runs the production code a server runs for one command, minus the network
and the store: `GameService.submit` (decode, decide, encode the events, with an append that
lands at once), `LiveGame.extend` (decode, fold) and, for each distinct viewer, the update
frame the hub writes (`server.hub.update`, encoded and framed). Added to the bare relay's CPU
per action (which does the networking and the Redis append and nothing else), it estimates
the least a server doing both could cost on this machine. The estimate is optimistic: the same
code costs more inside a loaded server (see the findings in `bench/report.py`).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bench.counter_game import Bump
from bench.inproc import game_events
from domain.kernel import SPECTATOR, Seat, Viewer
from projections.codec import encode
from projections.live import LiveGame
from server.config import Settings
from server.hub import update
from server.logs import configure
from server.metrics import Metrics
from server.service import GameService
from server.store import chained
from server.ws_protocol import text_frame

GAME = "work"
BUMP = encode(Bump(amount=1))


class LandingStore:
    """Appends land at once and are kept, so the measure has no I/O."""

    def __init__(self) -> None:
        self.appended: list[bytes] = []

    async def append(
        self, stream: str, expected: int, events: Sequence[bytes], command_id: str | None = None
    ) -> int:
        self.appended.extend(events)
        return expected + len(events)


@dataclass
class Work:
    """A started 4-seat benchmark game in a service whose appends land at once."""

    service: GameService
    store: LandingStore
    live: LiveGame
    viewers: list[Viewer]


def prepare(spectators: bool) -> Work:
    store = LandingStore()
    live = LiveGame.replay(GAME, chained(game_events(7)))  # opened, 4 seats, started, dealt
    service = GameService(store, Metrics())  # type: ignore[arg-type]
    service.games[GAME] = live
    viewers: list[Viewer] = [Seat(n) for n in range(4)] + ([SPECTATOR] if spectators else [])
    return Work(service, store, live, viewers)


async def act(work: Work, n: int) -> list[bytes]:
    """One action, as the server runs it: the update payload built for each distinct viewer."""
    live = work.live
    version = await work.service.submit(GAME, live.table.state.turn, f"c{n}", live.version, BUMP)
    live.extend(chained(work.store.appended[-1:], version - 1, live.hash))
    payloads = []
    for viewer in work.viewers:
        payload = encode(update(live, viewer, version - 1))
        text_frame(payload)  # the hub frames each payload once, for every socket sharing it
        payloads.append(payload)
    return payloads


async def measure(actions: int, spectators: bool) -> dict[str, Any]:
    """Process CPU µs per action for `actions` actions of a 4-seat game."""
    settings = Settings()
    configure("json", settings.log_level)  # as the server runs: debug lines are dropped
    gc.set_threshold(*settings.gc_threshold)
    work = prepare(spectators)
    gc.collect()
    started = time.process_time()
    for n in range(actions):
        await act(work, n)
    seconds = time.process_time() - started
    assert work.live.table.state.moves == actions
    views = len(work.viewers)
    return {"actions": actions, "views": views, "us_per_action": 1e6 * seconds / actions}
