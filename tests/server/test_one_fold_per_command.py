"""A command's events are folded once: the decision folds them to see whether they end the
game, and the cached fold takes the decision's states when the append comes back from the
store (`LiveGame.foresee`), rather than folding them again. What it takes is what folding the
stored records gives; an append it did not foresee is folded as before."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import msgspec
import pytest

from domain import games
from domain.bots import random_bot
from domain.table import TABLE_EVENTS, Table, apply
from projections.codec import encode
from projections.live import LiveGame
from server.ops.metrics import Metrics
from server.store import chained
from server.store.adapters import open_store
from server.table import fairness
from server.table.decisions import Decision, deciding
from server.table.service import GameService
from tests.fair_games import SECRET, opened
from tests.per_game import registered, seats


class Counted:
    """A game's `evolve`, counting its calls while `on`."""

    def __init__(self, evolve: Any) -> None:
        self.evolve, self.calls, self.on = evolve, 0, False

    def __call__(self, state: Any, event: Any) -> Any:
        self.calls += self.on
        return self.evolve(state, event)


async def test_a_served_command_folds_its_events_once(monkeypatch: pytest.MonkeyPatch) -> None:
    name, n = "vertigo", 3
    real = games.get(name)
    counted = Counted(real.evolve)
    game = dataclasses.replace(real, evolve=counted)
    registry_get = games.get
    monkeypatch.setattr(games, "get", lambda key: game if key == name else registry_get(key))
    service = GameService(open_store(None), Metrics())
    game_id = await service.create(msgspec.json.encode({"game": name, "seats": n}))
    tokens = [(await service.join(game_id, b'{"name": "p%d"}' % s))[1] for s in range(n)]
    await service.start(game_id, tokens[-1])
    bots, moved, game_events = random.Random(5), 0, 0
    for step in range(40):
        live = await service.load(game_id, fresh=True)
        if live.over:
            break
        state, at = live.table.state, live.version
        seat = bots.choice([s for s in range(n) if game.legal(state, s)])
        command = random_bot(game, state, seat, game.legal(state, seat), bots)
        counted.on = True
        await service.submit(game_id, seat, f"c{step}", at, msgspec.json.encode(command))
        live = await service.load(game_id, fresh=True)  # the fold of the append
        counted.on = False
        game_events += sum(type(e) not in TABLE_EVENTS for e in live.events[at:])
        moved += 1
    await service.store.close()
    assert moved > 10 and game_events >= moved
    assert counted.calls == game_events  # once each: twice before
    replayed = LiveGame.replay(game_id, restored(live))
    assert replayed.table == live.table


def decided_by_a_bot(game: Any, table: Table, bots: random.Random) -> Decision:
    """A random seat's random command at `table`, decided as the server decides it."""
    seat = bots.choice([s for s in range(table.seats) if game.legal(table.state, s)])
    command = random_bot(game, table.state, seat, game.legal(table.state, seat), bots)
    rng = fairness.draws_for(table)
    return deciding(game, table, seat, command, game.decide(table.state, seat, command, rng), rng)


def fold(game: Any, table: Table, events: list[Any]) -> Table:
    """`events` folded on `table` by the domain's own function."""
    for event in events:
        table = apply(game, table, event)
    return table


def restored(live: LiveGame) -> list[Any]:
    """`live`'s events, stored again (the same bytes), to fold from scratch."""
    return chained([encode(event) for event in live.events])


@pytest.mark.parametrize("name", registered())
def test_the_foreseen_states_are_the_fold_of_the_stored_records(name: str) -> None:
    game, n = games.get(name), seats(name)
    head = [encode(e) for e in opened(name, n)]
    live = LiveGame.replay(name, chained(head))
    dealing = fairness.opening(SECRET)
    start = [encode(e) for e in dealing.events(game.setup(live.table.state, dealing.rng))]
    live.extend(chained(start, live.version, live.hash))
    bots, taken = random.Random(11), 0
    while not live.over and live.version < 600:
        table, version, head = live.table, live.version, live.hash
        decision = decided_by_a_bot(game, table, bots)
        data = [encode(e) for e in decision.events]
        records = chained(data, version, head)
        other = bots.random() < 0.2  # foreseen, but another append comes: folded as before
        live.foresee(version, head, [b"{}", *data[1:]] if other else data, decision.states)
        after = fold(game, table, decision.events)
        if bots.random() < 0.3 and not game.is_over(after.state):
            # the next append, another process's, comes in the same read
            following = decided_by_a_bot(game, after, bots).events
            more = chained([encode(e) for e in following], records[-1].version, records[-1].hash)
            live.extend([*records, *more])
            assert live.table == fold(game, after, following)
            continue
        split = bots.randint(1, len(records))  # the append may come in two reads
        live.extend(records[:split])
        live.extend(records[split:])
        assert live.table == after
        if decision.states and not other:
            assert live.table.state is decision.states[-1]
            taken += 1
    assert taken > 2
    replayed = LiveGame.replay(name, chained([encode(e) for e in live.events]))
    assert replayed.table == live.table
    for version, table in live.checkpoints.items():
        assert replayed.checkpoints[version] == table, version
