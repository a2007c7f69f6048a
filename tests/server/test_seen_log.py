"""The per-viewer log kept by a fold (seeks, snapshots) equals redacting the events afresh."""

from __future__ import annotations

import random

import msgspec

from domain.kernel import OMNISCIENT, SPECTATOR, Seat
from projections.frames import legal_for, redacted_log
from projections.visibility import effective
from server.ops.metrics import Metrics
from server.store.adapters import open_store
from server.table.service import GameService


async def test_cached_logs_equal_fresh_redaction_whatever_the_order_of_seeks() -> None:
    service = GameService(open_store(None), Metrics())
    game_id = await service.create(b'{"game": "eiffel_mania", "seats": 4}')
    tokens = [(await service.join(game_id, b'{"name": "p%d"}' % n))[1] for n in range(4)]
    await service.start(game_id, tokens[0])
    rng = random.Random(5)
    live = await service.load(game_id, fresh=True)
    for n in range(400):  # a whole game of random legal moves
        if live.over:
            break
        movers = [s for s in range(4) if legal_for(live.game, live.table, Seat(s))]
        seat = rng.choice(movers)
        command = rng.choice(legal_for(live.game, live.table, Seat(seat)))
        await service.submit(game_id, seat, f"c{n}", live.version, msgspec.json.encode(command))
        await service.catch_up(live)
        if n % 25 == 0:  # ask while the game grows, so caches are extended, not only built
            live.log(Seat(n % 4), rng.randrange(1, live.version + 1))
    assert live.over and live.version > 50

    versions = [rng.randrange(1, live.version + 1) for _ in range(60)] + [live.version, 1]
    for viewer in (OMNISCIENT, SPECTATOR, *(Seat(s) for s in range(4))):
        for version in versions:
            table = live.table_at(version)
            seen = effective(live.game, table, viewer)
            fresh = redacted_log(live.game, table, live.events[:version], 1, viewer)
            assert live.log(seen, version) == fresh, (viewer, version)
