"""Network cuts and stalls between clients and a process, and a Redis tail lost behind the
clients' backs (simulated power loss: kill -9, the append-only file cut, restart)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from domain.table import ChatPosted
from projections.codec import encode
from server.store import Recorded, StoreUnavailable
from server.store.redis import RedisStore
from tests.reliability.checks import Tally, full, report, verify_game
from tests.reliability.player import Player
from tests.reliability.processes import redis_with_aof, start_servers
from tests.reliability.scenario import everyone, inject, open_tables, play, seat_players
from tools.redis_server import RedisServer
from tools.tcp_proxy import TcpProxy


async def network_cuts(games: int, cuts: int) -> None:
    redis = RedisServer().start()
    servers = start_servers(redis.url, 2)
    store = RedisStore.from_url(redis.url)
    proxies = [await TcpProxy("127.0.0.1", s.port).start() for s in servers]
    rng = random.Random(17)
    counted = {"drop": 0, "stall": 0, "stall then drop": 0}
    try:
        opened = await open_tables([s.url for s in servers], games, rng)
        via = [f"ws://127.0.0.1:{p.port}/ws" for p in proxies]
        # even players and every spectator go through a proxy; odd players connect directly
        tables = seat_players(
            opened,
            lambda k: (lambda: via) if k % 2 == 0 else (lambda: [servers[k % 2].ws]),
            rng,
            spectators=1,
        )
        for player in everyone(tables):
            player.forge = 0.2  # one resume in five claims a history the server never wrote
        stop = asyncio.Event()

        async def cut() -> bool:
            proxy = rng.choice(proxies)
            kind = list(counted)[sum(counted.values()) % len(counted)]  # a reset first, in turn
            if kind != "drop":
                proxy.stall()
                await asyncio.sleep(rng.uniform(0.2, 0.8))
            if kind != "stall":
                await proxy.drop()
            proxy.resume()
            counted[kind] += 1
            return True

        chaos = asyncio.create_task(inject(cut, cuts, (0.05, 0.3), tables, stop, rng))
        await play(tables, stop, timeout=300, think=0.05, stagger=0.3 if full() else 0.2)
        await chaos
        tally = Tally.of([await verify_game(store, t.game_id, t.players) for t in tables])
        players = everyone(tables)
        proxied = [p for p in players if p.connects > 1]
        forged = sum(p.forged for p in players)
        forced = sum(p.forged_snapshots for p in players)
        accepted = sum(p.forged_accepted for p in players)
        honest = sum(p.resume_snapshots for p in players) - forced
        report(
            "network cuts and stalls between clients and processes (TCP proxy)",
            [
                ("games (2 processes)", len(tables)),
                ("cuts: drop / stall / stall then drop", "{} / {} / {}".format(*counted.values())),
                ("reconnections", sum(p.disconnects for p in players)),
                ("commands resent after a cut (same id)", sum(p.resent for p in players)),
                ("acknowledged commands lost", f"{tally.lost} of {tally.acked}"),
                ("frames checked against a replay", tally.frames),
                ("gaps, forks or frames differing from the replay", len(tally.mismatches)),
                ("duplicate frames", sum(p.duplicates for p in players)),
                ("resumes with a forged hash", forged),
                ("answered by a snapshot / by an update (a fork)", f"{forced} / {accepted}"),
                ("snapshots on honest resumes (0 expected)", honest),
            ],
            "make faults (tests/reliability/test_network.py::test_network_cuts_full)",
        )
        assert proxied, "no client was cut"
        assert sum(counted.values()) >= 1
        assert not tally.mismatches, tally.mismatches[:10]
        assert tally.lost == 0
        assert sum(p.duplicates for p in players) == 0
        assert honest == 0 and accepted == 0
        assert all(p.over for p in players)
    finally:
        for proxy in proxies:
            await proxy.stop()
        await store.close()
        for server in servers:
            server.stop()
        redis.stop()


@pytest.mark.skipif(full(), reason="the full size runs under -m slow")
async def test_network_cuts() -> None:
    await network_cuts(games=3, cuts=6)


@pytest.mark.slow
@pytest.mark.skipif(not full(), reason="PLATEAU_FAULTS=full (make faults)")
async def test_network_cuts_full() -> None:
    await network_cuts(games=20, cuts=60)


# -- a Redis tail lost behind the clients' backs ---------------------------------------------


def aof_tail(redis: RedisServer) -> Path:
    files = sorted((redis.dir / "appendonlydir").glob("*.incr.aof"))
    assert files, "no append-only file"
    return files[-1]


async def read(store: RedisStore, game_id: str) -> list[Recorded]:
    """The stream, retrying while Redis comes back."""
    for _ in range(100):
        try:
            return await store.read(game_id)
        except StoreUnavailable:
            await asyncio.sleep(0.1)
    raise AssertionError("Redis never came back")


async def settle(players: list[Player], store: RedisStore, game_id: str) -> int:
    """Stop new commands, let the pending ones finish; the stream's version then."""
    for p in players:
        p.gate.clear()
    for _ in range(100):
        await asyncio.sleep(0.1)
        top = len(await read(store, game_id))
        if all(p.pending is None for p in players) and all(
            p.version == top for p in players if p.connects
        ):
            return top
    raise AssertionError("the players never settled")


