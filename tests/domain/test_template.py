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
from tests.test_layers import ROOT, import_graph, module_name

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
    "redeal": ("redeal",),
    "reveals": ("reveals",),
    "position": ("positions",),
    "data": (),
    "bots": ("greedy",),
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
    "redeal": ("redeal", "redeal"),
    "reveals": ("reveals", "reveals"),
    "positions": ("position", "positions"),
}
# the order of the roles: a module imports only modules of earlier roles; any module not named
# here is a rule module, between evolve and commands, and rule modules import one another; the
# bots play the game as a client does, after the bundle, and a game may have more bots than
# `bots.py` in modules named `bots_<kind>.py` (18ZOO's harness styles), which import `bots.py`
ORDER = (
    "data",
    "messages",
    "state",
    "evolve",
    "(rules)",
    "commands",
    "legal",
    "scoring",
    "view",
    "redeal",
    "reveals",
    "position",
    "flow",
    "decide",
    "setup",
    "__init__",
    "bots",
)
# Imports against the order, named so that any other fails and each is seen when it goes: none
# left (18ZOO's evolve replayed each lay and token through the board engine until its events
# recorded what the board engine decided, issue 25).
AGAINST_THE_ORDER: set[str] = set()
SNAKE = re.compile(r"[a-z][a-z0-9_]*")


def packaged() -> list[str]:
    out = []
    for name in games.names():
        try:
            games.package(name)
        except KeyError:  # added at run time (the benchmark's game): no package
            continue
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
    declared = getattr(module(name, "messages"), union)
    members = typing.get_args(declared) or (declared,)  # a game with one command has no union
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


def backward_imports(package: str, graph: dict[str, set[str]]) -> list[str]:
    """Imports inside `package` that point to a role later in ORDER (or to the same role)."""
    prefix = f"domain.games.{package}"

    def rank(module: str) -> int:
        role = module.removeprefix(prefix).lstrip(".") or "__init__"
        if role.startswith("bots_"):
            return ORDER.index("bots")
        return ORDER.index(role if role in ORDER else "(rules)")

    def one_way(rank: int) -> bool:  # a role whose modules may import one another
        return rank in (ORDER.index("(rules)"), ORDER.index("bots"))

    return [
        f"{importer} imports {imported}"
        for importer, targets in graph.items()
        if importer == prefix or importer.startswith(prefix + ".")
        for imported in targets
        if imported.startswith(prefix + ".")
        and rank(imported) >= rank(importer)
        and not (rank(imported) == rank(importer) and one_way(rank(importer)))
    ]


@pytest.mark.parametrize("name", packaged())
def test_imports_follow_the_order_of_the_roles(name: str) -> None:
    package = games.package(name)
    files = (ROOT / "domain" / "games" / package).rglob("*.py")
    graph = import_graph({module_name(path): path.read_text() for path in files})
    found = backward_imports(package, graph)
    known = {b for b in AGAINST_THE_ORDER if b.startswith(f"domain.games.{package}.")}
    assert [b for b in found if b not in known] == [] and known <= set(found)


def test_the_order_check_sees_an_import_against_it() -> None:
    graph = {
        "domain.games.g.state": {"domain.games.g.view"},
        "domain.games.g.laws": {"domain.games.g.pollution"},
        "domain.games.g.view": {"domain.games.g.legal", "domain.kernel"},
        "domain.games.g.bots": {"domain.games.g", "domain.games.g.view"},
        "domain.games.g.bots_style": {"domain.games.g.bots"},
        "domain.games.g.flow": {"domain.games.g.bots"},
    }
    assert backward_imports("g", graph) == [
        "domain.games.g.state imports domain.games.g.view",
        "domain.games.g.flow imports domain.games.g.bots",
    ]


def rules_problems(game: Game[Any, Any, Any]) -> list[str]:
    """A versioned game declares `rules` among its options, defaulting to today's version; a
    game past version 1 must (its older games would otherwise fold by today's rules)."""
    fields = {f.name: f for f in msgspec.structs.fields(game.options_type)}
    if "rules" not in fields:
        return [f"{game.name}: version {game.rules} but no rules option"] if game.rules > 1 else []
    default = fields["rules"].default
    if default != game.rules:
        return [f"{game.name}: the rules option defaults to {default}, not {game.rules}"]
    return []


@pytest.mark.parametrize("name", games.names())
def test_a_versioned_game_declares_its_version_among_its_options(name: str) -> None:
    assert rules_problems(games.get(name)) == []


def test_the_version_check_sees_a_version_without_the_option() -> None:
    assert rules_problems(replace(games.get("eiffel_mania"), rules=2)) == [
        "eiffel_mania: version 2 but no rules option"
    ]
    assert rules_problems(replace(games.get("bienvenue_a_bord"), rules=3)) == [
        "bienvenue_a_bord: the rules option defaults to 2, not 3"
    ]
