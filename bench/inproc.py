"""Scenarios 4 and 5, in one process with no network but Redis: replay and time travel.

`python -m bench.inproc replay|seek --redis URL --events N [--rounds R] [--samples S]
[--game counter|18zoo]` prints one JSON line. Both use the production code: the stored bytes
are what the service appends (msgspec JSON of the events, hash-chained), the fold is
`projections.live.LiveGame`, a seek is `projections.snapshot` (what a `seek` frame returns),
encoded for the wire. The counter's game is written here, `events` long; 18ZOO's is a game
its greedy bots played through the server (`bench.scripted.stored`), whose replay folds it
again until `events` are folded.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import time
from typing import Any

import msgspec

from bench import scripted
from bench.counter_game import NAME, Bumped, Dealt, register
from domain import games
from domain.kernel import Seat
from domain.rules import options_for
from domain.table import GameStarted, SeatClaimed, TableOpened, apply
from projections.codec import decoder, encode, opening
from projections.frames import table_view
from projections.live import LiveGame
from projections.snapshot import snapshot
from server.store import Recorded, chained
from server.store.adapters import open_store
from server.store.redis import events_key

SEATS = 4
ZOO_SEATS = 5  # the 18ZOO game folded: 5 greedy bots (as scenario 8's)


def game_events(count: int) -> list[bytes]:
    """The stored bytes of a benchmark game with `count` events in all."""
    rng = random.Random(7)
    events: list[Any] = [TableOpened(game=NAME, seats=SEATS, options={})]
    events += [SeatClaimed(seat=s, name=f"p{s}", token_hash="ab" * 32) for s in range(SEATS)]
    events.append(GameStarted(seats=SEATS))
    hands = tuple(tuple(rng.randrange(100) for _ in range(5)) for _ in range(SEATS))
    events.append(Dealt(hands=hands))
    counter = 0
    while len(events) < count:
        seat = (len(events) - 7) % SEATS
        amount = 1 + rng.randrange(3)
        counter += amount
        events.append(Bumped(seat=seat, amount=amount, counter=counter))
    return [encode(e) for e in events[:count]]


def zoo_events() -> list[bytes]:
    """The stored bytes of an 18ZOO game of 5 greedy bots, played through the server."""
    return scripted.stored("18zoo", ZOO_SEATS)


def decode_only(records: list[Recorded], name: str = NAME) -> int:
    decode = decoder(name).decode
    n = 0
    for r in records:
        decode(r.data)
        n += 1
    return n


def _untouched(state: Any, event: Any) -> Any:
    return state


def decode_call(records: list[Recorded], name: str = NAME) -> Any:
    """Decode each event and pass it to a reducer that returns the state untouched: what any
    fold costs before its reducer does anything (a Python call per event)."""
    decode, reducer, state = decoder(name).decode, _untouched, None
    for r in records:
        state = reducer(state, decode(r.data))
    return state


def decode_evolve(records: list[Recorded], name: str = NAME) -> Any:
    """The least any fold does: decode each event and pass it to the game's `evolve`. No
    version or hash checks, no event kept, no table; the floor under `fold`."""
    decode, game = decoder(name).decode, games.get(name)
    evolve, state = game.evolve, None
    opened = opening(records[0].data)  # its options, with the rules it was opened with
    for r in records:
        event = decode(r.data)
        if isinstance(event, GameStarted):
            state = game.initial(event.seats, options_for(game, opened.options, opened.rules))
        elif state is not None:
            state = evolve(state, event)
    return state


def timed(repeat: int, fn: Any, *args: Any) -> tuple[float, Any]:
    """CPU seconds of `repeat` calls of `fn`, and the last call's answer."""
    gc.collect()
    started = time.process_time()
    for _ in range(repeat):
        out = fn(*args)
    return time.process_time() - started, out


async def store_records(url: str, data: list[bytes]) -> tuple[str, Any]:
    store = open_store(url)
    stream = f"bench-{random.randrange(1 << 30):x}"
    version = 0
    for i in range(0, len(data), 500):
        version = await store.append(stream, version, data[i : i + 500])
    return stream, store


