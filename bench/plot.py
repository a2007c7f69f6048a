"""Draw docs/benchmarks.png from the run's JSON (run by the bench venv's python, matplotlib).

`python bench/plot.py results.json out.png`: latency (p50 and p99, scenarios 1 and 2) and
throughput (scenario 2 actions/s, scenario 3 views/s), Plateau beside its references.
"""

from __future__ import annotations

import json
import sys
import textwrap
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def rows(results: dict[str, Any], key: str) -> list[dict[str, Any]]:
    for outcome in results["outcomes"]:
        if outcome["key"] == key:
            found: list[dict[str, Any]] = outcome["figures"]
            return found
    return []


def short(system: str) -> str:
    """A row's name broken at its colon and wrapped, so long names fit beside the bars."""
    head, _, rest = system.partition(": ")
    lines = textwrap.wrap(head + (":" if rest else ""), 34) + textwrap.wrap(rest, 34)
    return "\n".join(lines)


def main() -> None:
    with open(sys.argv[1]) as source:
        results = json.load(source)
    fig, (left, right) = plt.subplots(1, 2, figsize=(14, 8))
    labels, p50, p99 = [], [], []
    for key, tag in (
        ("action_to_view", "1 game"),
        ("many_games", "many games"),
        ("embedded_store", "many games"),
    ):
        for row in rows(results, key):
            if "p50 all viewers ms" not in row:
                continue
            label = f"{short(row['system'])}\n({tag})"
            if label in labels:
                continue
            labels.append(label)
            p50.append(row["p50 all viewers ms"])
            p99.append(row["p99 all viewers ms"])
    ys = range(len(labels))
    left.barh([y - 0.2 for y in ys], p50, height=0.4, label="p50", color="#4c78a8")
    left.barh([y + 0.2 for y in ys], p99, height=0.4, label="p99", color="#f58518")
    left.set_xscale("log")
    left.set_yticks(list(ys), labels, fontsize=7)
    left.invert_yaxis()
    left.set_xlabel("ms, send to the last viewer's update (log scale)")
    left.set_title("Latency: action to every viewer")
    left.legend()
    names, values, colors = [], [], []
    for key, metric, tag in (
        ("many_games", "actions/s", "actions/s"),
        ("embedded_store", "actions/s", "actions/s"),
        ("fanout", "views/s", "views/s"),
    ):
        for row in rows(results, key):
            if key == "embedded_store" and "SQLite" not in row["system"]:
                continue  # the Redis and boardgame.io rows are scenario 2's, drawn already
            label = f"{short(row['system'])}\n{tag} ({key.replace('_', ' ')})"
            if metric in row and label not in names:
                names.append(label)
                values.append(row[metric])
                colors.append("#54a24b" if row["system"].startswith("Plateau") else "#9d9d9d")
    right.barh(range(len(names)), values, color=colors)
    right.set_yticks(range(len(names)), names, fontsize=7)
    right.invert_yaxis()
    right.set_xlabel("per second (medians of interleaved rounds)")
    right.set_title("Throughput")
    for y, v in enumerate(values):
        right.text(v, y, f" {v:,.0f}", va="center", fontsize=7)
    fig.suptitle(f"Plateau benchmarks, {results['when']} ({results['mode']} run)")
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110, bbox_inches="tight")  # no label cut at the edge


if __name__ == "__main__":
    main()
