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
from typing import Any

from bench.counter_game import Bump
from bench.inproc import fold, game_events
from domain.kernel import SPECTATOR, Seat, Viewer
from projections.codec import encode
from server.config import Settings
from server.hub import update
from server.logs import configure
from server.metrics import Metrics
from server.service import GameService
from server.store import chained
from server.ws_protocol import text_frame

GAME = "work"


class LandingStore:
    """Appends land at once and are kept, so the measure has no I/O."""

    def __init__(self) -> None:
        self.appended: list[bytes] = []

    async def append(
        self, stream: str, expected: int, events: Sequence[bytes], command_id: str | None = None
    ) -> int:
        self.appended.extend(events)
        return expected + len(events)


async def measure(actions: int, spectators: bool) -> dict[str, Any]:
    """Process CPU µs per action for `actions` actions of a 4-seat game."""
    settings = Settings()
    configure("json", settings.log_level)  # as the server runs: debug lines are dropped
    gc.set_threshold(*settings.gc_threshold)
    store = LandingStore()
    service = GameService(store, Metrics())  # type: ignore[arg-type]
    live = fold(chained(game_events(7)))  # opened, 4 seats, started, hands dealt
    service.games[GAME] = live
    viewers: list[Viewer] = [Seat(n) for n in range(4)] + ([SPECTATOR] if spectators else [])
    command = encode(Bump(amount=1))
    gc.collect()
    started = time.process_time()
    for n in range(actions):
        seat = live.table.state.turn
        version = await service.submit(GAME, seat, f"c{n}", live.version, command)
        data = store.appended[-1]
        live.extend(chained([data], version - 1, live.hash))
        for viewer in viewers:
            text_frame(encode(update(live, viewer, version - 1)))
    seconds = time.process_time() - started
    assert live.table.state.moves == actions
    return {"actions": actions, "views": len(viewers), "us_per_action": 1e6 * seconds / actions}
