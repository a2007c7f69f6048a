"""The scenarios. Each runs Plateau and its references interleaved (A, B, C, A, B, C...) and
returns its figures (medians over rounds), its ratios and its targets."""

from __future__ import annotations

import json
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import cold, procs, scripted
from bench.profile import Profiler
from tools.redis_server import RedisServer


@dataclass(frozen=True)
class Size:
    rounds: int
    warmup_s: float
    duration_s: float
    many_games: int
    fanout_games: int
    broadcast_count: int
    replay_events: int
    seek_events: int
    seek_samples: int
    idle_games: int  # x 100 connections each
    real_games: int  # scenario 8's many games at once (each 20 spectators)
    stored_finished: int  # scenario 9's store: finished games, live games
    stored_live: int


FULL = Size(5, 2.0, 10.0, 200, 50, 200, 100_000, 20_000, 200, 100, 50, 10_000, 1_000)
QUICK = Size(1, 0.5, 2.0, 20, 5, 50, 10_000, 2_000, 40, 10, 3, 200, 20)


@dataclass(frozen=True)
class Script:
    """A game's moves for the driver to replay (`bench.scripted`)."""

    title: str
    seats: int
    path: Path
    moves: int


@dataclass
class Target:
    name: str
    value: float
    limit: float
    at_most: bool  # True: value <= limit is the goal; False: value >= limit
    unit: str = "x"
    # the same measure, in the same run, for the floors under Plateau (the bare relay, the
    # lean server, the least fold): a target they miss too is beyond this stack here
    floors: dict[str, float] = field(default_factory=dict)

    def meets(self, value: float) -> bool:
        return value <= self.limit if self.at_most else value >= self.limit

    @property
    def met(self) -> bool:
        return self.meets(self.value)

    def floor_words(self) -> str:
        """Each floor's value and whether it meets the limit."""
        return "; ".join(
            f"{name} {value:.3g}{self.unit} ({'meets' if self.meets(value) else 'misses'})"
            for name, value in self.floors.items()
        )

    def margin(self) -> str:
        """How far from the limit, in words."""
        if self.limit == 0:
            return ""
        factor = self.value / self.limit
        if self.met:
            return f"met ({factor:.2f} of the limit)"
        if self.at_most:
            return f"missed: {factor:.2f}x the limit ({(factor - 1) * 100:.0f}% over)"
        return f"missed: {factor:.2f} of the limit ({(1 - factor) * 100:.0f}% short)"


@dataclass
class Outcome:
    number: int
    key: str
    title: str
    figures: list[dict[str, Any]] = field(default_factory=list)  # one row per system
    targets: list[Target] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    raw: dict[str, Any] = field(default_factory=dict)
    profile: list[str] = field(default_factory=list)


