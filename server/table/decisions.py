"""What a decision stores: the record of its draws, its events, and with the events that end
the game, the revealed secret and the result record (`domain.rules`), in one append.

Whatever appends events that may end a game (a command; a forfeit, a timeout) stores
`decided(...)` rather than the bare events, so that no game ends without its secret revealed
and its result recorded.
"""

from __future__ import annotations

from typing import Any

from domain.chance import Rng
from domain.kernel import Game
from domain.rules import concluded
from domain.table import Table
from server.table.fairness import revealing, with_draws


def decided(
    game: Game[Any, Any, Any],
    table: Table,
    seat: int | None,
    command: Any,
    events: list[Any],
    rng: Rng,
) -> list[Any]:
    """The events to append for a decision of `seat` (`command`) at `table`, drawn from
    `rng`. The game's events are folded once here to see whether they end it."""
    stored = with_draws(rng, seat, command, events)
    after = game.fold(events, table.state)
    if game.is_over(after):
        stored += [*revealing(table), concluded(game, after)]
    return stored
