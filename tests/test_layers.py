"""The dependency rules, checked on the source: domain is pure, layers point one way."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BANNED_IN_DOMAIN = {"random", "time", "os", "asyncio", "datetime", "secrets", "uuid", "socket"}
OUTSIDE_LIBS = {"redis", "starlette", "websockets", "structlog", "uvicorn", "httpx"}


def imports(folder: str) -> list[tuple[Path, str]]:
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found += [(path, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.append((path, node.module))
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
                pass  # the registry imports games by name: they are domain modules
    return found


def top(module: str) -> str:
    return module.split(".")[0]


def test_domain_imports_only_stdlib_and_msgspec() -> None:
    bad = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, module in imports("domain")
        if top(module) in BANNED_IN_DOMAIN
        or not (top(module) in sys.stdlib_module_names or top(module) in {"msgspec", "domain"})
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


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    # the scan itself must be able to fail: a module importing random is caught
    tree = ast.parse("import random\nfrom time import monotonic\n")
    names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    names += [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
    assert {top(n) for n in names} & BANNED_IN_DOMAIN == {"random", "time"}
