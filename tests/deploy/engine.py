"""A container engine (podman with podman-compose, or docker with its compose plugin) and the
compose stacks of deploy/ run by it, the way an operator runs them.

Everything a stack publishes is on 127.0.0.1 at ports chosen free; each stack has its own
project name, network and volumes, and `down` removes them all.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
BASE_IMAGES = ("python:3.11-slim", "redis:7.2", "nginx:1.27")


@dataclass(frozen=True)
class Engine:
    name: str  # podman | docker
    compose: tuple[str, ...]  # the compose command

    def run(
        self,
        *args: str,
        timeout: float = 120,
        check: bool = True,
        env: dict[str, str] | None = None,
    ) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [self.name, *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, **(env or {})},
        )
        if check and done.returncode != 0:
            raise RuntimeError(f"{self.name} {' '.join(args)} failed:\n{done.stderr[-3000:]}")
        return done

    def has_image(self, name: str) -> bool:
        return self.run("image", "inspect", name, check=False, timeout=30).returncode == 0


def find_engine() -> Engine | str:
    """The engine to use, or why there is none."""
    if shutil.which("podman") and shutil.which("podman-compose"):
        engine = Engine("podman", ("podman-compose",))
    elif shutil.which("docker"):
        engine = Engine("docker", ("docker", "compose"))
    else:
        return "no container engine: install podman and podman-compose, or docker"
    try:
        if engine.run("info", check=False, timeout=30).returncode != 0:
            return f"{engine.name} is installed but cannot run containers here ({engine.name} info)"
        missing = [name for name in BASE_IMAGES if not engine.has_image(name)]
        for name in missing:  # a machine that reaches a registry pulls them once
            if engine.run("pull", name, check=False, timeout=300).returncode != 0:
                return (
                    f"the base image {name} is not on this machine and cannot be pulled "
                    "(without a registry: bash ../shared/containers/setup.sh builds stand-ins)"
                )
    except subprocess.TimeoutExpired as slow:
        return f"{engine.name} did not answer: {slow}"
    return engine


def build_image(engine: Engine, tag: str, version: str) -> float:
    """Build deploy/Dockerfile as `tag`; the seconds it took."""
    started = time.monotonic()
    args = ["build", "-f", str(DEPLOY / "Dockerfile"), "-t", tag]
    args += ["--build-arg", f"PLATEAU_VERSION={version}"]
    if engine.name == "podman":
        args += ["--format", "docker"]  # the OCI format has no HEALTHCHECK
    engine.run(*args, str(ROOT), timeout=900)
    return time.monotonic() - started


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def free_subnet(engine: Engine) -> str:
    """The first three numbers of a /24 that no network of the engine uses, picked at random:
    a subnet just removed with its stack keeps stale neighbour entries on the host's bridge
    for a while, and its reused addresses then swallowed nginx's connections (50 s once)."""
    used = engine.run("network", "inspect", *networks(engine), check=False).stdout
    free = [f"172.30.{n}" for n in range(100, 250) if f'"172.30.{n}.' not in used]
    if not free:
        raise RuntimeError("no free 172.30.x.0/24 subnet for a test stack")
    return random.choice(free)


def networks(engine: Engine) -> list[str]:
    listed = engine.run("network", "ls", "--format", "{{.Name}}").stdout
    return [name for name in listed.split() if name]


