"""`python -m bench [--quick] [--only 1,4] [--out FILE] [--no-profile]`.

Runs the scenarios (Plateau and its references interleaved in the same run), prints each
figure and ratio, and writes the report (default docs/benchmarks.md, with docs/benchmarks.png;
quick runs default to bench/.peer/benchmarks-quick.md so they never overwrite the real one).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path
from typing import Any

import msgspec

from bench import procs
from bench.interpreter import choose
from bench.profile import ensure_tools
from bench.report import load as load_run
from bench.report import render
from bench.scenarios import FULL, QUICK, Bench, Outcome

ALL = (4, 5, 1, 2, 3, 6, 8, 9, 10)  # 7 runs with 2


def versions(python: str) -> str:
    names = ("uvicorn", "starlette", "websockets", "uvloop", "redis", "msgspec")
    found = [f"{n} {metadata.version(n)}" for n in names]
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    redis = subprocess.run(["redis-server", "--version"], capture_output=True, text=True).stdout
    redis_version = next((p.split("=")[1] for p in redis.split() if p.startswith("v=")), "?")
    version = subprocess.run(
        [python, "-c", "import sys; print(*sys.version_info[:3], sep='.')"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return f"Python {version} (servers), {', '.join(found)}, Redis {redis_version}, Node {node}"


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="every scenario at a small size")
    parser.add_argument("--only", help="comma-separated scenario numbers (7 comes with 2)")
    parser.add_argument("--out", help="the Markdown report to write")
    parser.add_argument("--no-profile", action="store_true", help="skip the py-spy runs")
    parser.add_argument("--no-plot", action="store_true", help="skip the PNG")
    parser.add_argument("--rounds", type=int, help="interleaved rounds (default 3, quick 1)")
    parser.add_argument(
        "--python",
        choices=("fastest", "own"),
        help="the servers' interpreter: the fastest CPython 3.11+ on the machine (default for "
        "full runs, see bench/interpreter.py) or the one running the bench (default for quick)",
    )
    parser.add_argument(
        "--render", metavar="JSON", help="only rewrite the report (and plot) from a run's JSON"
    )
    args = parser.parse_args(argv)

    if args.render:
        return render_again(Path(args.render), args)
    size = QUICK if args.quick else FULL
    if args.rounds:
        size = dataclasses.replace(size, rounds=args.rounds)
    wanted = [int(n) for n in args.only.split(",")] if args.only else list(ALL)
    default_out = (
        procs.PEER_DIR / "benchmarks-quick.md"
        if args.quick
        else procs.ROOT / "docs" / "benchmarks.md"
    )
    out = Path(args.out) if args.out else default_out
    out.parent.mkdir(parents=True, exist_ok=True)
    procs.PEER_DIR.mkdir(exist_ok=True)
    tools = None if (args.no_plot and args.no_profile) else ensure_tools()
    started, load_start = time.monotonic(), load()
    interpreter: dict[str, Any] = {"chosen": sys.executable, "measured": []}
    if (args.python or ("own" if args.quick else "fastest")) == "fastest":
        procs.PYTHON, interpreter = choose()
    bench = Bench(size, profile=not args.no_profile and not args.quick and tools is not None)
    outcomes: list[Outcome] = []
    try:
        for number in ALL:
            if number not in wanted and not (number == 2 and 7 in wanted):
                continue
            done: list[Outcome]
            if number == 1:
                done = [bench.action_to_view()]
            elif number == 2:
                done = list(bench.many_games())
            elif number == 3:
                done = [bench.fanout()]
            elif number == 4:
                done = [bench.replay()]
            elif number == 5:
                done = [bench.time_travel()]
            elif number == 8:
                done = [bench.real_games()]
            elif number == 9:
                done = [bench.cold_start()]
            elif number == 10:
                done = [bench.notices()]
            else:
                done = [bench.idle()]
            for outcome in done:
                show(outcome)
            outcomes += done
    finally:
        bench.close()
    meta: dict[str, Any] = {
        "command": " ".join(["python -m bench", *(argv if argv is not None else sys.argv[1:])]),
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "mode": "quick" if args.quick else "full",
        "rounds": size.rounds,
        "elapsed_s": time.monotonic() - started,
        "load_start": load_start,
        "load_end": load(),
        "cpus": os.cpu_count(),
        "versions": versions(procs.PYTHON),
        "interpreter": interpreter,
    }
    data = {**meta, "outcomes": [msgspec.to_builtins(o) for o in outcomes]}
    results = out.with_suffix(".json")
    previous = json.loads(results.read_text()) if results.exists() else None
    if previous is not None:  # kept beside, to show the spread between runs
        results.with_name(results.stem + "-previous.json").write_text(results.read_text())
    results.write_text(json.dumps(data, indent=1, default=str))
    write(out, results, outcomes, meta, None if args.no_plot else tools, previous)
    return 0


def write(
    out: Path,
    results: Path,
    outcomes: list[Outcome],
    meta: dict[str, Any],
    tools: Path | None,
    previous: dict[str, Any] | None = None,
) -> None:
    plot = None
    if tools is not None:
        png = out.with_suffix(".png")
        drawn = subprocess.run(
            # -P: bench/ must not lead sys.path, or bench/numbers.py hides the standard
            # library's numbers module from numpy
            [str(tools), "-P", str(procs.ROOT / "bench" / "plot.py"), str(results), str(png)],
            capture_output=True,
            text=True,
        )
        if drawn.returncode == 0:
            plot = png.name
        else:
            procs.log(f"plot failed: {drawn.stderr[-500:]}")
    out.write_text(render(outcomes, meta, plot, previous))
    procs.log(f"wrote {out}")


def render_again(results: Path, args: argparse.Namespace) -> int:
    """The report of a past run, from its JSON, with its plot drawn again."""
    outcomes, meta, previous = load_run(results)
    out = Path(args.out) if args.out else results.with_suffix(".md")
    write(out, results, outcomes, meta, None if args.no_plot else ensure_tools(), previous)
    return 0


def show(outcome: Outcome) -> None:
    """Print a scenario's figures and ratios as soon as it is done."""
    print(f"\n== {outcome.number}. {outcome.title}")
    for row in outcome.figures:
        figures = ", ".join(
            f"{k} {v:,.3g}" if isinstance(v, float) else f"{k} {v}"
            for k, v in row.items()
            if k != "system"
        )
        print(f"  {row['system']}: {figures}")
    for target in outcome.targets:
        sign = "<=" if target.at_most else ">="
        print(
            f"  ratio/target {target.name}: {target.value:.3g}{target.unit} "
            f"({sign} {target.limit:g}{target.unit}) {'MET' if target.met else 'MISSED'} "
            f"{target.margin()}"
        )
    for note in outcome.notes:
        print(f"  note: {note}")
    sys.stdout.flush()


if __name__ == "__main__":
    raise SystemExit(main())