async def replay(url: str, data: list[bytes], rounds: int, repeat: int = 1) -> dict[str, Any]:
    """Rates of `data` folded `repeat` times per measure (a short game is folded again and
    again, each time from its first event, as a load folds it)."""
    name = opening(data[0]).game
    records = chained(data)
    stream, store = await store_records(url, data)
    client = store.client  # the raw redis-py client under the adapter
    count = len(data) * repeat
    folds, decodes, floors, calls, reads, raw_reads = [], [], [], [], [], []
    fold_ms: list[float] = []  # one fold of the whole game
    try:
        for _ in range(rounds):  # interleaved: decode, fold, store read + fold, raw XRANGE
            seconds, _ = timed(repeat, decode_only, records, name)
            decodes.append(count / seconds)
            seconds, live = timed(repeat, LiveGame.replay, "bench", records)  # as a load
            assert live.version == len(data)
            folds.append(count / seconds)
            fold_ms.append(1000 * seconds / repeat)
            seconds, state = timed(repeat, decode_evolve, records, name)
            assert state == live.table.state
            floors.append(count / seconds)
            seconds, _ = timed(repeat, decode_call, records, name)
            calls.append(count / seconds)
            del live
            gc.collect()
            started = time.process_time()
            for _ in range(repeat):
                stored = await store.read(stream)
                live = LiveGame.replay("bench", stored)
            reads.append(count / (time.process_time() - started))
            assert live.version == len(data) and live.hash == stored[-1].hash
            del live, stored
            gc.collect()
            started = time.process_time()
            for _ in range(repeat):
                start, got = "0-1", 0
                while True:
                    page = await client.xrange(events_key(stream), start, "+", count=1000)
                    got += len(page)
                    if len(page) < 1000:
                        break
                    start = f"0-{int(page[-1][0].split(b'-')[1]) + 1}"
                assert got == len(data)
            raw_reads.append(count / (time.process_time() - started))
    finally:
        await client.delete(events_key(stream))
        await store.close()
    med = statistics.median
    return {
        "game": name,
        "events": count,
        "game_events": len(data),
        "folds": repeat,
        "fold_ms": med(fold_ms),
        "mean_event_bytes": sum(map(len, data)) / len(data),
        "fold_events_per_s": med(folds),
        "decode_events_per_s": med(decodes),
        "fold_vs_decode": med(f / d for f, d in zip(folds, decodes, strict=True)),
        "decode_evolve_events_per_s": med(floors),
        "decode_evolve_vs_decode": med(f / d for f, d in zip(floors, decodes, strict=True)),
        "fold_vs_decode_evolve": med(f / e for f, e in zip(folds, floors, strict=True)),
        "decode_call_events_per_s": med(calls),
        "decode_call_vs_decode": med(c / d for c, d in zip(calls, decodes, strict=True)),
        "redis_read_fold_events_per_s": med(reads),
        "raw_xrange_events_per_s": med(raw_reads),
        "redis_vs_raw_xrange": med(r / x for r, x in zip(reads, raw_reads, strict=True)),
        "rounds": {
            "fold": folds,
            "decode": decodes,
            "decode_evolve": floors,
            "decode_call": calls,
            "redis": reads,
            "xrange": raw_reads,
        },
    }


def seek_checkpointed(live: LiveGame, viewer: Any, version: int) -> bytes:
    return encode(snapshot(live, viewer, version))


def naive_table_at(live: LiveGame, version: int) -> Any:
    """The table at `version` folded from the first event: no checkpoints."""
    table = live.checkpoints[1]
    for event in live.events[1:version]:
        table = apply(live.game, table, event)
    return table


def seek_naive(live: LiveGame, viewer: Any, version: int) -> bytes:
    # the fold from the start, in place of the checkpoints, for this one call (undone below)
    live.table_at = lambda v: naive_table_at(live, v)  # type: ignore[method-assign,assignment]
    try:
        return encode(snapshot(live, viewer, version))
    finally:
        del live.table_at


def state_view(live: LiveGame, viewer: Any, version: int) -> bytes:
    """The reference definition of a seek: the state at `version` and one seat's view."""
    return encode(table_view(live.game, live.table_at(version), viewer))


def naive_state_view(live: LiveGame, viewer: Any, version: int) -> bytes:
    return encode(table_view(live.game, naive_table_at(live, version), viewer))


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


async def seek(url: str, data: list[bytes], samples: int) -> dict[str, Any]:
    count = len(data)
    stream, store = await store_records(url, data)
    try:
        live = LiveGame.replay("bench", await store.read(stream))
    finally:
        await store.client.delete(events_key(stream))
        await store.close()
    rng = random.Random(11)
    versions = [1 + rng.randrange(count) for _ in range(samples)]
    viewer = Seat(0)
    ways = {
        "state_view": state_view,
        "naive_state_view": naive_state_view,
        "seek_frame": seek_checkpointed,
        "naive_seek_frame": seek_naive,
    }
    out: dict[str, list[float]] = {name: [] for name in ways}
    sizes: dict[str, list[int]] = {name: [] for name in ways}
    seek_checkpointed(live, viewer, count)  # the socket's first frame, before any seek on it
    gc.collect()
    for version in versions:  # interleaved per sample
        for name, fn in ways.items():
            started = time.process_time()
            frame = fn(live, viewer, version)
            out[name].append((time.process_time() - started) * 1000)
            sizes[name].append(len(frame))
    # checkpoints change the cost, not the answer
    for probe in versions[:5]:
        assert state_view(live, viewer, probe) == naive_state_view(live, viewer, probe)
        assert seek_checkpointed(live, viewer, probe) == seek_naive(live, viewer, probe)
    result: dict[str, Any] = {"game": live.table.game, "events": count, "samples": samples}
    for name, values in out.items():
        result[name] = {
            "p50_ms": pct(values, 50),
            "p99_ms": pct(values, 99),
            "mean_bytes": statistics.mean(sizes[name]),
        }
    result["state_view_vs_naive_p50"] = (
        result["state_view"]["p50_ms"] / result["naive_state_view"]["p50_ms"]
    )
    result["seek_frame_vs_naive_p50"] = (
        result["seek_frame"]["p50_ms"] / result["naive_seek_frame"]["p50_ms"]
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["replay", "seek"])
    parser.add_argument("--redis", required=True)
    parser.add_argument("--events", type=int, required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--game", choices=("counter", "18zoo"), default="counter")
    args = parser.parse_args()
    register()
    data = game_events(args.events) if args.game == "counter" else zoo_events()
    if args.what == "replay":
        repeat = max(1, args.events // len(data))
        result = asyncio.run(replay(args.redis, data, args.rounds, repeat))
    else:
        result = asyncio.run(seek(args.redis, data, args.samples))
    print(json.dumps({"result": msgspec.to_builtins(result)}))


if __name__ == "__main__":
    main()
