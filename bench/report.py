"""docs/benchmarks.md from one run's data: the verdict, the targets and their floors, the games
people play beside the counter, a conclusion per missed target, what is measured, every
scenario's figures (with the modules each profile found) and how to run. No line is 120
characters or more (`bench/tables.py` wraps the prose and reshapes the tables).

Every result in it comes from the run (`docs/benchmarks.json`) and the run before it
(`docs/benchmarks-previous.json`); the fixed words are in `bench/glossary.py`.
`python -m bench.report docs/benchmarks.json` writes the report again without running anything.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

import msgspec

from bench import beside, conclusions, glossary
from bench.numbers import fmt
from bench.scenarios import Outcome, Target
from bench.tables import WIDTH, table, wrap

PROFILE_LINES = 6  # the hottest functions of each profile list; the rest is in the JSON

__all__ = ["fmt", "load", "main", "render"]


def previous_values(data: dict[str, Any] | None) -> tuple[str, dict[tuple[int, str], float]]:
    """The target values of an earlier run (its JSON), to show the spread between runs."""
    if not data:
        return "", {}
    values = {
        (o["number"], t["name"]): float(t["value"])
        for o in data.get("outcomes", [])
        for t in o.get("targets", [])
    }
    return str(data.get("when", "?")), values


def interpreter_words(facts: dict[str, Any] | None) -> list[str]:
    """Which Python the servers ran on, and the timings that picked it."""
    if not facts or not facts.get("measured"):
        return []
    timings = "; ".join(f"{m['python']} {m['workload_s']} s" for m in facts["measured"])
    words = (
        f"The Python servers (Plateau, the bare relay, the lean server, the echo) and the "
        f"in-process scenarios ran on {facts['chosen']}, the fastest CPython 3.11+ on the "
        f"machine at a small pure-Python workload ({timings}) (`bench/interpreter.py`)."
    )
    return [*wrap(words), ""]


def verdict(target: Target) -> str:
    """Met or missed, and the measure as a share of the limit: '**missed** (0.83, 17% short)'."""
    said = "**met**" if target.met else "**missed**"
    if target.limit == 0:
        return said
    factor = target.value / target.limit
    if target.met:
        return f"{said} ({fmt(factor)})"
    over, short = (factor - 1) * 100, (1 - factor) * 100
    off = f"{over:.0f}% over" if target.at_most else f"{short:.0f}% short"
    return f"{said} ({fmt(factor)}, {off})"


def targets_table(outcomes: list[Outcome], previous: dict[str, Any] | None) -> list[str]:
    """A row per target; its floors are in a table of their own (`floors_table`)."""
    _, before = previous_values(previous)
    lines = [
        "| # | scenario | target | measured | limit | verdict (measured / limit) |"
        + (" run before |" if before else ""),
        "| --- | --- | --- | --- | --- | --- |" + (" --- |" if before else ""),
    ]
    for outcome in sorted(outcomes, key=lambda o: o.number):
        for target in outcome.targets:
            row = (
                f"| {outcome.number} | {outcome.key} | {target.name} | "
                f"{fmt(float(target.value))}{target.unit} | {beside.limit(target)} | "
                f"{verdict(target)} |"
            )
            if before:
                old = before.get((outcome.number, target.name))
                row += f" {fmt(old) + target.unit if old is not None else ''} |"
            lines.append(row)
    return lines


def floors_table(outcomes: list[Outcome]) -> list[str]:
    """Each target's floors in the same run, judged by the target's own limit."""
    rows = [
        f"| {outcome.number} | {target.name} | {name} | {fmt(float(value))}{target.unit} | "
        f"{'meets' if target.meets(value) else 'misses'} |"
        for outcome in sorted(outcomes, key=lambda o: o.number)
        for target in outcome.targets
        for name, value in target.floors.items()
    ]
    if not rows:
        return []
    header = ["", "Floors in the same run, by the target's limit:", ""]
    return [*header, "| # | target | floor | measured | by the limit |", "|" + " --- |" * 5, *rows]


def missed_section(outcomes: list[Outcome], previous: dict[str, Any] | None) -> list[str]:
    lost = conclusions.missed(outcomes)
    if not lost:
        return []
    earlier, before = previous_values(previous)
    lines = ["", "## Missed targets", ""]
    for outcome, target in lost:
        old = before.get((outcome.number, target.name))
        lines += wrap(conclusions.conclusion(outcome, target, old, earlier), "- ", "  ")
    return lines


def measured_section(outcomes: list[Outcome]) -> list[str]:
    lines = ["", "## What is measured", ""]
    if any("actions/s" in row for o in outcomes for row in o.figures):  # a closed loop ran
        lines += [*wrap(glossary.setup()), ""]
    for outcome in sorted(outcomes, key=lambda o: o.number):
        what = glossary.SCENARIOS.get(outcome.key)
        item = f"{outcome.number}. **{outcome.title}**" + (f": {what}." if what else ".")
        lines += wrap(item, "", "   ")
    named = {name for o in outcomes for t in o.targets for name in t.floors}
    known = [(name, glossary.floor(name)) for name in glossary.FLOORS if name in named]
    if known:
        lines += ["", "Floors:", ""]
        for name, floor in known:
            lines += wrap(f"**{name}**: {floor.what}.", "- ", "  ")
    lines += ["", *wrap(glossary.FLOOR_RULE.format(noise=conclusions.percent(conclusions.NOISE)))]
    return lines


def profile_lines(profile: list[str]) -> list[str]:
    """Each list of a py-spy summary cut to its hottest functions, each line to the width."""
    kept: list[str] = []
    shown = 0
    for line in profile:
        if not line.startswith(" "):
            kept.append(line)
            shown = 0
        elif shown < PROFILE_LINES:
            kept.append(line)
            shown += 1
    return [line if len(line) < WIDTH else line[: WIDTH - 2] + "…" for line in kept]


PROJECT_FILE = re.compile(r"\(((?:server|projections|domain|bench)/[\w/]+\.py)\)")


def profiled_modules(profile: list[str]) -> list[str]:
    """The project's modules a profile's summary names, in the order it first names them."""
    found: list[str] = []
    for line in profile:
        found += [name for name in PROJECT_FILE.findall(line) if name not in found]
    return found


def scenario_section(outcome: Outcome) -> list[str]:
    lines = ["", f"### {outcome.number}. {outcome.title}", "", *table(outcome.figures), ""]
    for note in outcome.notes:
        lines += wrap(note, "- ", "  ")
    per_round = rounds_of(outcome)
    if per_round:
        lines += wrap("per round: " + per_round, "- ", "  ")
    if outcome.profile:
        lines += ["", "Where the server's CPU went (py-spy, 200 Hz, one extra run):", "", "```"]
        lines += profile_lines(outcome.profile)
        lines += ["```"]
        modules = profiled_modules(outcome.profile)
        if modules:
            named = ", ".join(f"`{module}`" for module in modules)
            lines += ["", *wrap(f"The project's modules in this profile: {named}.")]
    return lines


def rounds(count: int) -> str:
    return f"{count} interleaved round{'' if count == 1 else 's'}"


def took(seconds: float) -> str:
    return f"{seconds / 60:.1f} min" if seconds >= 60 else f"{seconds:.0f} s"


def render(
    outcomes: list[Outcome],
    meta: dict[str, Any],
    plot: str | None,
    previous: dict[str, Any] | None = None,
) -> str:
    ordered = sorted(outcomes, key=lambda o: o.number)
    produced = (
        f"Produced by `{meta['command']}` ({rounds(meta['rounds'])} per scenario, "
        f"{took(meta['elapsed_s'])}; load average {meta['load_start']} at the start, "
        f"{meta['load_end']} at the end, on {meta['cpus']} cores shared with other work). "
        f"Versions: {meta['versions']}."
    )
    lines = [
        "# Benchmarks",
        "",
        *wrap(conclusions.summary(ordered, meta, previous_values(previous)[1])),
        "",
        *wrap(produced),
        "",
        *interpreter_words(meta.get("interpreter")),
        "## Targets",
        "",
        *targets_table(ordered, previous),
    ]
    if previous:
        earlier = previous_values(previous)[0]
        lines += [
            "",
            *wrap(
                f"The last column is the run before ({earlier}, `docs/benchmarks-previous.json`, "
                "the code as it was then): how far a figure moves between runs on this machine."
            ),
        ]
    lines += floors_table(ordered)
    lines += beside.section(ordered, glossary.BESIDE)
    lines += missed_section(ordered, previous)
    lines += measured_section(ordered)
    if plot:
        lines += ["", f"![latency and throughput]({plot})"]
    lines += ["", "## How to run", "", glossary.HOW_TO]
    lines += ["", "## Figures per scenario"]
    for outcome in ordered:
        lines += scenario_section(outcome)
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


def load(results: Path) -> tuple[list[Outcome], dict[str, Any], dict[str, Any] | None]:
    """A saved run: its outcomes, its facts, and the run before it when kept beside it."""
    data = json.loads(results.read_text())
    outcomes = [msgspec.convert(o, Outcome) for o in data.pop("outcomes")]
    earlier = results.with_name(results.stem + "-previous.json")
    previous = json.loads(earlier.read_text()) if earlier.exists() else None
    return outcomes, data, previous


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.report",
        description="Write the report of a saved run (its JSON) again; runs no benchmark.",
    )
    parser.add_argument("results", type=Path, help="a run's JSON, e.g. docs/benchmarks.json")
    parser.add_argument("--out", type=Path, help="the Markdown to write (default: beside it)")
    args = parser.parse_args(argv)
    outcomes, meta, previous = load(args.results)
    out: Path = args.out or args.results.with_suffix(".md")
    png = args.results.with_suffix(".png")  # drawn by the run; linked when it is there
    plot = png.name if png.exists() and png.parent == out.parent else None
    out.write_text(render(outcomes, meta, plot, previous))
    print(f"wrote {out} ({len(out.read_text().splitlines())} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
