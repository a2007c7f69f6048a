"""docs/benchmarks.md is generated from the run's data: short, a row per target, and a
conclusion for each missed target that follows the numbers (no benchmark runs here).

The wording is checked on two saved runs kept beside this test (`data/`, the runs of
2026-12-01), so a new run written to docs/ changes none of these tests but the one that says
docs/benchmarks.md is what docs/benchmarks.json renders. `data/run-zoo.json` is a quick run of
scenarios 4, 5, 8 and 9, where 18ZOO and Vertigo stand beside the counter."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bench import report
from bench.scenarios import Outcome, Target

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SAVED = Path(__file__).resolve().parent / "data"
MOST_LINES = 700  # prose wrapped at 100 characters; a full run with its profiles


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


@pytest.fixture(scope="module")
def run() -> dict[str, Any]:
    return load(SAVED / "run.json")


@pytest.fixture(scope="module")
def zoo() -> dict[str, Any]:
    return load(SAVED / "run-zoo.json")


@pytest.fixture(scope="module")
def before() -> dict[str, Any]:
    return load(SAVED / "run-before.json")


def rendered(data: dict[str, Any], previous: dict[str, Any] | None) -> str:
    meta = {k: v for k, v in data.items() if k != "outcomes"}
    outcomes = [msgspec.convert(o, Outcome) for o in data["outcomes"]]
    plot = "benchmarks.png" if (DOCS / "benchmarks.png").exists() else None  # as bench.report
    return report.render(outcomes, meta, plot, previous)


def target(data: dict[str, Any], number: int, name: str) -> dict[str, Any]:
    outcome = next(o for o in data["outcomes"] if o["number"] == number)
    found: dict[str, Any] = next(t for t in outcome["targets"] if t["name"] == name)
    return found


def flat(text: str) -> str:
    """The report's words with its wrapping undone: a bullet's wrapped lines joined again."""
    joined = re.sub(r"\n {2,3}(?=\S)", " ", text)  # a bullet's or a numbered item's lines
    return re.sub(r"(?<=\S)\n(?=[^\s#|`-])", " ", joined)  # a paragraph's


def conclusions(text: str) -> dict[str, str]:
    """Each missed target's conclusion, by its '<scenario>. <target>' heading."""
    found = re.findall(r"^- \*\*(\d+\. [^*]+)\*\*: (missed, .*)$", flat(text), re.MULTILINE)
    return dict(found)


def too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) >= 120]


def test_the_report_is_short_with_a_row_per_target(
    run: dict[str, Any], before: dict[str, Any]
) -> None:
    text = rendered(run, before)
    lines = text.splitlines()
    assert len(lines) <= MOST_LINES
    for outcome in run["outcomes"]:
        for t in outcome["targets"]:
            row = f"| {outcome['number']} | {outcome['key']} | {t['name']} |"
            assert sum(line.startswith(row) for line in lines) == 1, row
    for heading in ("## Targets", "## Missed targets", "## What is measured", "## How to run"):
        assert heading in lines


def test_the_committed_report_is_the_one_its_data_renders() -> None:
    """Nothing in docs/benchmarks.md is written by hand: `python -m bench.report` makes it."""
    previous = DOCS / "benchmarks-previous.json"
    committed = load(DOCS / "benchmarks.json")
    text = rendered(committed, load(previous) if previous.exists() else None)
    assert (DOCS / "benchmarks.md").read_text() == text
    assert len(text.splitlines()) <= MOST_LINES
    assert too_wide(text) == []


def test_every_missed_target_and_only_those_gets_a_conclusion(
    run: dict[str, Any], before: dict[str, Any]
) -> None:
    said = conclusions(rendered(run, before))
    missed = {
        f"{o['number']}. {t['name']}"
        for o in run["outcomes"]
        for t in o["targets"]
        if not msgspec.convert(t, Target).met
    }
    assert missed and set(said) == missed


def test_the_closed_loop_floor_explains_scenario_3(
    run: dict[str, Any], before: dict[str, Any]
) -> None:
    said = conclusions(rendered(run, before))["3. views/s vs raw broadcast()"]
    assert said.startswith("missed, 0.497x against >= 0.6x (17 % short)")
    assert "The relay storing nothing made 0.489x in the same run" in said
    assert "the closed loop's clients bound it" in said
    assert "The run before (2026-12-01 22:42 UTC) made 0.471x (missed)" in said


def test_a_changed_floor_changes_the_conclusion(
    run: dict[str, Any], before: dict[str, Any]
) -> None:
    changed = copy.deepcopy(run)
    target(changed, 3, "views/s vs raw broadcast()")["floors"]["no store"] = 0.7
    said = conclusions(rendered(changed, before))["3. views/s vs raw broadcast()"]
    assert "closed loop's clients bound it" not in said
    assert "The bare relay made 0.543x in the same run" in said
    assert "misses it with no game at all" in said
    assert "the relay storing nothing made 0.7x, so the closed loop allows it" in said