def med(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def lat(result: dict[str, Any], which: str, p: str) -> float:
    value = result[which][p]
    return float("nan") if value is None else float(value)


def window_cpu(result: dict[str, Any], server: str) -> float:
    """The server's CPU seconds during the measured window (whole run if not marked)."""
    window = result.get("server_cpu_window_s") or result["server_cpu_s"]
    return float(window[server])


def closed_loop_row(label: str, runs: list[dict[str, Any]], server: str) -> dict[str, Any]:
    return {
        "system": label,
        "actions/s": med([r["actions_per_s"] for r in runs]),
        "views/s": med([r["views_per_s"] for r in runs]),
        "p50 all viewers ms": med([lat(r, "latency_all_ms", "p50") for r in runs]),
        "p99 all viewers ms": med([lat(r, "latency_all_ms", "p99") for r in runs]),
        "p50 mover ms": med([lat(r, "latency_mover_ms", "p50") for r in runs]),
        "p99 mover ms": med([lat(r, "latency_mover_ms", "p99") for r in runs]),
        "view bytes": med([r["mean_view_bytes"] for r in runs]),
        "server CPU %": med([100 * window_cpu(r, server) / r["duration_s"] for r in runs]),
        "server CPU ms/action": med(
            [1000 * window_cpu(r, server) / max(1, r["actions"]) for r in runs]
        ),
        "errors": sum(r["errors"] for r in runs),
    }


RELAY = "bare relay: websockets + Redis append, no game (floor)"
RELAY_SQLITE = "bare relay: websockets + SQLite append, no game (floor)"
LEAN = "lean server: the bare relay + Plateau's game work (floor with the game)"
LEAN_SQLITE = "lean server on SQLite: the bare SQLite relay + Plateau's game work"
CLOSED_LOOP = "bare relay with no store: each command answered at once (floor of the closed loop)"


def over(
    floors: dict[str, dict[str, Any]], column: str, peer: dict[str, Any] | None = None
) -> dict[str, float]:
    """Each floor row's `column`, divided by the peer's when the target is a ratio."""
    return {
        name: row[column] / (peer[column] if peer is not None else 1.0)
        for name, row in floors.items()
    }


def many_games_targets(
    prefix: str, plateau: dict[str, Any], peer: dict[str, Any], floors: dict[str, dict[str, Any]]
) -> list[Target]:
    """Scenario 2's targets (actions/s against the peer, p99), for its Redis or SQLite rows."""
    rate, p99 = "actions/s", "p99 all viewers ms"
    return [
        Target(
            f"{prefix}actions/s vs boardgame.io",
            plateau[rate] / peer[rate],
            2.5,
            False,
            floors=over(floors, rate, peer),
        ),
        Target(
            f"{prefix}p99 action to all viewers", plateau[p99], 35.0, True, " ms", over(floors, p99)
        ),
    ]


def floor_notes(
    plateau: dict[str, Any],
    peer: dict[str, Any],
    floor: dict[str, Any],
    columns: tuple[str, ...],
    name: str = "bare relay",
) -> list[str]:
    """Where a floor (`bench/relay.py`, `bench/lean.py`) stands: what this stack allows here."""
    notes = []
    for column in columns:
        notes.append(
            f"{column}: Plateau / {name} {plateau[column] / floor[column]:.2f}x; "
            f"{name} / boardgame.io {floor[column] / peer[column]:.2f}x"
        )
    return notes


SOLO_WARMUP_S = 0.2


def real_game_row(name: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    row = closed_loop_row(name, runs, "plateau")
    row["bytes/update/viewer"] = row.pop("view bytes")
    for column in ("p50 mover ms", "p99 mover ms", "server CPU %"):
        row.pop(column)
    row["measured s"] = med([r["duration_s"] for r in runs])
    return row


def zoo_replay_rows(z: dict[str, Any]) -> list[dict[str, Any]]:
    """Scenario 4's rows for 18ZOO: a game its bots played, folded again and again."""
    game = f"a bot game of {z['game_events']:,} events"
    return [
        {"system": f"18ZOO fold ({game}, {z['folds']} times)", "events/s": z["fold_events_per_s"]},
        {
            "system": "18ZOO bare msgspec decode of the same bytes",
            "events/s": z["decode_events_per_s"],
        },
        {
            "system": "18ZOO decode + the game's evolve, nothing else",
            "events/s": z["decode_evolve_events_per_s"],
        },
        {
            "system": "18ZOO read from Redis (adapter) + fold",
            "events/s": z["redis_read_fold_events_per_s"],
        },
    ]


def zoo_replay_note(z: dict[str, Any], counter: dict[str, Any]) -> str:
    """Where 18ZOO's fold stands against its floors and the counter's fold."""
    per_counter = z["fold_events_per_s"] / counter["fold_events_per_s"]
    return (
        f"18ZOO fold vs bare decode: {z['fold_vs_decode']:.3g}x, vs decode + evolve "
        f"{z['fold_vs_decode_evolve']:.3g}x; {per_counter:.3g}x the counter's events/s. The "
        f"game: 5 greedy bots through the server (`bench.scripted.stored`), "
        f"{z['game_events']:,} events of {z['mean_event_bytes']:.0f} B on average, folded in "
        f"{z['fold_ms']:.3g} ms of CPU. `python -m bench.ab OTHER --fold` folds it with another "
        "tree's code in the same run (issue 45: at least 2x faster than before it)"
    )


class Bench:
    """Shared processes of one run: Redis, the servers, the peer."""

    def __init__(self, size: Size, profile: bool) -> None:
        self.size = size
        self.profile = profile
        self.redis: RedisServer = procs.start_redis()
        self.servers: list[procs.Proc] = []

    def start(self, kind: str, store: str | None = None, deal: bytes | None = None) -> procs.Proc:
        procs.ensure_peer()  # every server is driven by the Node driver (scenarios 4, 5 need none)
        if kind == "plateau":
            proc = procs.start_plateau(store or self.redis.url, deal=deal)
        elif kind == "bgio":
            proc = procs.start_bgio()
        elif kind == "relay":
            proc = procs.start_relay(store or self.redis.url)
        elif kind == "lean":
            proc = procs.start_lean(store or self.redis.url)
        else:
            proc = procs.start_raw()
        self.servers.append(proc)
        return proc

    def stop(self, proc: procs.Proc) -> None:
        proc.stop()
        if proc in self.servers:
            self.servers.remove(proc)

    def close(self) -> None:
        for proc in self.servers:
            proc.stop()
        self.redis.stop()

    def loop(
        self,
        server: procs.Proc,
        system: str,
        games: int,
        spectators: int,
        script: Script | None = None,
        warmup_s: float | None = None,
        webhook: str | None = None,
    ) -> dict[str, Any]:
        config: dict[str, Any] = {
            "system": system,
            "url": server.url,
            "games": games,
            "players": 4 if script is None else script.seats,
            "spectators": spectators,
            "warmup_s": self.size.warmup_s if warmup_s is None else warmup_s,
            "duration_s": self.size.duration_s,
        }
        if script is not None:
            config["script"] = str(script.path)
        if webhook is not None:
            config["webhook"] = webhook
        result = procs.run_driver(config, [server])
        procs.log(
            f"  {system} x{games}: {result['actions_per_s']:.0f} actions/s, "
            f"p50 {result['latency_all_ms']['p50']} ms, errors {result['errors']}"
        )
        return result

    def profiled_loop(
        self, server: procs.Proc, games: int, spectators: int
    ) -> tuple[dict[str, Any], list[str]]:
        """One more Plateau run with py-spy attached; its figures are not used as results."""
        if not self.profile:
            return {}, []
        profiler = Profiler(server.pid, self.size.warmup_s + self.size.duration_s)
        try:
            result = self.loop(server, "plateau", games, spectators)
        finally:
            summary = profiler.finish()
        return result, summary

    # -- 1 -----------------------------------------------------------------------------------

    def action_to_view(self) -> Outcome:
        out = Outcome(1, "action_to_view", "Action to view: 1 game, 4 bots + 20 spectators, Redis")
        plateau, bgio, raw = self.start("plateau"), self.start("bgio"), self.start("raw")
        relay, lean = self.start("relay"), self.start("lean")
        runs: dict[str, list[dict[str, Any]]] = {
            name: [] for name in ("plateau", "bgio", "echo", "relay", "lean")
        }
        try:
            for number in range(self.size.rounds):
                procs.log(f"scenario 1, round {number + 1}")
                runs["plateau"].append(self.loop(plateau, "plateau", 1, 20))
                runs["bgio"].append(self.loop(bgio, "bgio", 1, 20))
                runs["relay"].append(self.loop(relay, "relay", 1, 20))
                runs["lean"].append(self.loop(lean, "lean", 1, 20))
                echo = {
                    "system": "echo",
                    "url": raw.url.replace("http://", "ws://"),
                    "size": 64,
                    "warmup_s": self.size.warmup_s,
                    "duration_s": self.size.duration_s,
                }
                runs["echo"].append(procs.run_driver(echo, [raw]))
            _, out.profile = self.profiled_loop(plateau, 1, 20)
        finally:
            for proc in (plateau, bgio, raw, relay, lean):
                self.stop(proc)
        p, b = (
            closed_loop_row("Plateau", runs["plateau"], "plateau"),
            closed_loop_row("boardgame.io", runs["bgio"], "bgio"),
        )
        floor = closed_loop_row(RELAY, runs["relay"], "relay")
        lean_row = closed_loop_row(LEAN, runs["lean"], "lean")
        echo_p50 = med([r["latency_ms"]["p50"] for r in runs["echo"]])
        echo_p99 = med([r["latency_ms"]["p99"] for r in runs["echo"]])
        echo_row = {
            "system": "raw websockets echo (64 B)",
            "actions/s": med([r["round_trips_per_s"] for r in runs["echo"]]),
            "p50 all viewers ms": echo_p50,
            "p99 all viewers ms": echo_p99,
            "server CPU %": med(
                [100 * r["server_cpu_s"]["raw"] / r["wall_s"] for r in runs["echo"]]
            ),
        }
        out.figures = [p, b, floor, lean_row, echo_row]
        floors = {"bare relay": floor, "lean server": lean_row}
        p50, p99 = "p50 all viewers ms", "p99 all viewers ms"
        out.targets = [
            Target("p50 vs boardgame.io", p[p50] / b[p50], 0.6, True, floors=over(floors, p50, b)),
            Target("p99 vs boardgame.io", p[p99] / b[p99], 0.5, True, floors=over(floors, p99, b)),
            Target(
                "p50 vs raw echo round trip",
                p[p50] / echo_p50,
                7.0,
                True,
                floors=over(floors, p50, echo_row),
            ),
        ]
        out.notes.append(
            f"actions/s vs boardgame.io: {p['actions/s'] / b['actions/s']:.2f}x "
            "(the reference suggests >= 1.5x; not one of the issue's targets)"
        )
        latencies = ("p50 all viewers ms", "p99 all viewers ms")
        out.notes += floor_notes(p, b, floor, latencies)
        out.notes += floor_notes(p, b, lean_row, latencies, "lean server")
        out.raw = runs
        return out

    # -- 2 and 7 -----------------------------------------------------------------------------

    def many_games(self) -> tuple[Outcome, Outcome]:
        games = self.size.many_games
        out = Outcome(2, "many_games", f"Many games: {games} games x 4 bots, closed loop, Redis")
        out7 = Outcome(7, "embedded_store", f"Embedded store: scenario 2 on SQLite ({games} games)")
        peer_dir = procs.ROOT / "bench" / ".peer"
        stamp = int(time.time())
        paths = {
            kind: peer_dir / f"bench-{kind}-{stamp}.db" for kind in ("plateau", "relay", "lean")
        }
        servers = {  # in the order each round runs them
            "redis": self.start("plateau"),
            "bgio": self.start("bgio"),
            "sqlite": self.start("plateau", f"sqlite:///{paths['plateau']}"),
            "relay": self.start("relay"),
            "lean": self.start("lean"),
            "relay_sqlite": self.start("relay", f"sqlite:///{paths['relay']}"),
            "lean_sqlite": self.start("lean", f"sqlite:///{paths['lean']}"),
        }
        kinds = {"redis": "plateau", "sqlite": "plateau", "bgio": "bgio"}
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in servers}
        try:
            for number in range(self.size.rounds):
                procs.log(f"scenario 2/7, round {number + 1}")
                for name, server in servers.items():
                    kind = kinds.get(name, name.removesuffix("_sqlite"))
                    runs[name].append(self.loop(server, kind, games, 0))
            _, out.profile = self.profiled_loop(servers["redis"], games, 0)
        finally:
            for proc in servers.values():
                self.stop(proc)
            for path in paths.values():
                for suffix in ("", "-wal", "-shm"):
                    path.with_name(path.name + suffix).unlink(missing_ok=True)
        r = closed_loop_row("Plateau, Redis", runs["redis"], "plateau")
        s = closed_loop_row("Plateau, SQLite", runs["sqlite"], "plateau")
        b = closed_loop_row("boardgame.io", runs["bgio"], "bgio")
        floor = closed_loop_row(RELAY, runs["relay"], "relay")
        lean = closed_loop_row(LEAN, runs["lean"], "lean")
        columns = ("actions/s", "p99 all viewers ms")
        out.figures = [r, b, floor, lean]
        floors = {"bare relay": floor, "lean server": lean}
        out.targets = many_games_targets("", r, b, floors)
        out.notes += floor_notes(r, b, floor, columns)
        out.notes += floor_notes(r, b, lean, columns, "lean server")
        out.raw = {name: runs[name] for name in ("redis", "bgio", "relay", "lean")}
        floor7 = closed_loop_row(RELAY_SQLITE, runs["relay_sqlite"], "relay")
        lean7 = closed_loop_row(LEAN_SQLITE, runs["lean_sqlite"], "lean")
        out7.figures = [s, r, b, floor7, lean7]
        floors7 = {"bare SQLite relay": floor7, "lean server on SQLite": lean7}
        out7.targets = many_games_targets("SQLite ", s, b, floors7)
        out7.notes.append(
            f"SQLite vs Redis actions/s: {s['actions/s'] / r['actions/s']:.2f}x "
            "(reported beside Redis; the issue sets no target of its own here, so scenario 2's "
            "targets are applied to it)"
        )
        out7.notes += floor_notes(s, b, floor7, columns)
        out7.notes += floor_notes(s, b, lean7, columns, "lean server")
        out7.raw = {name: runs[name] for name in ("sqlite", "relay_sqlite", "lean_sqlite")}
        return out, out7

    # -- 10 ----------------------------------------------------------------------------------

    def notices(self) -> Outcome:
        """Scenario 2's closed loop on Redis with every seat and every table subscribed to a
        webhook, against the same loop without, interleaved in one run. Each server has a
        Redis database of its own, so neither's notifier attends the other's games."""
        games = self.size.many_games
        out = Outcome(
            10, "notices", f"Notices: scenario 2 ({games} games) with every seat on a webhook"
        )
        procs.ensure_peer()
        counts = procs.PEER_DIR / f"hook-sink-{int(time.time())}.json"
        sink = procs.start_hook_sink(counts)
        allow = {"PLATEAU_WEBHOOK_ALLOW_PRIVATE": "1"}
        base = self.redis.url.rsplit("/", 1)[0]
        servers = {
            "without": procs.start_plateau(f"{base}/1", extra=allow),
            "with": procs.start_plateau(f"{base}/2", extra=allow),
        }
        self.servers += [sink, *servers.values()]
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in servers}
        try:
            for number in range(self.size.rounds):
                procs.log(f"scenario 10, round {number + 1}")
                runs["without"].append(self.loop(servers["without"], "plateau", games, 0))
                runs["with"].append(
                    self.loop(servers["with"], "plateau", games, 0, webhook=sink.url)
                )
            time.sleep(1.5)  # the sink's last count
            received = json.loads(counts.read_text()) if counts.exists() else {}
        finally:
            for proc in [*servers.values(), sink]:
                self.stop(proc)
            counts.unlink(missing_ok=True)
        plain = closed_loop_row("Plateau, Redis, no channel", runs["without"], "plateau")
        hooked = closed_loop_row("Plateau, Redis, every seat on a webhook", runs["with"], "plateau")
        out.figures = [plain, hooked]
        rate = "actions/s"
        out.targets = [
            Target("actions/s with webhooks vs without", hooked[rate] / plain[rate], 0.95, False)
        ]
        out.notes.append(
            f"the sink received {received.get('requests', 0)} webhook requests, "
            f"{received.get('ids', 0)} distinct notice ids: the starts of the games, and the few "
            "turns still running past the grace (a closed loop's turns end within it, so most "
            "are derived, kept and then dropped unsent)"
        )
        out.raw = runs
        return out

    # -- 3 -----------------------------------------------------------------------------------

    def fanout(self) -> Outcome:
        games = self.size.fanout_games
        out = Outcome(
            3, "fanout", f"Fan-out: {games} games x (4 players + 20 spectators), views delivered"
        )
        plateau, bgio, raw = self.start("plateau"), self.start("bgio"), self.start("raw")
        relay, lean = self.start("relay"), self.start("lean")
        unstored = self.start("relay", store="none")
        runs: dict[str, list[dict[str, Any]]] = {
            name: [] for name in ("plateau", "bgio", "broadcast", "relay", "lean", "unstored")
        }
        try:
            for number in range(self.size.rounds):
                procs.log(f"scenario 3, round {number + 1}")
                result = self.loop(plateau, "plateau", games, 20)
                runs["plateau"].append(result)
                runs["bgio"].append(self.loop(bgio, "bgio", games, 20))
                runs["relay"].append(self.loop(relay, "relay", games, 20))
                runs["lean"].append(self.loop(lean, "lean", games, 20))
                runs["unstored"].append(self.loop(unstored, "relay", games, 20))
                config = {
                    "system": "broadcast",
                    "url": raw.url.replace("http://", "ws://"),
                    "connections": games * 24,
                    "count": self.size.broadcast_count,
                    "size": int(result["mean_view_bytes"]) or 400,
                    "rounds": 4,
                    "warmup_s": 0,
                    "duration_s": 60,
                }
                runs["broadcast"].append(procs.run_driver(config, [raw]))
            _, out.profile = self.profiled_loop(plateau, games, 20)
        finally:
            for proc in (plateau, bgio, raw, relay, lean, unstored):
                self.stop(proc)
        p = closed_loop_row("Plateau", runs["plateau"], "plateau")
        b = closed_loop_row("boardgame.io", runs["bgio"], "bgio")
        floor = closed_loop_row(RELAY, runs["relay"], "relay")
        lean_row = closed_loop_row(LEAN, runs["lean"], "lean")
        loop_row = closed_loop_row(CLOSED_LOOP, runs["unstored"], "relay")
        broadcast = med([r["deliveries_per_s"] for r in runs["broadcast"]])
        out.figures = [
            p,
            b,
            floor,
            lean_row,
            loop_row,
            {
                "system": "raw websockets.broadcast() (same bytes)",
                "views/s": broadcast,
                "view bytes": med([r["frame_bytes"] for r in runs["broadcast"]]),
                "server CPU %": med(
                    [100 * r["server_cpu_s"]["raw"] / r["wall_s"] for r in runs["broadcast"]]
                ),
            },
        ]
        floors = {"bare relay": floor, "lean server": lean_row, "no store": loop_row}
        per_broadcast = {name: row["views/s"] / broadcast for name, row in floors.items()}
        out.targets = [
            Target(
                "views/s vs raw broadcast()",
                p["views/s"] / broadcast,
                0.6,
                False,
                floors=per_broadcast,
            ),
            Target(
                "views/s vs boardgame.io",
                p["views/s"] / b["views/s"],
                2.0,
                False,
                floors=over(floors, "views/s", b),
            ),
        ]
        out.notes.append(
            f"p99 vs boardgame.io: {p['p99 all viewers ms'] / b['p99 all viewers ms']:.2f}x "
            "(the reference suggests <= 0.5x; not one of the issue's targets)"
        )
        out.notes.append(
            f"views/s vs raw broadcast(): bare relay {floor['views/s'] / broadcast:.2f}x, "
            f"lean server {lean_row['views/s'] / broadcast:.2f}x, bare relay with no store "
            f"{loop_row['views/s'] / broadcast:.2f}x; Plateau / lean server "
            f"{p['views/s'] / lean_row['views/s']:.2f}x"
        )
        out.notes += floor_notes(p, b, lean_row, ("views/s",), "lean server")
        out.raw = runs
        return out

    # -- 4 and 5 ---------------------------------------------------------------------------------

    def inproc(self, what: str, *args: str) -> dict[str, Any]:
        command = [procs.PYTHON, "-m", "bench.inproc", what, "--redis", self.redis.url, *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=procs.ROOT)
        for line in done.stdout.splitlines():
            if line.startswith("{"):
                result: dict[str, Any] = json.loads(line)["result"]
                return result
        raise RuntimeError(f"bench.inproc {what} failed: {done.stderr[-2000:]}")

    def replay(self) -> Outcome:
        n = self.size.replay_events
        out = Outcome(4, "replay", f"Replay: fold {n:,} stored events into state")
        procs.log("scenario 4")
        rounds = str(max(3, self.size.rounds))
        r = self.inproc("replay", "--events", str(n), "--rounds", rounds)
        z = self.inproc("replay", "--events", str(n), "--rounds", rounds, "--game", "18zoo")
        out.figures = [
            {
                "system": "fold (LiveGame.extend: decode, checks, apply)",
                "events/s": r["fold_events_per_s"],
            },
            {
                "system": "bare msgspec decode of the same bytes",
                "events/s": r["decode_events_per_s"],
            },
            {
                "system": "decode + the game's evolve, nothing else (floor of any fold)",
                "events/s": r["decode_evolve_events_per_s"],
            },
            {
                "system": "decode + a reducer that returns the state untouched",
                "events/s": r["decode_call_events_per_s"],
            },
            {
                "system": "read from Redis (adapter) + fold",
                "events/s": r["redis_read_fold_events_per_s"],
            },
            {
                "system": "raw redis-py XRANGE pages of 1000",
                "events/s": r["raw_xrange_events_per_s"],
            },
            *zoo_replay_rows(z),
        ]
        out.targets = [
            Target("fold events/s", r["fold_events_per_s"], 300_000, False, " events/s"),
            Target(
                "fold vs bare decode",
                r["fold_vs_decode"],
                0.5,
                False,
                floors={
                    "decode + evolve": r["decode_evolve_vs_decode"],
                    "decode + an untouched reducer": r["decode_call_vs_decode"],
                },
            ),
        ]
        out.notes.append(
            f"events are {r['mean_event_bytes']:.0f} B of JSON on average; rates are events per "
            "CPU second of the process (time.process_time), so other tenants of the machine "
            f"do not count. Redis read + fold vs raw XRANGE: {r['redis_vs_raw_xrange']:.2f}x "
            "(the reference suggests >= 0.8x)."
        )
        out.notes.append(
            "the floor of any fold, decoding each event and calling the game's evolve with no "
            f"checks or bookkeeping, is {r['decode_evolve_vs_decode']:.2f}x the bare decode; "
            f"the fold is {r['fold_vs_decode_evolve']:.2f}x that floor. Decoding and calling a "
            "reducer that returns its state untouched runs at "
            f"{r['decode_call_vs_decode']:.2f}x the bare decode, so what keeps the floor from "
            "0.5x is the game's evolve itself, a new immutable state per event"
        )
        out.notes.append(zoo_replay_note(z, r))
        out.raw = {**r, "18zoo": z}
        return out

    def time_travel(self) -> Outcome:
        n = self.size.seek_events
        out = Outcome(
            5, "time_travel", f"Time travel: seek to random versions of a {n:,}-event game"
        )
        procs.log("scenario 5")
        samples = str(self.size.seek_samples)
        r = self.inproc("seek", "--events", str(n), "--samples", samples)
        z = self.inproc("seek", "--events", str(n), "--samples", samples, "--game", "18zoo")
        labels = {
            "state_view": "seek: state + seat 0's view (checkpoint + tail)",
            "naive_state_view": "naive: fold from the start + view",
            "seek_frame": "seek frame with its redacted log (projections.snapshot)",
            "naive_seek_frame": "same frame, folded from the start",
        }
        out.figures = [
            {
                "system": label,
                "p50 ms": r[key]["p50_ms"],
                "p99 ms": r[key]["p99_ms"],
                "bytes": r[key]["mean_bytes"],
            }
            for key, label in labels.items()
        ]
        out.figures += [
            {
                "system": f"18ZOO {label}",
                "p50 ms": z[key]["p50_ms"],
                "p99 ms": z[key]["p99_ms"],
                "bytes": z[key]["mean_bytes"],
            }
            for key, label in labels.items()
        ]
        out.targets = [
            Target("seek p99", r["state_view"]["p99_ms"], 15.0, True, " ms"),
            Target("seek p50 vs naive replay", r["state_view_vs_naive_p50"], 0.1, True),
            Target("seek frame (with log) p99", r["seek_frame"]["p99_ms"], 15.0, True, " ms"),
        ]
        out.notes.append(
            f"{r['samples']} random versions, interleaved per sample; milliseconds of process "
            "CPU time. The first two targets follow the reference's definition (state at k and "
            "one seat's view); the third applies the same limit to the `seek` frame the "
            "websocket returns, which also carries the redacted log up to k. As on a real "
            "socket, the seeking viewer was first sent its snapshot at the live version (its "
            "hello), which fills the fold's redacted log for that viewer."
        )
        out.notes.append(
            f"18ZOO seek p50 vs naive replay: {z['state_view_vs_naive_p50']:.3g}x, the seek "
            f"frame's {z['seek_frame_vs_naive_p50']:.3g}x: random versions of the game of "
            f"scenario 4's 18ZOO rows ({z['events']:,} events), where a fold from the start "
            f"is short and seat 0's view ({z['state_view']['mean_bytes']:,.0f} B) is most of "
            "a seek's cost"
        )
        out.raw = {**r, "18zoo": z}
        return out

    # -- 6 -----------------------------------------------------------------------------------

    def hold_idle(self, system: str, kind: str, games: int) -> dict[str, Any]:
        """Hold games x 100 idle sockets on a fresh server; RSS before and after connecting."""
        server = self.start(kind)
        marks: dict[str, int] = {}

        def on_phase(message: dict[str, Any]) -> None:
            time.sleep(1.0)  # let allocations settle
            marks[message["phase"]] = server.rss_kb()
            procs.log(f"  {system} {message['phase']}: RSS {marks[message['phase']]} KB")

        config = {
            "system": system,
            "url": server.url if kind == "plateau" else server.url.replace("http", "ws"),
            "games": games,
            "players": 4,
            "spectators": 96,
        }
        try:
            result = procs.run_driver(config, [server], on_phase)
        finally:
            self.stop(server)
        result["rss_kb"] = marks
        result["kb_per_connection"] = (marks["connected"] - marks["baseline"]) / (games * 100)
        return result

    def idle(self) -> Outcome:
        games = self.size.idle_games
        count = games * 100
        out = Outcome(6, "idle", f"Idle connections: {count:,} idle websockets on one process")
        procs.log("scenario 6")
        results: dict[str, dict[str, Any]] = {}
        for system, kind in (("idle", "plateau"), ("idle_raw", "raw")):
            results[system] = self.hold_idle(system, kind, games)
        p, raw = results["idle"], results["idle_raw"]
        out.figures = [
            {
                "system": f"Plateau ({games} games x 4 players + 96 spectators)",
                "connections": p["connections"],
                "KB/connection": p["kb_per_connection"],
                "RSS before MB": p["rss_kb"]["baseline"] / 1024,
                "RSS after MB": p["rss_kb"]["connected"] / 1024,
                "connect s": p["connect_s"],
                "action to 100 viewers p99 ms": p["action_to_all_ms"]["p99"],
                "errors": p["errors"] + p["failed"] + (p["connections"] - p["still_open"]),
            },
            {
                "system": "bare websockets server (no app)",
                "connections": raw["connections"],
                "KB/connection": raw["kb_per_connection"],
                "RSS before MB": raw["rss_kb"]["baseline"] / 1024,
                "RSS after MB": raw["rss_kb"]["connected"] / 1024,
                "errors": raw["errors"],
            },
        ]
        errors = out.figures[0]["errors"] + (count - p["connections"])
        out.targets = [
            Target("memory per idle connection", p["kb_per_connection"], 28.0, True, " KB"),
            Target("errors (failed, dropped or refused)", errors, 0, True, ""),
        ]
        out.notes.append(
            f"Plateau vs bare websockets per connection: "
            f"{p['kb_per_connection'] / max(raw['kb_per_connection'], 0.001):.2f}x; one action per "
            "game while all are connected reached its 100 viewers in "
            f"p99 {p['action_to_all_ms']['p99']} ms."
        )
        out.raw = results
        return out

    # -- 8 -----------------------------------------------------------------------------------

    def real_games(self) -> Outcome:
        many = self.size.real_games
        out = Outcome(
            8,
            "real_games",
            f"Real games: 18ZOO (5 seats), Vertigo (4), the counter (4), 20 spectators each, "
            f"1 and {many} games at once",
        )
        procs.log("scenario 8: recording the bots' games")
        scripts = [
            Script(title, seats, path, len(json.loads(path.read_text())["moves"]))
            for title, name, seats in (("18ZOO", "18zoo", 5), ("Vertigo", "vertigo", 4))
            for path in [scripted.script(procs.PEER_DIR, name, seats)]
        ]
        kinds: list[tuple[str, Script | None]] = [("counter", None)]
        kinds += [(script.title, script) for script in scripts]
        runs: dict[str, list[dict[str, Any]]] = {
            f"{title} x{games}": [] for title, _ in kinds for games in (1, many)
        }
        held: list[float] = []  # the server's RSS after each round's games
        for number in range(self.size.rounds):
            procs.log(f"scenario 8, round {number + 1}")
            # a fresh server each round: the games of the rounds before stay in its cache
            server = self.start("plateau", deal=scripted.SECRET)
            try:
                for games in (1, many):
                    for title, script in kinds:
                        # one game alone is over within seconds: a short warm-up leaves most
                        # of its moves to measure
                        warmup = SOLO_WARMUP_S if games == 1 else None
                        result = self.loop(server, "plateau", games, 20, script, warmup)
                        runs[f"{title} x{games}"].append(result)
                held.append(server.rss_kb() / 1024)
            finally:
                self.stop(server)
        out.figures = [real_game_row(name, rounds) for name, rounds in runs.items()]
        rows = {row["system"]: row for row in out.figures}
        for games in (1, many):
            counter = rows[f"counter x{games}"]
            for script in scripts:
                row = rows[f"{script.title} x{games}"]
                out.notes.append(
                    f"{script.title} / counter, {games} game{'s' if games > 1 else ''}: "
                    + ", ".join(
                        f"{column} {row[column] / counter[column]:.2f}x"
                        for column in (
                            "actions/s",
                            "p99 all viewers ms",
                            "server CPU ms/action",
                            "bytes/update/viewer",
                        )
                    )
                )
        out.notes.append(
            "each game's moves were decided before the run by its greedy bots over the server's "
            "own code, every game dealt from one fixed secret (`bench/scripted.py`); the driver "
            "replays them as commands through websockets, each once every viewer has the last "
            f"update ({', '.join(f'{s.title} {s.moves} moves' for s in scripts)}). A game alone "
            f"is measured from {SOLO_WARMUP_S} s after its first move until its last, or for "
            "the scenario's duration at most. Each round runs on a fresh server, which held "
            f"{med(held):.0f} MB after its {len(kinds) * (1 + many)} games"
        )
        out.raw = {**runs, "server_rss_mb": held}
        return out

    # -- 9 -----------------------------------------------------------------------------------

    def cold_start(self) -> Outcome:
        finished, live = self.size.stored_finished, self.size.stored_live
        out = Outcome(
            9,
            "cold_start",
            f"Cold start: a server started over {finished:,} finished and {live:,} live games",
        )
        stores = {  # label: (path, finished, live)
            "1 live game stored": (procs.PEER_DIR / "cold-one.db", 0, 1),
            f"{finished // 10:,} finished + {live:,} live": (
                procs.PEER_DIR / "cold-tenth.db",
                finished // 10,
                live,
            ),
            f"{finished:,} finished + {live:,} live": (
                procs.PEER_DIR / "cold-all.db",
                finished,
                live,
            ),
        }
        built: dict[str, dict[str, Any]] = {}
        runs: dict[str, list[dict[str, Any]]] = {label: [] for label in stores}
        imports: list[float] = []
        alone: list[float] = []  # the hello's seconds over every game, asked alone
        full = f"{finished:,} finished + {live:,} live"
        try:
            for label, (path, ended, playing) in stores.items():
                procs.log(f"scenario 9: writing a store of {label}")
                built[label] = cold.build(path, ended, playing)
            path, ended, playing = stores["1 live game stored"]
            first = cold.cold_start(path, cold.live_ids(ended, playing)[-1], settle_s=0)
            procs.log(f"scenario 9: a first start, writing its bytecode: {first}")
            for number in range(self.size.rounds):
                procs.log(f"scenario 9, round {number + 1}")
                imports.append(cold.imports())
                for label, (path, ended, playing) in stores.items():
                    runs[label].append(cold.cold_start(path, cold.live_ids(ended, playing)[-1]))
                    procs.log(f"  {label}: {runs[label][-1]}")
                path, ended, playing = stores[full]
                watched = cold.live_ids(ended, playing)[-1]
                alone.append(cold.cold_start(path, watched, lobby_too=False)["hello_s"])
            if self.profile:
                path, ended, playing = stores[full]
                watched = cold.live_ids(ended, playing)[-1]
                out.profile = cold.cold_start(path, watched, profile=True)["profile"]
        finally:
            for path, _, _ in stores.values():
                for suffix in ("", "-wal", "-shm"):
                    path.with_name(path.name + suffix).unlink(missing_ok=True)
        out.figures = [
            {
                "system": label,
                "listening s": med([r["listening_s"] for r in rounds]),
                "lobby answer s": med([r["lobby_s"] for r in rounds]),
                "hello snapshot s": med([r["hello_s"] for r in rounds]),
                "CPU s to both": med([r["cpu_s"] for r in rounds]),
                "RSS MB": med([r["rss_mb"] for r in rounds]),
                "lobby again ms": med([r["lobby_again_ms"] for r in rounds]),
                "RSS after refresh MB": med([r["rss_after_refresh_mb"] for r in rounds]),
                "games listed": sum(rounds[0]["listed"].values()),
                "store MB": built[label]["store_mb"],
                "store written s": built[label]["build_s"],
            }
            for label, rounds in runs.items()
        ]
        one, tenth, every = out.figures
        floors = {"1 live game stored": one}
        out.targets = [
            Target(
                "lobby answer after start",
                every["lobby answer s"],
                2.0,
                True,
                " s",
                over(floors, "lobby answer s"),
            ),
            Target(
                "first hello's snapshot after start",
                every["hello snapshot s"],
                2.0,
                True,
                " s",
                over(floors, "hello snapshot s"),
            ),
            Target(
                "RSS, 10x the finished games stored",
                every["RSS after refresh MB"] / tenth["RSS after refresh MB"],
                1.1,
                True,
            ),
        ]
        out.notes.append(
            f"the imports alone (a Python process importing `bench.serve`, spawn to exit) took "
            f"{med(imports):.2f} s; each time runs from the spawn of the process, the lobby and "
            "the hello asked at once, as soon as it listens; 'CPU s to both' is the server "
            "process's CPU time when both had answered, which the machine's other tenants do "
            "not move as they move the seconds; RSS 1 s after both answered. The "
            "servers read their bytecode compiled, as an installed server does; a first start "
            f"over one game, compiling it, answered the lobby in {first['lobby_s']:.2f} s. The "
            "stored games are the counter game's (finished: 60 moves and its end; live: 30 "
            "moves), one in every "
            f"{finished // live + 1} live, written through the SQLite store adapter "
            "(`bench/cold.py`). 'lobby again' is the lobby's answer past its refresh period "
            "(it then asks the store for the heads of every game of its index), and the RSS "
            "after it is the one the target compares"
        )
        rss = "RSS after refresh MB"
        out.notes.append(
            f"RSS with 10x the finished games stored: {every[rss] / tenth[rss]:.2f}x; "
            f"over 1 live game stored: {every[rss] / one[rss]:.2f}x "
            f"({tenth[rss] / one[rss]:.2f}x with a tenth of the finished games)"
        )
        every["hello alone s"] = med(alone)
        out.notes.append(
            f"'hello alone' is a start over {full} games where only the hello is asked: what "
            "the hello costs, against what it waits for when the lobby's first answer, which "
            "reads and folds the newest games on the event loop, is asked at once"
        )
        out.raw = {
            "runs": runs,
            "built": built,
            "imports_s": imports,
            "first_start": first,
            "hello_alone_s": alone,
        }
        return out
