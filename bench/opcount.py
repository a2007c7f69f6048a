"""Bytecodes per command of two trees of Plateau, side by side: a measure the machine's load
does not move.

`python -m bench.opcount OTHER [--games 4] [--seconds 15] [--top 25]`

Timed figures (`bench.ab`, `python -m bench`) need a quiet machine; a shared one moves them
by more than a change costs. This runs each tree's server with every executed bytecode
counted (`bench/opcount_serve.py`) under the same closed loop of the Node driver, one tree
after the other, and divides by the commands the benchmark game decided. Prints both totals,
their ratio and the functions whose count per command moved most. It counts Python work only:
what C code does per call (hashing, encoding, system calls) is not in it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import tempfile
from pathlib import Path

from bench import procs
from bench.interpreter import choose
from bench.scenarios import FULL, Bench

SERVE = Path(__file__).resolve().parent / "opcount_serve.py"


def per_command(counts: dict[str, dict[str, int]]) -> tuple[dict[str, float], int]:
    """Bytecodes per command by function, and the commands decided."""
    decided = sum(n for key, n in counts["calls"].items() if key.startswith("decide (bench/"))
    return {key: n / max(decided, 1) for key, n in counts["ops"].items()}, decided


def measure(bench: Bench, tree: Path, out: Path, games: int) -> dict[str, dict[str, int]]:
    env = {**os.environ, **procs.PLATEAU_ENV}
    args = [procs.PYTHON, str(SERVE), str(out), "--store", bench.redis.url, "--port", "{port}"]
    server = procs.Proc("plateau", args, env, cwd=tree)
    try:
        bench.loop(server, "plateau", games, 0)
    finally:
        server.proc.send_signal(signal.SIGINT)  # the counts are written as it exits
        server.proc.wait(120)
    counts: dict[str, dict[str, int]] = json.loads(out.read_text())
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.opcount", description=__doc__)
    parser.add_argument("other", type=Path, help="the other tree of the project (B)")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args(argv)
    other = args.other.resolve()
    if not (other / "bench" / "serve.py").is_file():
        parser.error(f"{other} is not a tree of this project (no bench/serve.py)")
    procs.ensure_peer()
    procs.PYTHON, _ = choose()
    bench = Bench(dataclasses.replace(FULL, warmup_s=2, duration_s=args.seconds), profile=False)
    scratch = Path(tempfile.mkdtemp(prefix="plateau-opcount-"))
    try:
        a, decided_a = per_command(measure(bench, procs.ROOT, scratch / "a.json", args.games))
        b, decided_b = per_command(measure(bench, other, scratch / "b.json", args.games))
    finally:
        bench.close()
    total_a, total_b = sum(a.values()), sum(b.values())
    print(f"A (this tree): {total_a:,.0f} bytecodes per command ({decided_a} commands)")
    print(f"B ({other}): {total_b:,.0f} bytecodes per command ({decided_b} commands)")
    print(f"A/B {total_a / total_b:.3f}x")
    moved = sorted(set(a) | set(b), key=lambda key: -abs(a.get(key, 0) - b.get(key, 0)))
    print("functions whose bytecodes per command moved most (A - B):")
    for key in moved[: args.top]:
        x, y = a.get(key, 0.0), b.get(key, 0.0)
        print(f"  {x - y:+8.1f}  A {x:7.1f}  B {y:7.1f}  {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
