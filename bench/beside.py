"""The games people play beside the counter: the counter game's targets with 18ZOO's figure for
the same measure (scenarios 4 and 5), and scenario 8's figures a column per game.

18ZOO's figures are not targets: the limits were set for the counter game. Every value comes
from the run's data; a run without 18ZOO (an older one) shows nothing here.
"""

from __future__ import annotations

from typing import Any

from bench.numbers import fmt
from bench.scenarios import Outcome, Target
from bench.tables import wrap

# where scenarios 4 and 5 keep 18ZOO's figure for the measure of each counter target
ZOO_FIGURES: dict[str, tuple[str, ...]] = {
    "fold events/s": ("fold_events_per_s",),
    "fold vs bare decode": ("fold_vs_decode",),
    "seek p99": ("state_view", "p99_ms"),
    "seek p50 vs naive replay": ("state_view_vs_naive_p50",),
    "seek frame (with log) p99": ("seek_frame", "p99_ms"),
}

# scenario 8's measures, in the order the table lists them
GAME_MEASURES = (
    "actions/s",
    "p99 all viewers ms",
    "server CPU ms/action",
    "bytes/update/viewer",
)


def dig(data: Any, path: tuple[str, ...]) -> float | None:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return float(data) if isinstance(data, int | float) else None


def limit(target: Target) -> str:
    sign = "<=" if target.at_most else ">="
    return f"{sign} {fmt(float(target.limit))}{target.unit}"


def zoo_rows(outcomes: list[Outcome]) -> list[str]:
    rows = []
    for outcome in outcomes:
        zoo = outcome.raw.get("18zoo") if isinstance(outcome.raw, dict) else None
        for target in outcome.targets:
            path = ZOO_FIGURES.get(target.name)
            value = dig(zoo, path) if path else None
            if value is None:
                continue
            counter = f"{fmt(float(target.value))}{target.unit}"
            rows.append(
                f"| {outcome.number} | {target.name} | {limit(target)} | {counter} | "
                f"{fmt(value)}{target.unit} |"
            )
    if not rows:
        return []
    return ["| # | counter's target | limit | counter | 18ZOO |", "| --- |" + " --- |" * 4, *rows]


def game_rows(outcomes: list[Outcome]) -> list[str]:
    """Scenario 8's figures turned: a row per measure and number of games, a column per game."""
    real = next((o for o in outcomes if o.key == "real_games"), None)
    if real is None:
        return []
    cells: dict[tuple[str, str], Any] = {}
    titles: list[str] = []
    measures: list[str] = []
    for row in real.figures:
        title, _, games = str(row["system"]).rpartition(" x")
        titles += [title] if title not in titles else []
        for measure in GAME_MEASURES:
            said = f"{measure}, {games} game{'' if games == '1' else 's'}"
            measures += [said] if said not in measures else []
            cells[(title, said)] = row.get(measure, "")
    lines = ["| scenario 8 | " + " | ".join(titles) + " |", "| --- |" + " --- |" * len(titles)]
    for said in measures:
        values = " | ".join(fmt(cells.get((title, said), "")) for title in titles)
        lines.append(f"| {said} | {values} |")
    return lines


def section(outcomes: list[Outcome], words: str) -> list[str]:
    """The section, introduced by `words` (from the glossary); nothing when the run has no game
    but the counter."""
    zoo, games = zoo_rows(outcomes), game_rows(outcomes)
    if not zoo and not games:
        return []
    lines = ["", "## The games people play, beside the counter", "", *wrap(words)]
    for part in (zoo, games):
        if part:
            lines += ["", *part]
    return lines