@dataclass
class Stack:
    """One compose project: `files` (deploy/ first, then test overrides) and its variables."""

    engine: Engine
    files: list[Path]
    env: dict[str, str]
    project: str = field(default_factory=lambda: f"plateau-test-{uuid.uuid4().hex[:8]}")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.env['PLATEAU_HTTP_PORT']}"

    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://") + "/ws"

    def compose(self, *args: str, timeout: float = 300, check: bool = True) -> str:
        files = [arg for path in self.files for arg in ("-f", str(path))]
        command = [*self.engine.compose, "-p", self.project, *files, *args]
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, **self.env},
        )
        if check and done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
        return done.stdout + done.stderr

    def up(self) -> None:
        # podman-compose turns depends_on into podman's --requires, and podman then refuses
        # to (re)start a container while one it requires restarts: `restart` would leave
        # some servers as they were. deploy/README.md tells podman users the same.
        self.compose("up", "-d", *(["--no-deps"] if self.engine.name == "podman" else []))

    def down(self) -> None:
        self.compose("down", "-v", "-t", "5", check=False)
        # podman-compose leaves nothing; a stack that failed half-way may leave containers
        for name in self.containers(all_states=True):
            self.engine.run("rm", "-f", name, check=False)

    def containers(self, service: str | None = None, all_states: bool = False) -> list[str]:
        args = ["ps", "--format", "{{.Names}}"]
        args += ["--filter", f"label=com.docker.compose.project={self.project}"]
        if service:
            args += ["--filter", f"label=com.docker.compose.service={service}"]
        if all_states:
            args.append("-a")
        return sorted(self.engine.run(*args).stdout.split())

    def container(self, service: str) -> str:
        names = self.containers(service, all_states=True)
        if len(names) != 1:
            raise RuntimeError(f"{service}: {len(names)} containers ({names})")
        return names[0]

    def inspect(self, service: str) -> dict[str, Any]:
        out = self.engine.run("inspect", self.container(service)).stdout
        data: dict[str, Any] = json.loads(out)[0]
        return data

    def crash(self, service: str) -> None:
        """kill -9 of the service's main process from outside, as a crash would: the engine
        restarts it by the restart policy (an engine's own `kill` counts as a stop and
        would not)."""
        pid = int(self.inspect(service)["State"]["Pid"])
        if pid <= 0:
            raise RuntimeError(f"{service} is not running")
        os.kill(pid, signal.SIGKILL)

    def started_at(self, service: str) -> str:
        return str(self.inspect(service)["State"]["StartedAt"])

    def running(self, service: str) -> bool:
        return bool(self.inspect(service)["State"]["Running"])

    def logs(self, service: str) -> tuple[str, str]:
        """The container's output: (stdout, stderr)."""
        done = self.engine.run("logs", self.container(service))
        return done.stdout, done.stderr

    def exec(self, service: str, *command: str, timeout: float = 60) -> str:
        return self.engine.run("exec", self.container(service), *command, timeout=timeout).stdout

    def wait_exited(self, service: str, timeout: float = 60) -> None:
        """Wait for a one-shot service to end; fail unless it ended well."""
        deadline = time.monotonic() + timeout
        while (state := self.inspect(service)["State"])["Status"] != "exited":
            if time.monotonic() > deadline:
                raise TimeoutError(f"{service} still running after {timeout} s")
            time.sleep(0.5)
        if state["ExitCode"] != 0:
            raise RuntimeError(f"{service} failed ({state['ExitCode']}): {self.logs(service)}")

    def healthy(self, service: str) -> bool:
        """The image's HEALTHCHECK, run now (podman runs it on demand; docker on a timer)."""
        if self.engine.name == "podman":
            done = self.engine.run("healthcheck", "run", self.container(service), check=False)
            return done.returncode == 0
        health = self.inspect(service)["State"].get("Health") or {}
        return health.get("Status") == "healthy"

    def wait_healthy(self, servers: list[str], timeout: float = 120) -> float:
        """Wait until nginx answers /healthz with 200 and every server's health check passes;
        the seconds waited."""
        started = time.monotonic()
        while True:
            try:
                through_nginx = httpx.get(self.url + "/healthz", timeout=3).status_code == 200
            except httpx.HTTPError:
                through_nginx = False
            if through_nginx and all(self.healthy(s) for s in servers):
                return time.monotonic() - started
            if time.monotonic() > started + timeout:
                raise TimeoutError(f"{self.project} not healthy in {timeout} s")
            time.sleep(0.5)
