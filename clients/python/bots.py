"""Bots that choose among the legal commands.

In-process bots see `(game, state, seat, legal, rng)`; a bot must only use what its seat can
see in `game.view(state, Seat(seat))`, never the hidden parts of `state`. A game may register a
smarter bot under `STRATEGIES[game_name]["greedy"]` from its own module.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

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


# game name -> module under clients.python.strategies defining `greedy`
_GREEDY_MODULES = {
    "eiffel_mania": "eiffel_mania",
    "bienvenue_a_bord": "bienvenue_a_bord",
    "vertigo": "vertigo",
    "18zoo": "zoo18",
}


def strategy(game_name: str, name: str) -> Strategy:
    if name == "random":
        return random_bot
    if name == "greedy" and game_name in _GREEDY_MODULES:
        module = importlib.import_module(f"clients.python.strategies.{_GREEDY_MODULES[game_name]}")
        greedy: Strategy = module.greedy
        return greedy
    raise ValueError(f"no bot {name!r} for {game_name}; try random or greedy")
