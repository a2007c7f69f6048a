"""The dependency rules, checked on the source: domain is pure, layers point one way."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BANNED_IN_DOMAIN = {"random", "time", "os", "asyncio", "datetime", "secrets", "uuid", "socket"}
OUTSIDE_LIBS = {"redis", "starlette", "websockets", "structlog", "uvicorn", "httpx"}


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


def test_the_check_sees_a_forbidden_import() -> None:
    # the scan itself must be able to fail
    source = "import random\nfrom time import monotonic\nimport redis.asyncio\nimport json\n"
    flagged = [m for m in modules_imported(source) if impure(m)]
    assert flagged == ["random", "time", "redis.asyncio"]
