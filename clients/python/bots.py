"""Bots that choose among the legal commands.

In-process bots see `(game, state, seat, legal, rng)`; a bot must only use what its seat can
see in `game.view(state, Seat(seat))`, never the hidden parts of `state`. A game's smarter bot
is `greedy` in clients/python/strategies/<its package>.py, found through the game registry.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from typing import Any

from domain import games
from domain.chance import Rng, choice
from domain.kernel import Game

Strategy = Callable[[Game[Any, Any, Any], Any, int, Sequence[Any], Rng], Any]


def random_bot(
    game: Game[Any, Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng
) -> Any:
    """A uniformly random kind of command, then a uniformly random one of that kind, so a
    command with many parametrisations (moves, tile lays) does not crowd out the others.
    Commands that differ only in their `price` are one move: a random move, then a random
    price, so a thing offered at many prices (18ZOO's train from another family, 1 to the
    buyer's cash) is not chosen more often than one at a single price (a depot train)."""
    kinds: dict[type, list[Any]] = {}
    for command in legal:
        kinds.setdefault(type(command), []).append(command)
    picked = choice(rng, list(kinds.values()))
    moves: dict[Any, list[Any]] = {}
    for index, command in enumerate(picked):
        moves.setdefault(_without_price(command, index), []).append(command)
    if len(moves) == len(picked):  # no prices to choose: as before, one draw
        return choice(rng, picked)
    return choice(rng, choice(rng, list(moves.values())))


def _without_price(command: Any, index: int) -> Any:
    """The move a priced command makes (its fields but the price); any other command is a
    move of its own (commands need not be hashable: a server's bot may see decoded JSON)."""
    fields = getattr(command, "__struct_fields__", ())
    if "price" not in fields:
        return ("#", index)
    return tuple(getattr(command, name) for name in fields if name != "price")


def strategies_module(game_name: str) -> str | None:
    """The module holding the game's smarter bots, named after its package; None if it has none."""
    try:
        module = f"clients.python.strategies.{games.package(game_name)}"
    except KeyError:  # an unknown game, or one added at run time (the benchmark's)
        return None
    return module if importlib.util.find_spec(module) is not None else None


def strategy(game_name: str, name: str) -> Strategy:
    if name == "random":
        return random_bot
    module = strategies_module(game_name)
    if name == "greedy" and module is not None:
        greedy: Strategy = importlib.import_module(module).greedy
        return greedy
    raise ValueError(f"no bot {name!r} for {game_name}; try random or greedy")
