"""The dependency rules, checked on the source: domain is pure, draws only through
domain/chance.py, has no import cycle, and layers point one way: the `plateau` command above
the server and the clients, neither of which imports the other, the benchmarks beside the
tests, not on them; the server's packages import down only, and the server has no import
cycle."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BANNED_IN_DOMAIN = {"random", "time", "os", "asyncio", "datetime", "secrets", "uuid", "socket"}
OUTSIDE_LIBS = {"redis", "starlette", "websockets", "structlog", "uvicorn", "httpx"}
# each server package and the server packages it may import (itself aside); what is not in a
# package (`server/app.py` wiring them, `server/cli.py`) may import any
SERVER_LAYERS = {
    "ops": set(),
    "store": {"ops"},
    "records": {"store", "ops"},
    "table": {"store", "ops"},
    "accounts": {"table", "store", "ops"},
    "live": {"table", "store", "ops"},
    "web": {"live", "records", "accounts", "table", "store", "ops"},
    "sockets": {"web", "live", "accounts", "table", "store", "ops"},
}


def modules_imported(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module)
    return found


def imports(folder: str) -> list[tuple[Path, str]]:
    return [
        (path, module)
        for path in sorted((ROOT / folder).rglob("*.py"))
        for module in modules_imported(path.read_text())
    ]


def impure(module: str) -> bool:
    return top(module) in BANNED_IN_DOMAIN or not (
        top(module) in sys.stdlib_module_names or top(module) in {"msgspec", "domain"}
    )


def top(module: str) -> str:
    return module.split(".")[0]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(sources: dict[str, str]) -> dict[str, set[str]]:
    """module -> the modules among `sources` it imports, at any depth of its code (an import
    inside a function closes a cycle as surely as one at the top, only later)."""
    graph: dict[str, set[str]] = {name: set() for name in sources}
    for name, source in sources.items():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                graph[name] |= {alias.name for alias in node.names if alias.name in sources}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                for alias in node.names:
                    submodule = f"{node.module}.{alias.name}"
                    if submodule in sources:
                        graph[name].add(submodule)
                    elif node.module in sources:
                        graph[name].add(node.module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module, or a module importing
    itself (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        found.append(frozenset(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in stack:
                low[node] = min(low[node], index[child])
    return found


def draws(source: str) -> list[int]:
    """Lines that draw from an Rng directly (`rng.randrange(...)`), bypassing domain/chance.py."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "randrange"
    ]


def test_domain_imports_only_stdlib_and_msgspec() -> None:
    bad = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, module in imports("domain")
        if impure(module)
    ]
    assert bad == []


def test_projections_do_not_reach_into_the_server_or_io() -> None:
    bad = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, module in imports("projections")
        if top(module) in OUTSIDE_LIBS | {"server", "clients"}
    ]
    assert bad == []


def test_clients_do_not_import_the_server() -> None:
    bad = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, module in imports("clients")
        if top(module) == "server"
    ]
    assert bad == []


def test_the_server_imports_neither_the_clients_nor_the_command() -> None:
    # the `plateau` command (plateau/) runs both the server and client programs: it is above
    # them, and the server's bots come from the domain
    bad = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, module in imports("server")
        if top(module) in {"clients", "plateau"}
    ]
    assert bad == []


def test_the_benchmarks_do_not_import_the_tests() -> None:
    bad = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, module in imports("bench")
        if top(module) == "tests"
    ]
    assert bad == []


def test_the_check_sees_a_forbidden_import() -> None:
    # the scan itself must be able to fail
    source = "import random\nfrom time import monotonic\nimport redis.asyncio\nimport json\n"
    flagged = [m for m in modules_imported(source) if impure(m)]
    assert flagged == ["random", "time", "redis.asyncio"]


def domain_sources() -> dict[str, str]:
    return {module_name(path): path.read_text() for path in (ROOT / "domain").rglob("*.py")}


def test_domain_has_no_import_cycle() -> None:
    found = cycles(import_graph(domain_sources()))
    assert [sorted(cycle) for cycle in found] == []


def test_the_cycle_scan_sees_a_cycle_however_deep_the_import() -> None:
    sources = {
        "a": "import b\n",
        "b": "from c import f\n",
        "c": "def f():\n    from a import g\n",
        "d": "import a\n",
        "e": "from e import x\n",
    }
    assert sorted(sorted(c) for c in cycles(import_graph(sources))) == [["a", "b", "c"], ["e"]]


def test_domain_draws_only_through_chance() -> None:
    bad = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "domain").rglob("*.py"))
        if path != ROOT / "domain" / "chance.py"
        for line in draws(path.read_text())
    ]
    assert bad == []


def test_the_draw_scan_sees_a_direct_draw() -> None:
    source = "from domain.chance import choice\nx = choice(rng, (1, 2))\ny = rng.randrange(6)\n"
    assert draws(source) == [3]


def server_sources() -> dict[str, str]:
    return {module_name(path): path.read_text() for path in (ROOT / "server").rglob("*.py")}


def package_of(module: str) -> str | None:
    """The server package a module of the server belongs to; None for one outside them."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in SERVER_LAYERS) else None


def layer_breaches(graph: dict[str, set[str]]) -> list[str]:
    """`importer -> imported` for each import of a package it may not import."""
    bad = []
    for name, imported in sorted(graph.items()):
        home = package_of(name)
        if home is None:
            continue
        allowed = SERVER_LAYERS.get(home, set()) | {home}
        bad += [f"{name} -> {m}" for m in sorted(imported) if package_of(m) not in allowed]
    return bad


def test_each_server_module_is_in_a_package_with_its_job_stated() -> None:
    loose = {
        name
        for name in server_sources()
        if package_of(name) is None and name not in {"server", "server.app", "server.cli"}
    }
    assert loose == set()
    packages = {p.name for p in (ROOT / "server").iterdir() if (p / "__init__.py").exists()}
    assert packages == set(SERVER_LAYERS)
    for package in packages:
        docstring = ast.get_docstring(
            ast.parse((ROOT / "server" / package / "__init__.py").read_text())
        )
        assert docstring, f"server/{package}/__init__.py states no job"


def test_server_packages_import_down_only() -> None:
    assert layer_breaches(import_graph(server_sources())) == []


def test_the_layer_scan_sees_an_import_up() -> None:
    sources = {
        "server.ops.logs": "from server.table.games import Games\n",  # ops imports nothing
        "server.table.games": "def f():\n    from server.web import http\n",  # however deep
        "server.table.moves": "from server.table.games import Games\n",  # its own package
        "server.web.http": "from server.table import moves\n",
        "server.app": "from server.web import http\n",
    }
    assert layer_breaches(import_graph(sources)) == [
        "server.ops.logs -> server.table.games",
        "server.table.games -> server.web.http",
    ]


def test_server_has_no_import_cycle() -> None:
    found = cycles(import_graph(server_sources()))
    assert [sorted(cycle) for cycle in found] == []
