"""Fixtures of the deploy tests: the container engine (or a skip that says why), the image
built once from deploy/Dockerfile, and compose stacks torn down whatever happens.

`make test` runs these tests when podman (with podman-compose) or docker can run containers
here, and skips them otherwise; `make deploy-test` sets PLATEAU_DEPLOY=required, which turns
that skip into a failure.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from server.ops.version import described
from tests.deploy.engine import (
    DEPLOY,
    Engine,
    Stack,
    build_image,
    find_engine,
    free_port,
    free_subnet,
)

HERE = Path(__file__).resolve().parent
OUTPUT = DEPLOY.parent / "test-output"
SERVERS = ["plateau-1", "plateau-2", "plateau-3"]


@pytest.fixture(scope="session")
def engine() -> Engine:
    found = find_engine()
    if isinstance(found, str):
        if os.environ.get("PLATEAU_DEPLOY") == "required":
            pytest.fail(found)
        pytest.skip(found)
    return found


@dataclass(frozen=True)
class Image:
    tag: str
    version: str
    build_seconds: float


@pytest.fixture(scope="session")
def image(engine: Engine) -> Image:
    """The server image, built once per session (cached layers make a rebuild quick)."""
    version = described() or "unknown"
    tag = "localhost/plateau:deploy-test"
    return Image(tag, version, build_image(engine, tag, version))


def stack_env(engine: Engine, image: Image, **extra: str) -> dict[str, str]:
    port = free_port()
    return {
        "PLATEAU_IMAGE": image.tag,
        "PLATEAU_VERSION": image.version,
        "PLATEAU_HTTP_ADDRESS": "127.0.0.1",
        "PLATEAU_HTTP_PORT": str(port),
        "PLATEAU_ALLOWED_ORIGINS": f"http://127.0.0.1:{port}",
        "PLATEAU_SUBNET": free_subnet(engine),
        **extra,
    }


@dataclass
class Started:
    stack: Stack
    up_seconds: float  # `compose up -d` (the image already built)
    healthy_seconds: float  # then until every server is healthy and nginx answers


def started(stack: Stack, servers: list[str], done: str | None = None) -> Iterator[Started]:
    """Start `stack` (and wait for its one-shot service `done` to exit), wait for health,
    yield it; keep every container's output in test-output/ and remove the stack, whatever
    happened."""
    try:
        began = time.monotonic()
        stack.up()
        if done is not None:
            stack.wait_exited(done)
        up = time.monotonic() - began
        yield Started(stack, up, stack.wait_healthy(servers))
    finally:
        OUTPUT.mkdir(exist_ok=True)
        for name in stack.containers(all_states=True):
            done = stack.engine.run("logs", name, check=False)
            (OUTPUT / f"{name}.log").write_text(done.stdout + done.stderr)
        stack.down()


@pytest.fixture(scope="module")
def single(engine: Engine, image: Image) -> Iterator[Started]:
    """deploy/compose.yaml: one Redis, three servers, nginx; the test publishes Redis on a
    loopback port too (compose.redis-port.yaml) to check the streams."""
    env = stack_env(engine, image, PLATEAU_TEST_REDIS_PORT=str(free_port()))
    files = [DEPLOY / "compose.yaml", HERE / "compose.redis-port.yaml"]
    yield from started(Stack(engine, files, env), SERVERS)


@pytest.fixture(scope="module")
def cluster(engine: Engine, image: Image) -> Iterator[Started]:
    """deploy/compose.cluster.yaml: three Redis masters in a cluster, three servers, nginx."""
    env = stack_env(engine, image)
    stack = Stack(engine, [DEPLOY / "compose.cluster.yaml"], env)
    yield from started(stack, SERVERS, done="cluster-init")
