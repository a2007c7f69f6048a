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
    command with many parametrisations (moves, tile lays) does not crowd out the others."""
    kinds: dict[type, list[Any]] = {}
    for command in legal:
        kinds.setdefault(type(command), []).append(command)
    return choice(rng, choice(rng, list(kinds.values())))


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
