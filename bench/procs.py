"""The processes of a run: Redis, the servers under test, the peer, the driver.

Everything listens on 127.0.0.1 on a free port and is stopped by the run that started it.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tools.redis_server import RedisServer, free_port

ROOT = Path(__file__).resolve().parent.parent
PEER_SRC = ROOT / "bench" / "peer"
PEER_DIR = ROOT / "bench" / ".peer"  # git-ignored: node_modules and the plotting venv
CLK_TCK = os.sysconf("SC_CLK_TCK")
PYTHON = sys.executable  # the servers' interpreter: `bench.interpreter.choose()` sets it


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def ensure_peer() -> None:
    """npm-install boardgame.io, socket.io-client and ws into bench/.peer (once). Runs started
    together (the test workers) take turns under a lock: one installs, the others wait for it
    rather than loading a half-written node_modules."""
    PEER_DIR.mkdir(exist_ok=True)
    wanted = (PEER_SRC / "package.json").read_text()
    stamp = PEER_DIR / ".installed"  # written once npm has finished: the package.json it took
    with (PEER_DIR / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if stamp.exists() and stamp.read_text() == wanted:
            return
        if shutil.which("npm") is None:
            raise RuntimeError("npm is needed for the boardgame.io peer (Node.js 20)")
        log("installing boardgame.io and the driver's packages into bench/.peer (npm)")
        (PEER_DIR / "package.json").write_text(wanted)
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=PEER_DIR,
            check=True,
            timeout=600,
        )
        stamp.write_text(wanted)


def node_env() -> dict[str, str]:
    return {**os.environ, "NODE_PATH": str(PEER_DIR / "node_modules")}


def wait_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args!r} exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{proc.args!r} did not listen on {port}")


class Proc:
    """A server process we started: its pid, CPU seconds and resident memory."""

    def __init__(
        self, name: str, args: list[str], env: dict[str, str] | None = None, cwd: Path = ROOT
    ) -> None:
        self.name = name
        self.port = free_port()
        self.args = [a.replace("{port}", str(self.port)) for a in args]
        self.proc = subprocess.Popen(
            self.args, cwd=cwd, env=env or dict(os.environ), stdout=subprocess.DEVNULL
        )
        wait_port(self.port, self.proc)

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK

    def rss_kb(self) -> int:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


PLATEAU_ENV = {
    # the benchmark bots are closed loops far above a person's pace: lift the per-socket
    # command rate limit, the per-address connection cap and the HTTP limits per address
    # (all clients are 127.0.0.1, opening hundreds of tables at once)
    "PLATEAU_COMMANDS_PER_SECOND": "1000000",
    "PLATEAU_COMMAND_BURST": "1000000",
    "PLATEAU_MAX_CONNECTIONS_PER_ADDRESS": "100000",
    "PLATEAU_CREATES_PER_MINUTE": "0",
    "PLATEAU_JOINS_PER_MINUTE": "0",
    "PLATEAU_FORKS_PER_MINUTE": "0",
    "PLATEAU_MAX_OPEN_TABLES_PER_ADDRESS": "0",
    "PLATEAU_MAX_HELD_SEATS_PER_ADDRESS": "0",
    "PLATEAU_LOG_LEVEL": "warning",
}


def start_redis() -> RedisServer:
    # persistence as production would run it: AOF, fsync every second
    return RedisServer("--appendonly", "yes", "--appendfsync", "everysec").start()


def start_plateau(
    store_url: str,
    checkout: Path = ROOT,
    deal: bytes | None = None,
    extra: dict[str, str] | None = None,
) -> Proc:
    """Plateau's server; `checkout` names another tree of the project to run (`bench.ab`):
    `-m` puts its directory first on the path, so its packages are the ones imported. With
    `deal`, every game it starts is dealt from that secret (`bench.serve`); `extra`: more
    environment variables."""
    env = {**os.environ, **PLATEAU_ENV, **(extra or {})}
    if deal is not None:
        env["PLATEAU_BENCH_SECRET"] = deal.hex()
    args = [PYTHON, "-m", "bench.serve", "--store", store_url, "--port", "{port}"]
    return Proc("plateau", args, env, cwd=checkout)


def start_hook_sink(counts: Path) -> Proc:
    """The webhook receiver of scenario 10 (`bench.hook_sink`), counting into `counts`."""
    return Proc("sink", [PYTHON, "-m", "bench.hook_sink", "{port}", str(counts)])


def start_bgio() -> Proc:
    # as it would be deployed: boardgame.io checks every move's result for JSON-safety and
    # logs more outside production (no difference measured here, within the noise)
    env = {**node_env(), "NODE_ENV": "production"}
    return Proc("bgio", ["node", str(PEER_SRC / "server.js"), "{port}"], env)


def start_raw() -> Proc:
    return Proc("raw", [PYTHON, "-m", "bench.raw_ws", "{port}"])


def start_relay(store_url: str) -> Proc:
    return Proc("relay", [PYTHON, "-m", "bench.relay", "{port}", store_url])


def start_lean(store_url: str) -> Proc:
    env = {**os.environ, **PLATEAU_ENV}
    return Proc("lean", [PYTHON, "-m", "bench.lean", "{port}", store_url], env)


def run_driver(
    config: dict[str, Any],
    servers: list[Proc],
    on_phase: Callable[[dict[str, Any]], None] | None = None,
    timeout: float = 600,
) -> dict[str, Any]:
    """Run the Node driver; its result plus each server's CPU seconds during the run."""
    config = {"hard_limit_s": timeout, **config}
    before = {p.name: p.cpu_seconds() for p in servers}
    started = time.monotonic()
    proc = subprocess.Popen(
        ["node", str(PEER_SRC / "driver.js"), json.dumps(config)],
        cwd=ROOT,
        env=node_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdin is not None
    result: dict[str, Any] | None = None
    error = "driver printed no result"
    cpu_marks: dict[str, dict[str, float]] = {}
    for line in proc.stdout:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if "phase" in message:
            if message["phase"] in ("measuring", "measured"):
                cpu_marks[message["phase"]] = {p.name: p.cpu_seconds() for p in servers}
            elif on_phase is not None:
                on_phase(message)
            proc.stdin.write("next\n")
            proc.stdin.flush()
        elif "result" in message:
            result = message["result"]
        elif "error" in message:
            error = message["error"]
    proc.wait(timeout)
    if result is None:
        raise RuntimeError(f"driver failed ({config.get('system')}): {error}")
    wall = time.monotonic() - started
    result["wall_s"] = wall
    result["server_cpu_s"] = {p.name: p.cpu_seconds() - before[p.name] for p in servers}
    if len(cpu_marks) == 2:  # CPU seconds of each server during the measured window only
        result["server_cpu_window_s"] = {
            name: cpu_marks["measured"][name] - cpu_marks["measuring"][name]
            for name in cpu_marks["measured"]
        }
    return result
