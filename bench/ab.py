"""Interleaved A/B of two trees of Plateau under scenario 2's closed loop.

`python -m bench.ab OTHER [--rounds 6] [--games 200] [--spectators 0] [--store redis|sqlite]
[--game counter|18zoo|vertigo]`

OTHER is another tree of the project, e.g. `git worktree add /tmp/before HEAD~1`. Both
servers run side by side (one private Redis, or a SQLite file each) and the Node driver runs
the same closed loop against each in turn, the order swapped every round, so both see the
same machine. Prints every round and the medians of actions/s, p99 and server CPU per action,
the measure that decided the changes in `docs/benchmarks-history.md`; absolute
figures drift with the machine, pairs of the same round do much less. With `--game 18zoo`
(or vertigo) the games are scenario 8's: moves the greedy bots chose before the run, replayed,
both servers dealing from the same secret (`bench/scripted.py`), e.g. `--game 18zoo --games 50
--spectators 20`; the bytes of an update per viewer are compared too. The other tree's
`bench/serve.py` must deal from `PLATEAU_BENCH_SECRET` (this one's does), or its first
command that depends on the deal is refused.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bench import procs, scripted
from bench.interpreter import choose
from bench.scenarios import FULL, Bench, Script, window_cpu

REAL = {"18zoo": 5, "vertigo": 4}  # the real games (scenario 8) and their seats


def cpu_ms_per_action(result: dict[str, Any]) -> float:
    return 1000 * window_cpu(result, "plateau") / max(int(result["actions"]), 1)


def summary(results: list[dict[str, Any]]) -> dict[str, float]:
    return {
        "actions/s": statistics.median(r["actions_per_s"] for r in results),
        "p99 ms": statistics.median(r["latency_all_ms"]["p99"] for r in results),
        "CPU ms/action": statistics.median(cpu_ms_per_action(r) for r in results),
        "bytes/update": statistics.median(r["mean_view_bytes"] for r in results),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ab", description=__doc__.split("\n")[0])
    parser.add_argument("other", type=Path, help="the other tree of the project (B)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=FULL.many_games)
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--store", choices=("redis", "sqlite"), default="redis")
    parser.add_argument("--game", choices=("counter", *REAL), default="counter")
    args = parser.parse_args(argv)
    other = args.other.resolve()
    if not (other / "bench" / "serve.py").is_file():
        parser.error(f"{other} is not a tree of this project (no bench/serve.py)")
    procs.ensure_peer()  # the Node driver's packages, on a fresh tree
    procs.PYTHON, _ = choose()
    bench = Bench(FULL, profile=False)
    scratch = Path(tempfile.mkdtemp(prefix="plateau-ab-"))
    script = None
    if args.game in REAL:
        seats = REAL[args.game]
        path = scripted.script(scratch, args.game, seats)
        moves = len(json.loads(path.read_text())["moves"])
        script = Script(args.game, seats, path, moves)
    trees = {"A (this tree)": procs.ROOT, f"B ({other})": other}
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    try:
        servers = {}
        for n, (name, tree) in enumerate(trees.items()):
            store = bench.redis.url if args.store == "redis" else f"sqlite:///{scratch}/{n}.db"
            servers[name] = procs.start_plateau(store, tree, deal=scripted.SECRET)
            bench.servers.append(servers[name])
        for number in range(args.rounds):
            order = list(trees) if number % 2 == 0 else list(reversed(trees))
            procs.log(f"round {number + 1} of {args.rounds}: {' then '.join(order)}")
            for name in order:
                results[name].append(
                    bench.loop(servers[name], "plateau", args.games, args.spectators, script)
                )
    finally:
        bench.close()
        shutil.rmtree(scratch, ignore_errors=True)
    for name, rounds in results.items():
        per_round = ", ".join(
            f"{r['actions_per_s']:.0f}/s {cpu_ms_per_action(r) * 1000:.1f} µs" for r in rounds
        )
        medians = ", ".join(f"{key} {value:.4g}" for key, value in summary(rounds).items())
        print(f"{name}: {medians}\n  rounds: {per_round}")
    a, b = (summary(rounds) for rounds in results.values())
    print(", ".join(f"A/B {key} {a[key] / b[key]:.3f}x" for key in a))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
