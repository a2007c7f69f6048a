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
}


def names() -> tuple[str, ...]:
    return tuple(_MODULES)


def get(name: str) -> Game[Any, Any, Any]:
    """The game called `name`; KeyError when there is none."""
    module = importlib.import_module(f"domain.games.{_MODULES[name]}")
    game: Game[Any, Any, Any] = module.game
    return game
