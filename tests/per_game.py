"""Each game's entries in the shared tests, found from the registry (domain.games): the
module `shared` of the game's test package, tests/domain/<package>/shared.py. The shared
tests name no game, so a game added by docs/adding-a-game.md writes that module beside its
other tests and edits none of them; tests/test_per_game.py checks every game has one whole."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from domain import games
from domain.kernel import Viewer

# what each game's module defines, and the type of each
ENTRIES: dict[str, type | tuple[type, ...]] = {
    "SEATS": int,
    "REDEAL_SEATS": tuple,
    "DRAWS": bool,
    "SECRET_EVENTS": frozenset,
    "TWIN_KINDS": tuple,
    "FORK_KINDS": tuple,
    "JUDGED": str,
    "UNDO_SWEEP": tuple,
}
# and the functions: hidden_twins(state, viewer), the states differing from `state` only in
# what `viewer` may not know; leaky_redeal(state, knower, rng), a redeal that carries a secret
FUNCTIONS = ("hidden_twins", "leaky_redeal")
TWIN_KIND_NAMES = {"pile", "choice", "secret"}  # tests/server/test_noninterference.py's
FORK_KIND_NAMES = {"pile", "choice"}  # tests/server/test_fork_noninterference.py's


def registered() -> tuple[str, ...]:
    """The games of the registry's table (not those a process adds at run time)."""
    return tuple(name for name in games.names() if _packaged(name))


def _packaged(name: str) -> bool:
    try:
        games.package(name)
    except KeyError:
        return False
    return True


def shared(name: str) -> ModuleType:
    """The module of `name`'s entries in the shared tests."""
    return importlib.import_module(f"tests.domain.{games.package(name)}.shared")


def seats(name: str) -> int:
    seats_: int = shared(name).SEATS
    return seats_


def draws(name: str) -> bool:
    drawing: bool = shared(name).DRAWS
    return drawing


def twins(name: str) -> Callable[[Any, Viewer], list[Any]]:
    made: Callable[[Any, Viewer], list[Any]] = shared(name).hidden_twins
    return made


def with_seats() -> list[tuple[str, int]]:
    """(game, its seats) for every registered game."""
    return [(name, seats(name)) for name in registered()]


def kinds(entry: str) -> list[tuple[str, str]]:
    """(game, kind) for every registered game and each kind in its `entry` (TWIN_KINDS or
    FORK_KINDS)."""
    return [(name, kind) for name in registered() for kind in getattr(shared(name), entry)]
