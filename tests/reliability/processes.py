"""Real processes for the fault tests: `plateau serve` servers and redis-servers, killable."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from tools.redis_server import RedisServer, free_port

ROOT = Path(__file__).resolve().parents[2]
# the fault tests open dozens of tables at once from one address: no HTTP limits per address
UNLIMITED_HTTP = {
    "PLATEAU_CREATES_PER_MINUTE": "0",
    "PLATEAU_JOINS_PER_MINUTE": "0",
    "PLATEAU_FORKS_PER_MINUTE": "0",
    "PLATEAU_MAX_OPEN_TABLES_PER_ADDRESS": "0",
    "PLATEAU_MAX_HELD_SEATS_PER_ADDRESS": "0",
}


class ServerProcess:
    """`plateau serve --store URL --port N` in its own OS process, logs to a file."""

    def __init__(self, store_url: str, port: int | None = None, **env: str) -> None:
        self.store_url = store_url
        self.port = port or free_port()
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = Path(tempfile.mkstemp(prefix=f"plateau-{self.port}-", suffix=".log")[1])
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self) -> ServerProcess:
        env = {**os.environ, "PLATEAU_LOG_FORMAT": "json", **UNLIMITED_HTTP, **self.env}
        args = [sys.executable, "-m", "plateau", "serve", "--store", self.store_url]
        args += ["--host", "127.0.0.1", "--port", str(self.port)]
        with self.log_path.open("ab") as out:
            self.proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=out, stderr=out)
        self.starts += 1
        return self

    def wait_ready(self, timeout: float = 30) -> ServerProcess:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.alive:
                raise RuntimeError(f"server on {self.port} exited: {self.log_tail()}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server on {self.port} not ready: {self.log_tail()}")

    def kill(self) -> None:
        """kill -9: no shutdown hook, no flush, nothing."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def log_tail(self, lines: int = 20) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])


def start_servers(store_url: str, count: int, **env: str) -> list[ServerProcess]:
    servers = [ServerProcess(store_url, **env).start() for _ in range(count)]
    for server in servers:
        server.wait_ready()
    return servers


def redis_with_aof(fsync: str) -> RedisServer:
    """A private redis-server with the append-only file on, `appendfsync` as given."""
    return RedisServer("--appendonly", "yes", "--appendfsync", fsync)


def restart_redis(server: RedisServer, timeout: float = 20) -> None:
    """kill -9 then start again on the same port and directory (it reloads its AOF)."""
    server.kill()
    deadline = time.monotonic() + timeout
    while True:
        try:
            server.start()
            return
        except RuntimeError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
