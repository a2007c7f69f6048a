"""Scenario 9, cold start: a server started over a store full of games, until it answers.

`build(path, finished, live)` writes a SQLite store of `finished` games over and `live` games
in play (one in every `finished // live + 1` is live, so the newest games mix both), fast:
one finished and one live game of the benchmark counter are played once through the server's
own code (`GameService` on a store in memory), then their stored bytes are appended under
every id through the store adapter, as the service appends them. `cold_start(path, game_id)`
starts `bench.serve` over that file and times, from the moment the process is spawned, its
first lobby answer (`GET /api/games`) and a first websocket hello's snapshot (a spectator of
the live game `game_id`), asked at once from two threads as soon as it listens (a third
times that); then the process's RSS.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import msgspec
from websockets.sync.client import connect

from bench import procs
from bench.counter_game import register
from bench.profile import Profiler
from server.live.lobby import REFRESH_SECONDS
from server.ops.logs import configure
from server.ops.metrics import Metrics
from server.store import EventStore
from server.store.adapters import open_store
from server.table.service import GameService
from tools.redis_server import free_port

SEATS = 4
FINISHED_MOVES = 60  # a finished game: this many bumps, then its end
LIVE_MOVES = 30
PATIENCE_S = 120.0
PYCACHE = procs.PEER_DIR / "pycache"
PROFILE_S = 4  # py-spy's samples: the start, the answers and what they set off


async def _played(service: GameService, target: int, moves: int) -> str:
    """A counter game of `moves` bumps (over when the counter reaches `target`, 0: never)."""
    request = {"game": "bench_counter", "seats": SEATS, "options": {"target": target}}
    game_id = await service.create(msgspec.json.encode(request))
    tokens = [
        (await service.join(game_id, f'{{"name": "p{s}"}}'.encode()))[1] for s in range(SEATS)
    ]
    await service.start(game_id, tokens[0])
    for move in range(moves):
        live = await service.load(game_id, fresh=True)
        seat = live.table.state.turn
        await service.submit(game_id, seat, f"m{move}", live.version, b'{"type": "bump"}')
    return game_id


async def _templates() -> tuple[list[bytes], list[bytes]]:
    """The stored bytes of a finished game and of a game in play."""
    store = open_store(None)
    service = GameService(store, Metrics())
    try:
        over = await _played(service, FINISHED_MOVES, FINISHED_MOVES)
        playing = await _played(service, 0, LIVE_MOVES)
        ended = await service.load(over, fresh=True)
        assert ended.game.is_over(ended.table.state)
        return [r.data for r in await store.read(over)], [r.data for r in await store.read(playing)]
    finally:
        await store.close()


def live_ids(finished: int, live: int) -> list[str]:
    every = finished // live + 1
    return [game_id(n) for n in range(finished + live) if n % every == every - 1]


def game_id(n: int) -> str:
    return f"cold{n:07d}"


async def _build(path: Path, finished: int, live: int) -> None:
    over, playing = await _templates()
    store: EventStore = open_store(f"sqlite:///{path}")
    playing_ids = set(live_ids(finished, live))
    try:
        ids = [game_id(n) for n in range(finished + live)]
        for start in range(0, len(ids), 500):  # appends of one tick share a transaction
            batch = ids[start : start + 500]
            await asyncio.gather(
                *(store.append(i, 0, playing if i in playing_ids else over) for i in batch)
            )
            for i in batch:  # the index keeps the order of creation: newest last
                await store.register(i)
    finally:
        await store.close()


def build(path: Path, finished: int, live: int) -> dict[str, Any]:
    """Write the store; how long it took and its size."""
    configure("console", "warning")
    register()
    started = time.monotonic()
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    asyncio.run(_build(path, finished, live))
    return {"build_s": time.monotonic() - started, "store_mb": path.stat().st_size / 2**20}


def _until(deadline: float, attempt: Any) -> Any:
    """`attempt()` again until it stops failing to connect (the server is starting)."""
    while True:
        try:
            return attempt()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.005)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / procs.CLK_TCK


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def compiled() -> dict[str, str]:
    """The environment of a server that reads its modules' bytecode compiled, as an installed
    one does (pip compiles what it installs): a checkout run with PYTHONDONTWRITEBYTECODE
    would compile every module of the project at each start. The bytecode is kept in
    bench/.peer/pycache (PYTHONPYCACHEPREFIX), not beside the sources; the first start
    writes it."""
    env = {**os.environ, **procs.PLATEAU_ENV, "PYTHONPYCACHEPREFIX": str(PYCACHE)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def imports() -> float:
    """Seconds for a Python process to import the benchmark's server and exit: the part of a
    start that is the interpreter and the imports."""
    started = time.monotonic()
    command = [procs.PYTHON, "-c", "import bench.serve"]
    subprocess.run(command, cwd=procs.ROOT, env=compiled(), check=True)
    return time.monotonic() - started


def cold_start(
    path: Path,
    watched: str,
    profile: bool = False,
    settle_s: float = 1.0,
    lobby_too: bool = True,
) -> dict[str, Any]:
    """Start a server over `path`; seconds to its lobby answer and to a hello's snapshot.
    With `profile`, py-spy samples the process from its spawn (`found["profile"]`); without
    `lobby_too`, only the hello is asked (what it waits for when the lobby is asked too)."""
    port = free_port()
    env = compiled()
    args = [procs.PYTHON, "-m", "bench.serve", "--store", f"sqlite:///{path}", "--port", str(port)]
    found: dict[str, Any] = {}
    spawned = time.monotonic()
    proc = subprocess.Popen(args, cwd=procs.ROOT, env=env, stdout=subprocess.DEVNULL)
    profiler = Profiler(proc.pid, PROFILE_S) if profile else None
    deadline = spawned + PATIENCE_S

    def lobby() -> None:
        def ask() -> bytes:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=60) as r:
                body: bytes = r.read()
                return body

        body = _until(deadline, ask)
        found.setdefault("lobby_s", time.monotonic() - spawned)
        found.setdefault("listed", {kind: len(games) for kind, games in json.loads(body).items()})

    def listening() -> None:
        _until(deadline, lambda: socket.create_connection(("127.0.0.1", port), 1).close())
        found["listening_s"] = time.monotonic() - spawned

    def hello() -> None:
        ws = _until(deadline, lambda: connect(f"ws://127.0.0.1:{port}/ws", open_timeout=60))
        with ws:
            ws.send(json.dumps({"type": "hello", "game_id": watched, "token": None}))
            while True:
                frame = ws.recv(timeout=60)
                if json.loads(frame)["type"] == "snapshot":
                    break
        found["hello_s"] = time.monotonic() - spawned
        found["snapshot_bytes"] = len(frame)

    try:
        parts = (listening, lobby, hello) if lobby_too else (listening, hello)
        threads = [threading.Thread(target=part) for part in parts]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(PATIENCE_S)
        if "hello_s" not in found or (lobby_too and "lobby_s" not in found):
            raise RuntimeError(f"the server over {path} did not answer: {found}")
        found["cpu_s"] = cpu_seconds(proc.pid)  # what other tenants of the machine do not move
        if not lobby_too:
            return found
        time.sleep(settle_s)  # let what the answers started settle
        found["rss_mb"] = rss_kb(proc.pid) / 1024
        # past the lobby's refresh period its next answer asks the store for the heads of
        # every game of the index: what that costs, and what the process holds after it
        time.sleep(REFRESH_SECONDS)
        asked = time.monotonic()
        lobby()
        found["lobby_again_ms"] = 1000 * (time.monotonic() - asked)
        found["rss_after_refresh_mb"] = rss_kb(proc.pid) / 1024
    finally:
        proc.terminate()
        proc.wait(30)
        if profiler is not None:
            found["profile"] = profiler.finish()
    return found
