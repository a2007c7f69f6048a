"""Games stored as the server stores them, without a server: the table's events, the
commitment and the record of each decision that draws (`server.table.fairness`,
`server.table.decisions`, the very functions the service calls), played by random bots."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from domain import games
from domain.bots import random_bot
from domain.table import GameStarted, SeatClaimed, Table, TableOpened, apply, open_table
from server.table import fairness
from server.table.decisions import decided

SECRET = bytes.fromhex("5ec2e7" * 10 + "00")


def opened(name: str, seats: int, rules: int | None = None) -> list[Any]:
    game = games.get(name)
    options = msgspec.to_builtins(msgspec.convert({}, game.options_type))
    options.pop("rules", None)
    head: list[Any] = [
        TableOpened(game=name, seats=seats, options=options, rules=rules or game.rules)
    ]
    head += [SeatClaimed(seat=n, name=f"p{n}", token_hash="ab" * 32) for n in range(seats)]
    head.append(GameStarted(seats=seats))
    return head


def fold(events: list[Any]) -> Table:
    game = games.get(events[0].game)
    table = open_table(events[0])
    for event in events[1:]:
        table = apply(game, table, event)
    return table


def played(
    name: str, seats: int, seed: int, secret: bytes = SECRET, commands: int = 100_000
) -> list[Any]:
    """The stored events of a game bots play from `secret` (to its end, or `commands`)."""
    game = games.get(name)
    events = opened(name, seats)
    table = fold(events)
    dealing = fairness.opening(secret)
    start = dealing.events(game.setup(table.state, dealing.rng))
    for event in start:
        table = apply(game, table, event)
    events += start
    bots = random.Random(seed)
    for _ in range(commands):
        if game.is_over(table.state):
            break
        movers = [s for s in range(seats) if game.legal(table.state, s)]
        seat = bots.choice(movers)
        command = random_bot(game, table.state, seat, game.legal(table.state, seat), bots)
        rng = fairness.draws_for(table)
        stored = decided(
            game, table, seat, command, game.decide(table.state, seat, command, rng), rng
        )
        for event in stored:
            table = apply(game, table, event)
        events += stored
    return events
