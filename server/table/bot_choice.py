"""A bot seat's next command, chosen from what that seat may know and nothing else.

The game's state holds every seat's secrets (hands, stances, the pile's order). A bot is given
instead the game's `redeal` of it for that seat: the same position with everything the seat
may not know drawn again at random, the very state a what-if fork of that seat starts from.
Whatever a strategy reads in it, it cannot read another seat's secret. The legal list is the
one the seat is sent.
"""

from __future__ import annotations

import random
from typing import Any

from domain.bots import random_bot, strategy
from domain.kernel import Game, Seat

# the bots' own randomness: never the game's secret draws, which decide what the move does
_RNG = random.SystemRandom()


def choose(
    game: Game[Any, Any, Any], state: Any, seat: int, level: str, rng: random.Random = _RNG
) -> Any | None:
    """The command the bot of `level` plays for `seat` now; None when the seat has none."""
    legal = game.legal(state, seat)
    if not legal:
        return None
    if game.redeal is None:  # no way to hide the others' secrets: choose from the list alone
        return random_bot(game, state, seat, legal, rng)
    known = game.redeal(state, Seat(seat), rng)
    try:
        bot = strategy(game.name, level)
    except ValueError:  # a game without a smarter bot
        bot = random_bot
    return bot(game, known, seat, legal, rng)
