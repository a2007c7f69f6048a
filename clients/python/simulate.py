"""In-process play: bots against each other with no server, for `plateau simulate` and tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.bots import Strategy
from domain.chance import Rng
from domain.kernel import Game, Result

Check = Callable[[Any, list[Any]], None]


@dataclass
class Played:
    state: Any
    events: list[Any] = field(default_factory=list)
    commands: int = 0

    def result(self, game: Game[Any, Any, Any]) -> Result:
        return game.result(self.state)


class TooLong(Exception):
    pass


def play(
    game: Game[Any, Any, Any],
    seats: int,
    options: Any,
    bots: Sequence[Strategy],
    rng: Rng,
    max_commands: int = 20_000,
    after_step: Check | None = None,
) -> Played:
    """Play one game to its end; `after_step(state, new_events)` runs after every step."""
    state = game.initial(seats, options)
    events = game.setup(state, rng)
    state = game.fold(events, state)
    played = Played(state=state, events=list(events))
    if after_step:
        after_step(state, events)
    while not game.is_over(played.state):
        if played.commands >= max_commands:
            raise TooLong(f"{game.name}: no end after {max_commands} commands")
        options = {s: game.legal(played.state, s) for s in range(seats)}
        movers = [s for s, legal in options.items() if legal]
        if not movers:
            raise RuntimeError(f"{game.name}: not over, but no seat has a legal command")
        seat = movers[rng.randrange(len(movers))]
        legal = options[seat]
        command = bots[seat](game, played.state, seat, legal, rng)
        new = game.decide(played.state, seat, command, rng)
        played.state = game.fold(new, played.state)
        played.events.extend(new)
        played.commands += 1
        if after_step:
            after_step(played.state, new)
    return played