def test_a_target_that_goes_from_met_to_missed_gets_its_numbers(
    run: dict[str, Any], before: dict[str, Any]
) -> None:
    changed = copy.deepcopy(run)
    target(changed, 2, "actions/s vs boardgame.io")["value"] = 2.0
    text = flat(rendered(changed, before))
    said = conclusions(text)["2. actions/s vs boardgame.io"]
    assert said.startswith("missed, 2.00x against >= 2.50x (20 % short)")
    assert "The lean server made 2.13x in the same run" in said
    assert "the bare relay made 3.93x" in said
    assert "Plateau's 2.00x is 6 % below it" in said
    assert "The run before (2026-12-01 22:42 UTC) made 3.25x (met)" in said
    assert "met 12 of its 16 targets" in text
    assert "2. actions/s vs boardgame.io" not in conclusions(rendered(run, before))


def test_a_miss_no_floor_bounds_is_laid_on_plateau(
    run: dict[str, Any], before: dict[str, Any]
) -> None:
    text = flat(rendered(run, before))
    said = conclusions(text)["7. SQLite actions/s vs boardgame.io"]
    assert "The bare SQLite relay made 2.79x in the same run" in said
    assert "the lean server on SQLite made 1.65x and Plateau did better (2.39x)" in said
    assert "falls 4 % short" in said
    assert "made 2.65x (met): the target moved more between the two runs than this run" in said
    assert "no floor bounds scenario 7" in text
    changed = copy.deepcopy(run)
    target(changed, 7, "SQLite actions/s vs boardgame.io")["value"] = 2.6
    text = flat(rendered(changed, before))
    assert "7. SQLite actions/s vs boardgame.io" not in conclusions(text)
    assert "met 14 of its 16 targets" in text and "scenario 7" not in text.split("\n\n")[1]


def test_without_a_run_before_the_noise_is_said_to_be_assumed(run: dict[str, Any]) -> None:
    text = flat(rendered(run, None))
    said = conclusions(text)["3. views/s vs raw broadcast()"]
    assert "less than the share taken as noise when no run before is kept (5 %)" in said
    assert "previous run" not in text and "The run before" not in text


def test_a_floor_the_glossary_does_not_know_is_named_as_the_data_names_it(
    run: dict[str, Any], before: dict[str, Any]
) -> None:
    changed = copy.deepcopy(run)
    floors = target(changed, 4, "fold vs bare decode")["floors"]
    floors["mystery"] = floors.pop("decode + evolve")
    said = conclusions(rendered(changed, before))["4. fold vs bare decode"]
    assert "The floor 'mystery' made 0.431x in the same run" in said


def test_no_date_in_the_report_but_the_runs_own(
    run: dict[str, Any], before: dict[str, Any]
) -> None:
    text = flat(rendered(run, before)).replace(run["when"], "").replace(before["when"], "")
    dates = re.findall(r"\b\d{1,2}:\d{2}\b|\b\d{2}-\d{2}\b|\b20\d\d\b", text)
    assert dates == []
    for module in ("report", "conclusions", "glossary"):
        source = (ROOT / "bench" / f"{module}.py").read_text()
        assert re.findall(r"\b\d{1,2}:\d{2}\b|\b\d{2}-\d{2}\b|\b20\d\d-", source) == [], module


def test_the_report_is_written_again_from_a_saved_run(
    tmp_path: Path, run: dict[str, Any], before: dict[str, Any]
) -> None:
    changed = copy.deepcopy(run)
    target(changed, 6, "memory per idle connection")["value"] = 31.5
    saved = tmp_path / "benchmarks.json"
    saved.write_text(json.dumps(changed))
    (tmp_path / "benchmarks-previous.json").write_text(json.dumps(before))
    assert report.main([str(saved)]) == 0
    text = flat((tmp_path / "benchmarks.md").read_text())
    assert (
        "**6. memory per idle connection**: missed, 31.5 KB against <= 28.0 KB (12 % over)" in text
    )
    assert "No floor is measured for it." in text and "scenario 6 has no floor" in text
    assert "](benchmarks.png)" not in text  # no plot beside this copy
    (tmp_path / "benchmarks.png").write_bytes(b"")
    assert report.main([str(saved), "--out", str(tmp_path / "again.md")]) == 0
    assert "![latency and throughput](benchmarks.png)" in (tmp_path / "again.md").read_text()