async def until_version(store: RedisStore, game_id: str, version: int) -> None:
    for _ in range(300):
        if len(await read(store, game_id)) >= version:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{game_id} never reached version {version}")


def gate(players: list[Player], open_: bool) -> None:
    for p in players:
        if open_:
            p.gate.set()
        else:
            p.gate.clear()


async def lost_tail(lose: int) -> None:
    """Play, remember the file size, play `lose` more versions, then lose them."""
    redis = redis_with_aof("always").start()
    servers = start_servers(redis.url, 2)
    store = RedisStore.from_url(redis.url)
    rng = random.Random(19)
    try:
        ((game_id, tokens),) = await open_tables([s.url for s in servers], 1, rng)
        (table,) = seat_players(
            [(game_id, tokens)], lambda k: lambda: [servers[k % 2].ws], rng, spectators=2
        )
        players = table.players
        stop = asyncio.Event()
        # players think a little, so the gate closes a few versions after `kept + lose` and the
        # game does not end inside the tail about to be lost
        playing = asyncio.create_task(play([table], stop, timeout=300, think=0.05))
        await until_version(store, game_id, 12)
        kept = await settle(players, store, game_id)
        size = aof_tail(redis).stat().st_size
        gate(players, True)
        await until_version(store, game_id, kept + lose)
        top = await settle(players, store, game_id)
        old = await read(store, game_id)
        cut = {id(p): len(p.received) for p in players}
        shown = [p for p in players if p.version > kept]
        held = {id(p): (p.version, p.hash) for p in players}
        acked_lost = {i for p in players for i, v in p.acked.items() if v > kept}
        # power loss: the process dies and the file loses what was written after `kept`
        redis.kill()
        with aof_tail(redis).open("r+b") as aof:
            aof.truncate(size)
        redis.start()
        assert len(await read(store, game_id)) == kept
        # another writer takes the first lost version with a chat line, so the new history
        # differs from the lost one from there on: bots replaying the same stances would
        # otherwise rebuild the same hashes, and no client would be forked to test
        back = encode(ChatPosted(seat=None, name="operator", text="back after a crash"))
        await store.append(game_id, kept, [back], "test-fork")
        gate(players, True)
        # new events reuse the lost versions, unless the game now ends sooner than it did
        for _ in range(300):
            if len(await read(store, game_id)) >= top + 2 or all(p.over for p in players):
                break
            await asyncio.sleep(0.05)
        new = await read(store, game_id)
        assert len(new) >= top + 2 or all(p.over for p in players), "play did not resume"

        def still_there(p: Player) -> bool:
            # a re-played identical event keeps its hash (the chain hashes content): a client
            # whose last (version, hash) is still in the new history has not been forked
            version, digest = held[id(p)]
            return version <= len(new) and new[version - 1].hash == digest

        forked = [p for p in shown if not still_there(p)]
        for _ in range(100):  # every client shown a lost version gets a fresh snapshot
            if all(p.resume_snapshots > 0 for p in forked):
                break
            await asyncio.sleep(0.1)
        await playing
        before = [
            await verify_game(store, game_id, players, old, lambda p: p.received[: cut[id(p)]])
        ]
        after = await verify_game(store, game_id, players, None, lambda p: p.received[cut[id(p)] :])
        mismatches = [m for c in [*before, after] for m in c.mismatches]
        lost = {i for i, _ in after.lost}  # against the stream as it is now
        report(
            "Redis tail lost behind the clients (kill -9, AOF cut, restart)",
            [
                ("versions lost (acknowledged, then gone)", top - kept),
                ("acknowledged commands in them", len(acked_lost)),
                ("clients that had been shown them", len(shown)),
                ("of those, forked by the new events", len(forked)),
                (
                    "given a fresh snapshot (of shown / of forked)",
                    f"{sum(p.resume_snapshots > 0 for p in shown)} / "
                    f"{sum(p.resume_snapshots > 0 for p in forked)}",
                ),
                (
                    "frames checked against the history they belonged to",
                    before[0].frames_checked + after.frames_checked,
                ),
                ("silent forks (an update on top of a lost version)", len(mismatches)),
            ],
            "make faults (tests/reliability/test_network.py::test_lost_tail_forces_a_snapshot)",
        )
        assert forked and all(p.resume_snapshots > 0 for p in forked)
        assert not mismatches, mismatches[:10]
        assert lost == acked_lost  # exactly the commands of the cut tail are gone
        assert all(p.over for p in players)
    finally:
        await store.close()
        for server in servers:
            server.stop()
        redis.stop()


async def test_lost_tail_forces_a_snapshot() -> None:
    await lost_tail(lose=8)
