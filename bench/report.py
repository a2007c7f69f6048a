"""docs/benchmarks.md from one run: the targets first, then every scenario's figures."""

from __future__ import annotations

import math
from typing import Any

from bench.scenarios import Outcome

FINDINGS = """\
What the profiles (py-spy, in each scenario's section below) and the experiments behind this
suite showed:

- Replay (scenario 4). The fold spends most of its time in Python per event: `LiveGame.apply`
  bookkeeping, the table fold (`domain.table.apply`: four type tests, then a
  `structs.replace` of the table) and the game's own `evolve` (another `replace`). Decoding a
  60-byte event with msgspec costs about 0.5 µs; the rest of the fold about 2 µs. Giving the
  game's own events a short path in `projections/live.py` (one type test against the four table
  events, then `evolve`) doubled the fold rate (about 120 k to 270-400 k events per CPU second).
  The remaining distance to 0.5x of a bare decode is the cost of a Python `evolve` that builds a
  new immutable state per event: the decode of such small events is simply much cheaper than any
  Python function call chain. Disabling the GC during a fold gave another 15 %; it is not done.
- Time travel (scenario 5). Rebuilding a state from the nearest checkpoint (every 100 events) is
  far below the limit. The `seek` frame itself also carries the whole redacted log up to the
  version asked (hundreds of KB for a 20k-event game): redacting it event by event is about 80 %
  of its cost and encoding it the rest, so its p99 grows with the version sought.
- The closed-loop scenarios (1, 2, 3, 7) run the server, Redis and the Node driver on the same
  2 cores as every other tenant of the machine: the server's CPU share (column "server CPU %")
  shows whether the server was the bottleneck in a run.
"""


def fmt(value: Any) -> str:
    if isinstance(value, float):
        if math.isnan(value):
            return "n/a"
        if abs(value) >= 1000:
            return f"{value:,.0f}"
        if abs(value) >= 10:
            return f"{value:.1f}"
        return f"{value:.3g}" if abs(value) < 1 else f"{value:.2f}"
    return str(value)


def table(rows: list[dict[str, Any]]) -> list[str]:
    columns: list[str] = []
    for row in rows:
        columns += [c for c in row if c not in columns]
    out = ["| " + " | ".join(columns) + " |", "|" + " --- |" * len(columns)]
    for row in rows:
        out.append("| " + " | ".join(fmt(row.get(c, "")) for c in columns) + " |")
    return out


def render(outcomes: list[Outcome], meta: dict[str, Any], plot: str | None) -> str:
    lines = [
        "# Benchmarks",
        "",
        f"Produced by `{meta['command']}` on {meta['when']} ({meta['mode']} run, "
        f"{meta['rounds']} interleaved round(s) per scenario, medians), in "
        f"{meta['elapsed_s'] / 60:.1f} min. Load average at start / end: {meta['load_start']} / "
        f"{meta['load_end']} on {meta['cpus']} cores shared with other work, so absolute "
        "figures drift between runs; the ratios are measured within the same run.",
        "",
        f"Versions: {meta['versions']}.",
        "",
        "Setup: the server under test is `plateau serve` (uvicorn, websockets-sansio, uvloop) in "
        "its own process, through `python -m bench.serve`, which only registers the benchmark game "
        "`bench_counter` (4 players take turns bumping a public counter; each has a secret hand "
        "redacted for the others) and lifts the per-socket command rate limit and the per-address "
        "connection cap. Redis runs privately with AOF (`appendfsync everysec`). The peer is "
        "boardgame.io 0.50.2 with a game of the same shape (`bench/peer/server.js`, "
        "`PlayerView.STRIP_SECRETS`, server-authoritative move, InMemory storage). One Node "
        "process (`bench/peer/driver.js`) drives every system with the same count and pacing: "
        "in each game the seat whose turn it is sends its move as soon as every connection of "
        "the game has the previous update (closed loop). Latency is from the send to the update "
        "reaching every connection of the game (players and spectators); 'mover' is the moving "
        "player's own update.",
        "",
        "## Targets",
        "",
        "| # | scenario | target | measured | limit | verdict |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for outcome in sorted(outcomes, key=lambda o: o.number):
        for target in outcome.targets:
            sign = "<=" if target.at_most else ">="
            verdict = "**met**" if target.met else "**missed**"
            lines.append(
                f"| {outcome.number} | {outcome.key} | {target.name} | "
                f"{fmt(float(target.value))}{target.unit} | {sign} {fmt(float(target.limit))}"
                f"{target.unit} | {verdict}: {target.margin()} |"
            )
    if plot:
        lines += ["", f"![latency and throughput]({plot})"]
    lines += ["", "## Profile findings", "", FINDINGS]
    for outcome in sorted(outcomes, key=lambda o: o.number):
        lines += ["", f"## {outcome.number}. {outcome.title}", ""]
        lines += table(outcome.figures)
        for target in outcome.targets:
            lines.append("")
            lines.append(
                f"- {target.name}: {fmt(float(target.value))}{target.unit} "
                f"({'<=' if target.at_most else '>='} {fmt(float(target.limit))}{target.unit}) "
                f"{target.margin() or ('met' if target.met else 'missed')}"
            )
        for note in outcome.notes:
            lines += ["", f"- {note}"]
        per_round = rounds_of(outcome)
        if per_round:
            lines += ["", "Per round: " + per_round]
        if outcome.profile:
            lines += ["", "Profile of the server during one extra run (py-spy, 200 Hz):", "", "```"]
            lines += outcome.profile
            lines += ["```"]
    return "\n".join(lines) + "\n"


def rounds_of(outcome: Outcome) -> str:
    """Each round's headline figure per system, to show the spread behind the medians."""
    parts = []
    for system, runs in outcome.raw.items():
        if not isinstance(runs, list) or not runs or not isinstance(runs[0], dict):
            continue
        first = runs[0]
        if "actions_per_s" in first:
            values = [
                f"{r['actions_per_s']:.0f}/s p99 "
                f"{fmt(r['latency_all_ms']['p99'] or float('nan'))} ms"
                for r in runs
            ]
        elif "round_trips_per_s" in first:
            values = [f"p50 {fmt(r['latency_ms']['p50'])} ms" for r in runs]
        elif "deliveries_per_s" in first:
            values = [f"{r['deliveries_per_s']:.0f}/s" for r in runs]
        else:
            continue
        parts.append(f"{system}: " + "; ".join(values))
    return " · ".join(parts)
