"""kill -9 of server processes and of Redis in the middle of games under load.

Every acknowledged command must be in its stream at the version it was acknowledged with, and
every frame any player received must equal a replay of the stream (checks.verify_game).
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

import pytest

from server.store.redis import RedisStore
from server.store.sqlite import SqliteStore
from tests.reliability.checks import Tally, full, report, verify_game
from tests.reliability.processes import (
    ServerProcess,
    redis_with_aof,
    restart_redis,
    start_servers,
)
from tests.reliability.scenario import (
    Table,
    everyone,
    inject,
    open_tables,
    play,
    seat_players,
)
from tools.redis_server import RedisServer


def totals(tables: list[Table]) -> dict[str, int]:
    players = everyone(tables)
    rejected: dict[str, int] = {}
    for p in players:
        for reason, n in p.rejected.items():
            rejected[reason] = rejected.get(reason, 0) + n
    return {
        "reconnects": sum(p.disconnects for p in players),
        "resume_snapshots": sum(p.resume_snapshots for p in players),
        "duplicates": sum(p.duplicates for p in players),
        "busy": rejected.get("busy", 0),
        "stale": rejected.get("stale_version", 0),
    }


async def kill_servers(games: int, kills: int) -> None:
    redis = RedisServer("--appendonly", "yes").start()
    servers = start_servers(redis.url, 3)
    store = RedisStore.from_url(redis.url)
    rng = random.Random(11)
    try:
        opened = await open_tables([s.url for s in servers], games, rng)
        live = lambda: [s.ws for s in servers if s.alive]  # noqa: E731
        tables = seat_players(opened, lambda k: live, rng, spectators=1)
        stop = asyncio.Event()

        reviving: set[int] = set()
        revivals: list[asyncio.Task[None]] = []

        async def revive(victim: ServerProcess) -> None:
            await asyncio.sleep(rng.uniform(0.1, 0.5))
            victim.start()
            await asyncio.to_thread(victim.wait_ready)
            reviving.discard(victim.port)

        async def kill() -> bool:
            alive = [s for s in servers if s.alive and s.port not in reviving]
            if len(alive) < 2:
                return False  # one process always stays up
            victim = rng.choice(alive)
            victim.kill()
            reviving.add(victim.port)
            revivals.append(asyncio.create_task(revive(victim)))
            return True

        chaos = asyncio.create_task(inject(kill, kills, (0.1, 0.4), tables, stop, rng))
        await play(tables, stop, timeout=600, think=0.05, stagger=0.5 if full() else 0.2)
        killed = len(await chaos)
        await asyncio.gather(*revivals)
        tally = Tally.of([await verify_game(store, t.game_id, t.players) for t in tables])
        seen = totals(tables)
        report(
            "kill -9 of server processes under load",
            [
                ("server processes", 3),
                ("games", len(tables)),
                ("kills (each followed by a restart)", killed),
                ("commands acknowledged", tally.acked),
                ("acknowledged commands lost", f"{tally.lost} of {tally.acked}"),
                ("frames checked against a replay", tally.frames),
                ("frames differing from the replay", len(tally.mismatches)),
                ("client reconnections (attempts)", seen["reconnects"]),
                ("duplicate frames", seen["duplicates"]),
                ("'busy' refusals seen by clients", seen["busy"]),
            ],
            "make faults (tests/reliability/test_kills.py::test_kill_servers_full)",
        )
        assert killed >= 1, "no kill happened mid-game"
        assert tally.lost == 0 and not tally.mismatches, tally.mismatches[:10]
        assert seen["duplicates"] == 0
        assert all(p.over for p in everyone(tables))
    finally:
        await store.close()
        for server in servers:
            server.stop()
        redis.stop()


# With `appendfsync everysec`, Redis may postpone writing its AOF buffer for up to 2 s while a
# background fsync is slow, and it answers clients meanwhile: a kill -9 in that window loses
# writes it had acknowledged (seen once in CI: 1 of 114). Only those may be lost. The 2 s run
# from the first postponed write and are checked by Redis's own event loop, which a loaded
# machine runs late (seen once, with container builds beside the suite: acknowledged 2.5 s and
# more before the kill): a margin of 2 s over them.
EVERYSEC_WINDOW = 4.0


def outside_window(lost: list[str], acked_at: dict[str, float], kills: list[float]) -> list[str]:
    """The lost commands that were not acknowledged in the window before some kill."""
    return [
        command_id
        for command_id in lost
        if not any(0 <= kill - acked_at[command_id] <= EVERYSEC_WINDOW for kill in kills)
    ]


async def kill_redis(fsync: str, games: int, kills: int) -> None:
    redis = redis_with_aof(fsync).start()
    servers = start_servers(redis.url, 2)
    store = RedisStore.from_url(redis.url)
    rng = random.Random(13)
    down = 0.0
    try:
        opened = await open_tables([s.url for s in servers], games, rng)
        tables = seat_players(opened, lambda k: lambda: [servers[k % 2].ws], rng, spectators=1)
        stop = asyncio.Event()

        async def kill() -> bool:
            nonlocal down
            started = time.monotonic()
            await asyncio.to_thread(restart_redis, redis)
            down += time.monotonic() - started
            return True

        chaos = asyncio.create_task(inject(kill, kills, (0.1, 0.4), tables, stop, rng))
        await play(tables, stop, timeout=600, think=0.05, stagger=0.3 if full() else 0.2)
        kill_times = await chaos
        killed = len(kill_times)
        checks = [await verify_game(store, t.game_id, t.players) for t in tables]
        tally = Tally.of(checks)
        seen = totals(tables)
        report(
            f"kill -9 of Redis, appendfsync {fsync}",
            [
                ("games (2 server processes)", len(tables)),
                ("Redis kills (each followed by a restart)", killed),
                ("Redis down time, total", f"{down:.1f} s"),
                ("commands acknowledged", tally.acked),
                ("acknowledged commands lost", f"{tally.lost} of {tally.acked}"),
                ("frames differing from the replay", len(tally.mismatches)),
                ("'busy' refusals seen by clients (then retried)", seen["busy"]),
                ("client reconnections (attempts)", seen["reconnects"]),
                ("snapshots on resume", seen["resume_snapshots"]),
                ("duplicate frames", seen["duplicates"]),
            ],
            f"make faults (tests/reliability/test_kills.py::test_kill_redis_full[{fsync}])",
        )
        assert killed >= 1, "no kill happened mid-game"
        assert not tally.mismatches, tally.mismatches[:10]
        if fsync == "always":
            assert tally.lost == 0
        else:
            acked_at = {k: t for p in everyone(tables) for k, t in p.acked_at.items()}
            lost_ids = [command_id for c in checks for command_id, _ in c.lost]
            outside = outside_window(lost_ids, acked_at, kill_times)
            gaps = [[round(k - acked_at[c], 2) for k in kill_times] for c in outside]
            assert outside == [], f"acknowledged this long before each kill (s): {gaps}"
        assert seen["duplicates"] == 0
        assert all(p.over for p in everyone(tables))
    finally:
        await store.close()
        for server in servers:
            server.stop()
        redis.stop()


async def kill_embedded(games: int, kills: int) -> None:
    """The one process of `make serve` on its SQLite file, killed and started again: its WAL
    holds what it acknowledged, whatever its checkpoint thread was doing at the kill."""
    path = Path(tempfile.mkdtemp(prefix="plateau-sqlite-")) / "plateau.db"
    server = ServerProcess(f"sqlite:///{path}").start().wait_ready()
    rng = random.Random(17)
    try:
        opened = await open_tables([server.url], games, rng)
        tables = seat_players(opened, lambda k: lambda: [server.ws], rng, spectators=1)
        stop = asyncio.Event()

        async def kill() -> bool:
            server.kill()
            await asyncio.to_thread(server.start().wait_ready)
            return True

        chaos = asyncio.create_task(inject(kill, kills, (0.2, 0.6), tables, stop, rng))
        await play(tables, stop, timeout=600, think=0.05, stagger=0.2)
        killed = len(await chaos)
        server.stop()
        store = SqliteStore(str(path))
        tally = Tally.of([await verify_game(store, t.game_id, t.players) for t in tables])
        await store.close()
        seen = totals(tables)
        report(
            "kill -9 of the embedded (SQLite) server under load",
            [
                ("games (1 server process)", len(tables)),
                ("kills (each followed by a restart)", killed),
                ("commands acknowledged", tally.acked),
                ("acknowledged commands lost", f"{tally.lost} of {tally.acked}"),
                ("frames differing from the replay", len(tally.mismatches)),
                ("client reconnections (attempts)", seen["reconnects"]),
                ("duplicate frames", seen["duplicates"]),
            ],
            "make faults (tests/reliability/test_kills.py::test_kill_embedded_full)",
        )
        assert killed >= 1, "no kill happened mid-game"
        assert tally.lost == 0 and not tally.mismatches, tally.mismatches[:10]
        assert seen["duplicates"] == 0
        assert all(p.over for p in everyone(tables))
    finally:
        server.stop()


@pytest.mark.skipif(full(), reason="the full size runs under -m slow")
async def test_kill_embedded() -> None:
    await kill_embedded(games=4, kills=3)


@pytest.mark.slow
@pytest.mark.skipif(not full(), reason="PLATEAU_FAULTS=full (make faults)")
async def test_kill_embedded_full() -> None:
    await kill_embedded(games=30, kills=15)


@pytest.mark.skipif(full(), reason="the full size runs under -m slow")
async def test_kill_servers() -> None:
    await kill_servers(games=5, kills=3)


@pytest.mark.slow
@pytest.mark.skipif(not full(), reason="PLATEAU_FAULTS=full (make faults)")
async def test_kill_servers_full() -> None:
    await kill_servers(games=40, kills=20)


@pytest.mark.skipif(full(), reason="the full size runs under -m slow")
@pytest.mark.parametrize("fsync", ["always", "everysec"])
async def test_kill_redis(fsync: str) -> None:
    await kill_redis(fsync, games=3, kills=2)


@pytest.mark.slow
@pytest.mark.skipif(not full(), reason="PLATEAU_FAULTS=full (make faults)")
@pytest.mark.parametrize("fsync", ["always", "everysec"])
async def test_kill_redis_full(fsync: str) -> None:
    await kill_redis(fsync, games=20, kills=10)


def test_everysec_may_lose_only_what_was_acknowledged_just_before_a_kill() -> None:
    acked_at = {"early": 10.0, "late": 19.0, "after": 21.0}
    assert outside_window(["late"], acked_at, [20.0]) == []
    assert outside_window(["early", "late", "after"], acked_at, [20.0]) == ["early", "after"]
