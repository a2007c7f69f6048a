"""Bots: pure functions that choose one of a seat's legal commands.

A bot is called as `bot(game, state, seat, legal, rng)` and returns one command of `legal`. It
reads only what its seat may know: `game.view(state, Seat(seat))`, or a state the server has
re-dealt for that seat (server/bot_choice.py), never the hidden parts of a real one. It draws
only through domain/chance.py with the `rng` it is given. The random bot below serves every
game; a game's smarter one is `greedy` in the `bots` module of its package
(docs/adding-a-game.md), found through the game registry. The server's bot seats, `plateau
simulate` and the tests all take them from here.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from typing import Any

from domain import choices, games
from domain.chance import Rng, choice
from domain.kernel import Game

Strategy = Callable[[Game[Any, Any, Any], Any, int, Sequence[Any], Rng], Any]


def random_bot(
    game: Game[Any, Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng
) -> Any:
    """A uniformly random kind of command, then a uniformly random one of that kind, so a
    command with many parametrisations (moves, tile lays) does not crowd out the others. A
    range of amounts the seat is sent (`domain.choices`: 18ZOO's prices) is one move: a random
    move, then a random amount, so a thing offered at many prices (a train from another
    family, 1 to the buyer's cash) is not chosen more often than one at a single price (a
    depot train). The draws are those of the bot before ranges, so seeded games are alike."""
    kinds: dict[type, list[Any]] = {}
    for entry in choices.fold(legal, game.range_fields, game.range_fields):
        kinds.setdefault(type(choices.command_of(entry)), []).append(entry)
    picked = choice(rng, list(kinds.values()))
    if not any(isinstance(entry, choices.Choice) for entry in picked):
        return choice(rng, picked)
    return choice(rng, choices.expand([choice(rng, picked)]))


class NoDraws:
    """The Rng a bot hands `decide` when it tries a command to see its effect: a game whose
    commands draw nothing (18ZOO's) never calls it, and a draw would be a bot looking at
    what chance holds, so it refuses."""

    def randrange(self, n: int, /) -> int:
        raise RuntimeError("a bot tried a command that draws: it may only try those that do not")


NO_DRAWS = NoDraws()


def bots_module(game_name: str) -> str | None:
    """The module of the game's package holding its smarter bots; None if it has none."""
    try:
        module = f"domain.games.{games.package(game_name)}.bots"
    except KeyError:  # an unknown game, or one added at run time (the benchmark's)
        return None
    return module if importlib.util.find_spec(module) is not None else None


def strategy(game_name: str, name: str) -> Strategy:
    if name == "random":
        return random_bot
    module = bots_module(game_name)
    if name == "greedy" and module is not None:
        greedy: Strategy = importlib.import_module(module).greedy
        return greedy
    raise ValueError(f"no bot {name!r} for {game_name}; try random or greedy")
