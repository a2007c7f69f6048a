"""Every configuration file shipped in deploy/ is loaded by the program that reads it, so a
typo cannot ship: redis-server (on this machine, and unchanged in the Redis image), `nginx -t`
in the nginx image, and compose. The compose files publish only nginx's port and document
every variable they set or read."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.deploy.engine import DEPLOY, ROOT, Engine
from tests.redis_cluster import cluster_port
from tools.redis_server import free_port

COMPOSE_FILES = [DEPLOY / "compose.yaml", DEPLOY / "compose.cluster.yaml"]
SERVERS = ["plateau-1", "plateau-2", "plateau-3"]


def compose(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text())
    return data


# -- redis-server on this machine (no container engine needed) ----------------------------


def load_in_redis_server(
    tmp_path: Path, conf: str, *extra: str, port: int | None = None
) -> dict[str, str]:
    """Start redis-server on `conf` (a file's text) on a free loopback port; the settings it
    reports. Only `dir` is pointed at a temporary folder: Redis enters it while reading."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is missing (make system-deps installs it)")
    path = tmp_path / "redis.conf"
    path.write_text(re.sub(r"(?m)^dir .*$", f"dir {tmp_path}", conf))
    port = port or free_port()
    args = [binary, str(path), *extra, "--port", str(port), "--bind", "127.0.0.1"]
    # leaving the with closes its output pipe and waits for it
    with subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    ) as process:
        try:
            settings: dict[str, str] = {}
            for _ in range(100):
                if process.poll() is not None:
                    output = process.stdout.read() if process.stdout else ""
                    raise AssertionError(f"redis-server refused the file:\n{output}")
                done = subprocess.run(
                    ["redis-cli", "-p", str(port), "config", "get", "*"],
                    capture_output=True,
                    text=True,
                )
                items = done.stdout.splitlines()
                if done.returncode == 0 and len(items) > 2:
                    settings = dict(zip(items[::2], items[1::2], strict=True))
                    break
                time.sleep(0.05)
            return settings
        finally:
            process.kill()


def test_redis_conf_loads_with_the_log_rules(tmp_path: Path) -> None:
    settings = load_in_redis_server(tmp_path, (DEPLOY / "redis.conf").read_text())
    assert settings["appendonly"] == "yes"
    assert settings["appendfsync"] == "always"
    assert settings["maxmemory-policy"] == "noeviction"
    assert settings["save"] == ""
    assert settings["aof-load-truncated"] == "yes"


def test_redis_cluster_conf_loads_over_it(tmp_path: Path) -> None:
    settings = load_in_redis_server(
        tmp_path,
        (DEPLOY / "redis.conf").read_text(),
        "--include",
        str(DEPLOY / "redis-cluster.conf"),
        port=cluster_port(),  # its cluster bus listens 10000 above
    )
    assert settings["cluster-enabled"] == "yes"
    assert settings["cluster-require-full-coverage"] == "yes"
    assert settings["appendfsync"] == "always"


def test_a_comment_after_a_directive_is_refused_as_it_was_shipped_once(tmp_path: Path) -> None:
    """The loader has teeth: Redis takes no comment after a directive (issue 30)."""
    broken = (DEPLOY / "redis.conf").read_text() + "\nprotected-mode no  # a comment\n"
    with pytest.raises(AssertionError, match="FATAL CONFIG FILE ERROR"):
        load_in_redis_server(tmp_path, broken)


# -- the compose files, read as YAML ---------------------------------------------------------


@pytest.mark.parametrize("path", COMPOSE_FILES, ids=lambda p: p.name)
def test_only_nginx_publishes_a_port(path: Path) -> None:
    services = compose(path)["services"]
    assert {name for name, service in services.items() if service.get("ports")} == {"nginx"}
    assert len(services["nginx"]["ports"]) == 1


@pytest.mark.parametrize("path", COMPOSE_FILES, ids=lambda p: p.name)
def test_every_variable_a_compose_file_reads_or_sets_is_documented(path: Path) -> None:
    text = path.read_text()
    lines = text.splitlines()
    header = "\n".join(line for line in lines[: next_code(lines)] if line.startswith("#"))
    for name in set(re.findall(r"(?<!\$)\$\{([A-Z_]+)", text)):  # $$ escapes a $
        assert re.search(rf"#\s+{name}\s", header), f"{name} is read but not in the header"
    table = configuration_table()
    for service_name, service in compose(path)["services"].items():
        for name in service.get("environment") or {}:
            assert commented(lines, name), f"{service_name}: {name} has no comment above it"
            if name.startswith("PLATEAU_"):
                assert name in table, f"{name} is not in the README's Configuration table"


def next_code(lines: list[str]) -> int:
    """The index of the first line that is neither a comment nor blank."""
    return next(i for i, line in enumerate(lines) if line.strip() and not line.startswith("#"))


def commented(lines: list[str], name: str) -> bool:
    """Whether the line above the environment entry `name` is a comment (its own)."""
    for index, line in enumerate(lines):
        if re.match(rf"\s+{name}:", line):
            return index > 0 and lines[index - 1].strip().startswith("#")
    return False


def configuration_table() -> str:
    readme = (ROOT / "README.md").read_text()
    start = readme.index("## Configuration")
    return readme[start : readme.index("\n## ", start + 1)]


def test_the_cluster_variant_runs_the_servers_as_compose_yaml_does() -> None:
    single, cluster = (compose(path)["services"] for path in COMPOSE_FILES)
    for server in SERVERS:
        one, other = dict(single[server]["environment"]), dict(cluster[server]["environment"])
        assert one.pop("PLATEAU_STORE").startswith("redis://")
        assert other.pop("PLATEAU_STORE").startswith("redis+cluster://")
        assert one == other
    assert single["nginx"]["volumes"] == cluster["nginx"]["volumes"]


# -- the real programs in their images (a container engine needed) ---------------------------


@pytest.mark.deploy
def test_nginx_conf_passes_nginx_t_in_the_nginx_image(engine: Engine) -> None:
    hosts = [arg for server in SERVERS for arg in ("--add-host", f"{server}:127.0.0.1")]
    volume = f"{DEPLOY / 'nginx.conf'}:/etc/nginx/nginx.conf:ro"
    done = engine.run("run", "--rm", *hosts, "-v", volume, "nginx:1.27", "nginx", "-t")
    assert "test is successful" in done.stderr, done.stderr


@pytest.mark.deploy
def test_the_redis_files_load_unchanged_in_the_redis_image(engine: Engine) -> None:
    conf = "/usr/local/etc/redis"
    mounts = ["-v", f"{DEPLOY / 'redis.conf'}:{conf}/redis.conf:ro"]
    mounts += ["-v", f"{DEPLOY / 'redis-cluster.conf'}:{conf}/redis-cluster.conf:ro"]
    script = (
        f"redis-server {conf}/redis.conf --include {conf}/redis-cluster.conf --daemonize yes"
        " && until redis-cli ping >/dev/null 2>&1; do sleep 0.1; done"
        " && redis-cli config get appendfsync && redis-cli config get cluster-enabled"
    )
    done = engine.run("run", "--rm", *mounts, "redis:7.2", "sh", "-c", script)
    assert done.stdout.split() == ["appendfsync", "always", "cluster-enabled", "yes"]


@pytest.mark.deploy
@pytest.mark.parametrize("path", COMPOSE_FILES, ids=lambda p: p.name)
def test_compose_accepts_the_file(engine: Engine, path: Path) -> None:
    command = [*engine.compose, "-f", str(path), "config"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "plateau-3" in done.stdout