def test_every_line_of_every_report_is_under_120_characters(
    run: dict[str, Any], before: dict[str, Any], zoo: dict[str, Any]
) -> None:
    wide = copy.deepcopy(run)
    one = next(o for o in wide["outcomes"] if o["number"] == 1)
    one["notes"].append("a note " * 40)  # prose far wider than a line
    one["figures"][0]["a column named at length"] = 1.5
    long = "Hub." + "very_" * 30 + "long (server/live/pump.py)"
    one["profile"] = [*one["profile"][:2], f" 50.0%  {long}", *one["profile"][2:]]
    for text in (rendered(wide, before), rendered(run, None), rendered(zoo, None)):
        assert too_wide(text) == []
        starts = [line.lstrip() for line in text.splitlines() if line.startswith("  ")]
        assert not [line for line in starts if re.match(r"([-+*]|\d+\.) ", line)]
    assert "| a column named at length |" in rendered(wide, before)
    assert f" 50.0%  {long[:80]}" in rendered(wide, before)  # cut at the width, still there


def test_a_table_too_wide_is_split_and_keeps_every_figure(run: dict[str, Any]) -> None:
    text = rendered(run, None)
    one = text.split("### 1. ")[1].split("### 2. ")[0]
    outcome = next(o for o in run["outcomes"] if o["number"] == 1)
    tables = [block for block in one.split("\n\n") if block.startswith("| system |")]
    assert len(tables) == 2  # the same rows, the columns shared between them
    for row in outcome["figures"]:
        for column, value in row.items():
            if column != "system":
                assert f"| {column} |" in one and report.fmt(value) in one
    assert "| lean server |" in one  # shortened, its full name in the legend under the tables
    assert "- **lean server**: the bare relay + Plateau's game work (floor with the game)" in one
    three = text.split("### 3. ")[1].split("### 4. ")[0]
    assert "\n- **raw websockets.broadcast()** (same bytes)\n" in three


def test_the_floors_have_a_table_of_their_own(run: dict[str, Any]) -> None:
    lines = rendered(run, None).splitlines()
    assert "| 3 | views/s vs raw broadcast() | no store | 0.489x | misses |" in lines
    assert "| 4 | fold vs bare decode | decode + an untouched reducer | 0.915x | meets |" in lines


def test_18zoo_and_vertigo_stand_beside_the_counter(zoo: dict[str, Any]) -> None:
    text = rendered(zoo, None)
    lines = text.splitlines()
    assert "## The games people play, beside the counter" in lines
    replay = next(o for o in zoo["outcomes"] if o["key"] == "replay")
    assert (
        f"| 4 | fold vs bare decode | >= 0.5x | {report.fmt(replay['raw']['fold_vs_decode'])}x | "
        f"{report.fmt(replay['raw']['18zoo']['fold_vs_decode'])}x |" in lines
    )
    seek = next(o for o in zoo["outcomes"] if o["key"] == "time_travel")["raw"]["18zoo"]
    p99 = report.fmt(seek["state_view"]["p99_ms"])
    assert any(line.startswith("| 5 | seek p99 | <= 15.0 ms |") for line in lines)
    row = next(line for line in lines if line.startswith("| 5 | seek p99 |"))
    assert row.endswith(f"| {p99} ms |")
    assert "| scenario 8 | counter | 18ZOO | Vertigo |" in lines
    real = {row["system"]: row for o in zoo["outcomes"] if o["number"] == 8 for row in o["figures"]}
    cpu = [real[f"{game} x1"]["server CPU ms/action"] for game in ("counter", "18ZOO", "Vertigo")]
    assert f"| server CPU ms/action, 1 game | {' | '.join(map(report.fmt, cpu))} |" in lines
    said = flat(text)
    for key in ("replay", "time_travel", "real_games", "cold_start"):
        assert report.glossary.SCENARIOS[key] in said
    assert "18ZOO rows" in report.glossary.SCENARIOS["replay"]
    assert "18ZOO rows" in report.glossary.SCENARIOS["time_travel"]
    assert "The games people play" not in rendered(load(SAVED / "run.json"), None)  # no 18ZOO


def test_the_profile_names_the_modules_the_run_profiled(run: dict[str, Any]) -> None:
    changed = copy.deepcopy(run)
    fanout = next(o for o in changed["outcomes"] if o["number"] == 3)
    fanout["profile"] = [
        "90 samples; own time (the function itself):",
        " 40.0%  Pump.deliver (server/live/pump.py)",
        " 20.0%  Runner.run (asyncio/runners.py)",
        "inclusive time in the project's code (with what it calls):",
        " 80.0%  Fanout.send (server/live/fanout.py)",
        " 70.0%  Pump.deliver (server/live/pump.py)",
    ]
    section = flat(rendered(changed, None)).split("### 3. ")[1].split("### 4. ")[0]
    assert "modules in this profile: `server/live/pump.py`, `server/live/fanout.py`." in section
    assert "hub" not in section and "asyncio" not in section.split("modules in this profile")[1]
