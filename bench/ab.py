"""Interleaved A/B of two trees of Plateau under scenario 2's closed loop.

`python -m bench.ab OTHER [--rounds 6] [--games 200] [--spectators 0] [--store redis|sqlite]
[--game counter|18zoo|vertigo]`, or `python -m bench.ab OTHER --fold [--rounds 16] [--repeat 60]`

OTHER is another tree of the project, e.g. `git worktree add /tmp/before HEAD~1`, or a commit
of this repository, written to a scratch folder for the run (`git archive`). Both
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

With `--fold` no server runs: a game of 18ZOO its greedy bots play through this tree's server
(scenario 4's) is stored once, and each round a process of each tree folds it `--repeat`
times (`bench/fold_timing.py`, the order swapped every round: many short rounds, since the
machine's other tenants move a fold's time by half within a minute); prints the median CPU
milliseconds of one fold per tree and their ratio, and fails if the trees fold the game to
different tables.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import msgspec

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


def tree_of(other: str, scratch: Path) -> Path | None:
    """The tree `other` names: a folder of the project, or a commit of this repository written
    under `scratch`; None if it is neither."""
    folder = Path(other).resolve()
    if (folder / "bench" / "serve.py").is_file():
        return folder
    commit = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{other}^{{commit}}"],
        cwd=procs.ROOT,
        capture_output=True,
        text=True,
    )
    if commit.returncode != 0:
        return None
    tree = scratch / f"tree-{commit.stdout.strip()[:12]}"
    tree.mkdir()
    archive = subprocess.run(
        ["git", "archive", commit.stdout.strip()], cwd=procs.ROOT, capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    return tree if (tree / "bench" / "serve.py").is_file() else None


def timed_folds(tree: Path, events: Path, repeat: int) -> dict[str, Any]:
    """`bench/fold_timing.py` (this tree's) run over `tree`'s code."""
    script = procs.ROOT / "bench" / "fold_timing.py"
    done = subprocess.run(
        [procs.PYTHON, "-P", str(script), str(events), "--repeat", str(repeat)],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        timeout=900,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the fold in {tree} failed: {done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def fold_ab(trees: dict[str, Path], scratch: Path, rounds: int, repeat: int) -> int:
    """Both trees fold the same stored game of 18ZOO, in turns; 1 if their tables differ."""
    events = scratch / "18zoo-events.msgpack"
    data = scripted.stored("18zoo", REAL["18zoo"])
    events.write_bytes(msgspec.msgpack.encode(data))
    procs.log(f"an 18ZOO game of {len(data)} events, folded {repeat} times per round and tree")
    folds: dict[str, list[float]] = {name: [] for name in trees}
    tables: dict[str, set[str]] = {name: set() for name in trees}
    for number in range(rounds):
        order = list(trees) if number % 2 == 0 else list(reversed(trees))
        procs.log(f"round {number + 1} of {rounds}: {' then '.join(order)}")
        for name in order:
            result = timed_folds(trees[name], events, repeat)
            folds[name] += result["fold_ms"]
            tables[name].add(result["table"])
            procs.log(f"  {name}: {statistics.median(result['fold_ms']):.3f} ms per fold")
    medians = {name: statistics.median(values) for name, values in folds.items()}
    for name, value in medians.items():
        print(f"{name}: fold of the 18ZOO game ({len(data)} events) {value:.3f} ms CPU (median)")
    a, b = medians.values()
    print(f"A/B fold ms {a / b:.3f}x: A folds the stored game {b / a:.2f}x as fast as B")
    same = len(set().union(*tables.values())) == 1
    print("both trees fold it to the same table" if same else "the trees' tables DIFFER")
    return 0 if same else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ab", description=__doc__.split("\n")[0])
    parser.add_argument("other", help="the other tree of the project (B), or a commit")
    parser.add_argument("--fold", action="store_true", help="compare the fold of a stored game")
    parser.add_argument("--repeat", type=int, default=60, help="folds per round (--fold)")
    parser.add_argument("--rounds", type=int, help="interleaved rounds (6; 16 with --fold)")
    parser.add_argument("--games", type=int, default=FULL.many_games)
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--store", choices=("redis", "sqlite"), default="redis")
    parser.add_argument("--game", choices=("counter", *REAL), default="counter")
    args = parser.parse_args(argv)
    args.rounds = args.rounds or (16 if args.fold else 6)
    scratch = Path(tempfile.mkdtemp(prefix="plateau-ab-"))
    other = tree_of(args.other, scratch)
    if other is None:
        shutil.rmtree(scratch, ignore_errors=True)
        parser.error(
            f"{args.other} is neither a tree of this project (no bench/serve.py) nor a commit"
        )
    procs.PYTHON, _ = choose()
    trees = {"A (this tree)": procs.ROOT, f"B ({args.other})": other}
    if args.fold:
        try:
            return fold_ab(trees, scratch, args.rounds, args.repeat)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    procs.ensure_peer()  # the Node driver's packages, on a fresh tree
    bench = Bench(FULL, profile=False)
    script = None
    if args.game in REAL:
        seats = REAL[args.game]
        path = scripted.script(scratch, args.game, seats)
        moves = len(json.loads(path.read_text())["moves"])
        script = Script(args.game, seats, path, moves)
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
