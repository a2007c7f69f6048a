"""No fold can run a rule, read from the source (issue 45, item 3): every game's `evolve`
module imports, however indirectly, neither its `legal` nor its `decide` module nor the
randomness, and names no `legal` or `decide`; `domain.table.apply`, and every function of
the domain it calls, calls none of a game's rules. The one exception is named:
`stamped_before`, for clock stamps stored before stamps named the seats awaited.

A package's `__init__` (the game's bundle, which names every rule) is not followed: importing
`domain.games.x.state` runs it, but no code of it runs in a fold."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from domain import games
from tests.paths import ROOT

RULES = {"legal", "decide"}  # a game's rule modules, and the bundle's rule functions
BUNDLE_RULES = RULES | {"setup", "explain", "redeal"}  # `game.<rule>` a fold never calls
RANDOMNESS = "domain.chance"
LEGACY = {("domain.table", "stamped_before")}  # stamps stored before they named the seats


def source(module: str) -> Path | None:
    path = ROOT / Path(*module.split("."))
    if path.with_suffix(".py").exists():
        return path.with_suffix(".py")
    return None  # a package (its `__init__`) or no module of ours


@cache
def tree(module: str) -> ast.Module:
    path = source(module)
    assert path is not None, module
    return ast.parse(path.read_text(encoding="utf-8"))


def imported(module: str) -> set[str]:
    """The domain modules `module` imports (a `from package import submodule` is the
    submodule's)."""
    out = set()
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("domain"):
            assert node.module is not None
            names = {f"{node.module}.{alias.name}" for alias in node.names}
            out |= {name for name in names if source(name)} or {node.module}
        elif isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names if alias.name.startswith("domain")}
    return {name for name in out if source(name)}


def reached(module: str) -> set[str]:
    seen, todo = set(), [module]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += imported(name)
    return seen


def named(module: str) -> set[str]:
    """The names `module` reads and the attributes it takes."""
    out = set()
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
    return out


def built_in() -> list[str]:
    return sorted(f"domain.games.{games.package(name)}" for name in games.names() if _ours(name))


def _ours(name: str) -> bool:
    try:
        games.package(name)
    except KeyError:  # a game added at run time (the benchmark's)
        return False
    return True


@pytest.mark.parametrize("package", built_in())
def test_evolve_reaches_no_rule_module_and_no_randomness(package: str) -> None:
    modules = reached(f"{package}.evolve")
    rules = {f"{package}.{name}" for name in RULES}
    assert not modules & (rules | {RANDOMNESS}), sorted(modules & (rules | {RANDOMNESS}))
    for module in modules:
        assert not named(module) & RULES, (module, sorted(named(module) & RULES))


def test_the_check_sees_a_rule_reached_through_another_module() -> None:
    flow = "domain.games.vertigo.flow"  # which folds, but decides too
    assert "domain.games.vertigo.legal" in reached(flow)
    assert RANDOMNESS in reached(flow)
    assert "domain.games.vertigo" not in reached("domain.games.vertigo.evolve")


# ---------------------------------------------------------------- the table's fold


def functions(module: str) -> dict[str, ast.FunctionDef]:
    return {n.name: n for n in tree(module).body if isinstance(n, ast.FunctionDef)}


def aliases(module: str) -> dict[str, tuple[str, str | None]]:
    """What each imported name of `module` is: (module, function) or (module, None)."""
    out: dict[str, tuple[str, str | None]] = {}
    for node in tree(module).body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("domain"):
            assert node.module is not None
            for alias in node.names:
                name, local = f"{node.module}.{alias.name}", alias.asname or alias.name
                out[local] = (name, None) if source(name) else (node.module, alias.name)
    return out


def calls(module: str, function: ast.FunctionDef) -> tuple[set[tuple[str, str]], set[str]]:
    """The domain functions `function` calls, and the attributes it calls on anything else
    (`game.evolve`)."""
    own, names = functions(module), aliases(module)
    inner: set[tuple[str, str]] = set()
    methods: set[str] = set()
    for node in ast.walk(function):
        if not isinstance(node, ast.Call | ast.Attribute | ast.Name):
            continue
        target = node.func if isinstance(node, ast.Call) else node
        if isinstance(target, ast.Name) and target.id in own:
            inner.add((module, target.id))
        elif isinstance(target, ast.Name) and names.get(target.id, ("", None))[1]:
            where, name = names[target.id]
            assert name is not None
            inner.add((where, name))
        elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
            where, name = names.get(target.value.id, ("", "?"))
            if name is None and target.attr in functions(where):
                inner.add((where, target.attr))
            else:
                methods.add(target.attr)
    return inner, methods


def fold_calls(start: tuple[str, str]) -> tuple[set[tuple[str, str]], set[str]]:
    """Every domain function the fold from `start` may call, and the attributes they call,
    leaving out the legacy path."""
    seen: set[tuple[str, str]] = set()
    methods: set[str] = set()
    todo = [start]
    while todo:
        here = todo.pop()
        if here in seen or here in LEGACY:
            continue
        seen.add(here)
        module, name = here
        if source(module) is None or name not in functions(module):
            continue  # a class built (an event, a struct): no code of ours runs
        inner, called = calls(module, functions(module)[name])
        methods |= called
        todo += inner
    return seen, methods


def test_the_table_fold_calls_no_rule_of_the_game() -> None:
    seen, methods = fold_calls(("domain.table", "apply"))
    assert ("domain.clocks", "apply") in seen and ("domain.undo", "restored") in seen
    assert "evolve" in methods
    assert not methods & BUNDLE_RULES, sorted(methods & BUNDLE_RULES)
    ruled = {(m, f) for m, f in seen if f in RULES or m.rsplit(".", 1)[-1] in RULES}
    assert not ruled, sorted(ruled)


def test_the_legacy_path_is_the_one_that_asks_the_rules() -> None:
    """Without the exception, the fold reaches `game.legal`: the check sees it."""
    _, methods = fold_calls(("domain.table", "stamped_before"))
    assert "legal" not in methods  # left out as legacy
    inner, _ = calls("domain.table", functions("domain.table")["stamped_before"])
    assert ("domain.table", "awaited_seats") in inner
    _, asked = calls("domain.table", functions("domain.table")["awaited_seats"])
    assert "legal" in asked
