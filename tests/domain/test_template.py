"""Every game package has the shape docs/adding-a-game.md describes: the same module for the
same role, and the game bundle made of exactly those functions."""

from __future__ import annotations

import importlib
import re
import typing
from dataclasses import replace
from typing import Any

import msgspec
import pytest

from domain import games
from domain.kernel import Game

# role module -> the names it must define
TEMPLATE: dict[str, tuple[str, ...]] = {
    "messages": ("Options", "Command", "Event"),
    "state": ("State",),
    "setup": ("initial", "setup"),
    "decide": ("decide",),
    "evolve": ("evolve", "fold"),
    "legal": ("legal",),
    "view": ("view", "redact"),
    "scoring": ("result", "is_over"),
    "data": (),
}
# the Game field -> (module, name) it must be
WIRING = {
    "options_type": ("messages", "Options"),
    "command_type": ("messages", "Command"),
    "event_type": ("messages", "Event"),
    "initial": ("setup", "initial"),
    "setup": ("setup", "setup"),
    "decide": ("decide", "decide"),
    "evolve": ("evolve", "evolve"),
    "legal": ("legal", "legal"),
    "view": ("view", "view"),
    "redact": ("view", "redact"),
    "result": ("scoring", "result"),
    "is_over": ("scoring", "is_over"),
}
RESHAPED_LATER = {"18zoo"}  # issue 29: follows the template once issue 25's rewrite lands
SNAKE = re.compile(r"[a-z][a-z0-9_]*")


def packaged() -> list[str]:
    out = []
    for name in games.names():
        try:
            games.package(name)
        except KeyError:  # added at run time (the benchmark's game): no package
            continue
        if name not in RESHAPED_LATER:
            out.append(name)
    return out


def module(name: str, role: str) -> Any:
    return importlib.import_module(f"domain.games.{games.package(name)}.{role}")


@pytest.mark.parametrize("name", packaged())
def test_each_role_has_its_module_and_names(name: str) -> None:
    missing = [
        f"{role}.{attribute}"
        for role, attributes in TEMPLATE.items()
        for attribute in attributes
        if not hasattr(module(name, role), attribute)
    ]
    assert missing == []


def miswired(game: Game[Any, Any, Any], name: str) -> list[str]:
    return [
        field
        for field, (role, attribute) in WIRING.items()
        if getattr(game, field) is not getattr(module(name, role), attribute)
    ]


@pytest.mark.parametrize("name", packaged())
def test_the_game_bundle_is_made_of_the_template_functions(name: str) -> None:
    assert miswired(games.get(name), name) == []


@pytest.mark.parametrize("name", packaged())
@pytest.mark.parametrize("union", ["Command", "Event"])
def test_messages_are_frozen_structs_with_explicit_snake_case_tags(name: str, union: str) -> None:
    members = typing.get_args(getattr(module(name, "messages"), union))
    assert len(members) > 1
    bad = []
    for member in members:
        config = member.__struct_config__
        tag = config.tag
        if not (issubclass(member, msgspec.Struct) and config.frozen):
            bad.append(f"{member.__name__}: not a frozen Struct")
        if config.tag_field != "type" or not isinstance(tag, str) or not SNAKE.fullmatch(tag):
            bad.append(f"{member.__name__}: tag {tag!r} (explicit snake_case under 'type')")
        if union == "Command" and not config.forbid_unknown_fields:
            bad.append(f"{member.__name__}: a command must forbid unknown fields")
    tags = [m.__struct_config__.tag for m in members]
    assert bad == [] and len(set(tags)) == len(tags)


def test_the_wiring_check_sees_a_function_from_elsewhere() -> None:
    game = games.get("vertigo")
    assert miswired(replace(game, decide=games.get("eiffel_mania").decide), "vertigo") == ["decide"]
