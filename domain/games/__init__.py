"""The registry of games by name: the one place that knows which games exist."""

from __future__ import annotations

import importlib
from typing import Any

from domain.kernel import Game

# name -> module under domain.games (a package name cannot start with a digit)
_MODULES = {
    "eiffel_mania": "eiffel_mania",
    "bienvenue_a_bord": "bienvenue_a_bord",
    "vertigo": "vertigo",
    "18zoo": "zoo18",
    "rock_paper_scissors": "rock_paper_scissors",
}
# games added at run time by their host process (the benchmark's game); never persisted
_EXTRA: dict[str, Game[Any, Any, Any]] = {}


def names() -> tuple[str, ...]:
    return (*_MODULES, *_EXTRA)


def package(name: str) -> str:
    """The package under domain.games that holds the game called `name` (its bots too:
    domain.bots); KeyError for a game added at run time."""
    return _MODULES[name]


def get(name: str) -> Game[Any, Any, Any]:
    """The game called `name`; KeyError when there is none."""
    if name in _EXTRA:
        return _EXTRA[name]
    module = importlib.import_module(f"domain.games.{package(name)}")
    game: Game[Any, Any, Any] = module.game
    return game


def register(game: Game[Any, Any, Any]) -> None:
    """Host one more game in this process, under `game.name`."""
    _EXTRA[game.name] = game


def unregister(name: str) -> None:
    _EXTRA.pop(name, None)
