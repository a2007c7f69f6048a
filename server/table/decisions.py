"""What a decision stores: the record of its draws, its events, and with the events that end
the game, the revealed secret and the result record (`domain.rules`), in one append.

Whatever appends events that may end a game (a command; a forfeit, a timeout) stores
`decided(...)` rather than the bare events, so that no game ends without its secret revealed
and its result recorded.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from domain.chance import Rng
from domain.kernel import Game
from domain.rules import concluded
from domain.table import Table
from server.table.fairness import revealing, with_draws


class Decision(NamedTuple):
    events: list[Any]  # to append
    states: list[Any]  # the game's state after each of its own events, in order


def deciding(
    game: Game[Any, Any, Any],
    table: Table,
    seat: int | None,
    command: Any,
    events: list[Any],
    rng: Rng,
) -> Decision:
    """The events to append for a decision of `seat` (`command`) at `table`, drawn from
    `rng`. The game's events are folded once, here: the last state says whether they end
    it, and the cache's fold of the append takes the states rather than folding again
    (`LiveGame.foresee`)."""
    stored = with_draws(rng, seat, command, events)
    evolve, state, states = game.evolve, table.state, []
    for event in events:
        state = evolve(state, event)
        states.append(state)
    if game.is_over(state):
        stored = [*stored, *revealing(table), concluded(game, state)]
    return Decision(stored, states)


def decided(
    game: Game[Any, Any, Any],
    table: Table,
    seat: int | None,
    command: Any,
    events: list[Any],
    rng: Rng,
) -> list[Any]:
    """The events of `deciding`."""
    return deciding(game, table, seat, command, events, rng).events
