"""Recorded games fold with today's code to the same result and the same views for every viewer;
a failure lists the fields that changed (tools/golden.py records and refreshes the files).
Golden streams, whole games as the server stored them, fold the same and draw the same forever
(they are never refreshed)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import msgspec
import pytest

from domain import audit, games
from domain.bots import random_bot
from domain.fairness import DrawsRecorded
from domain.table import apply
from projections.live import LiveGame
from server.records.verify import judge
from server.store import Recorded, chained
from server.table.decisions import decided
from server.table.fairness import draws_for
from tests.per_game import draws
from tools import golden

GOLDEN = sorted(golden.FOLDER.glob("*.jsonl"))
SHOWN = 40  # differences listed in a failure before "and N more"


def explained(changes: list[str]) -> str:
    more = f"\n... and {len(changes) - SHOWN} more" if len(changes) > SHOWN else ""
    return "\n".join(changes[:SHOWN]) + more


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays_to_its_recorded_result_and_views(path: Path) -> None:
    meta, lines = golden.load(path)
    game = games.get(meta["game"])
    events = golden.decoded(game, lines)
    start = game.initial(meta["seats"], msgspec.convert(meta["options"], game.options_type))
    end = game.fold(events, start)
    assert game.is_over(end)
    changed = golden.differences(meta["result"], golden.plain(game.result(end)), "result")
    stored = json.loads(golden.views_path(meta["game"]).read_text(encoding="utf-8"))
    now = golden.views(game, meta, events)
    changed += golden.differences(golden.comparable(stored), golden.comparable(now))
    assert not changed, f"{path.name} folds differently today:\n{explained(changed)}"


def test_every_game_has_a_golden_game_with_its_views() -> None:
    built_in = set()
    for name in games.names():
        try:
            games.package(name)
        except KeyError:  # a game added at run time (the benchmark's) stores nothing
            continue
        built_in.add(name)
    assert built_in <= {p.stem for p in GOLDEN}
    assert all(golden.views_path(name).exists() for name in built_in)


def test_differences_name_each_changed_field_with_its_path() -> None:
    was = {"seat 0": {"safe": 40, "lots": ["L01", "L02"]}, "phase": "talk", "gone": 1}
    now = {"seat 0": {"safe": 35, "lots": ["L01"]}, "phase": "talk", "new": None}
    assert golden.differences(was, now) == [
        "seat 0.safe: was 40, now 35",
        'seat 0.lots[1]: was "L02", now absent',
        "gone: was 1, now absent",
        "new: was absent, now null",
    ]
    assert golden.differences({"n": 1}, {"n": 1.0}) == ["n: was 1, now 1.0"]
    assert golden.differences(was, was) == []


def test_viewers_shown_the_same_view_share_one_entry() -> None:
    views = {"omniscient": {"a": 1}, "spectator": {"a": 0}, "seat 0": {"a": 0}, "seat 1": {"a": 1}}
    entries = golden.grouped(views)
    assert entries == [
        {"viewers": ["omniscient", "seat 1"], "view": {"a": 1}},
        {"viewers": ["spectator", "seat 0"], "view": {"a": 0}},
    ]
    assert golden.ungrouped(entries) == views


# ---------------------------------------------------------------- golden streams

STREAMS = sorted(golden.STREAMS.glob("*.jsonl"))


def stored_records(path: Path) -> list[Recorded]:
    lines = path.read_bytes().splitlines()
    return chained(lines)


@pytest.mark.parametrize("path", STREAMS, ids=[p.stem for p in STREAMS])
def test_a_golden_stream_folds_the_same_today_and_its_draws_decide_the_same(path: Path) -> None:
    """Stored by the server's code of its day, folded by today's: the same result and final
    state (or still running, playable), every recorded decision deciding the same events."""
    records = stored_records(path)
    verdict = judge(path.stem, records)
    assert verdict.problems == [], f"{path.name} folds differently today:\n" + "\n".join(
        verdict.problems
    )
    running = path.stem.endswith(".running")
    assert verdict.kind == ("running" if running else "finished")
    live = LiveGame.replay(path.stem, records)
    assert live.over is not running
    events = live.events
    check = audit.fairness(events)
    assert check.problems == [] and check.checked is not running
    if draws(verdict.game):  # a game may draw nothing (rock-paper-scissors)
        assert any(isinstance(e, DrawsRecorded) for e in events)


@pytest.mark.parametrize(
    "path", [p for p in STREAMS if p.stem.endswith(".running")], ids=lambda p: p.stem
)
def test_a_running_golden_stream_plays_on_to_its_end_by_its_rules(path: Path) -> None:
    live = LiveGame.replay(path.stem, stored_records(path))
    game, table = live.game, live.table
    events = list(live.events)
    bots = random.Random(path.stem)
    for _ in range(20_000):
        if game.is_over(table.state):
            break
        seat = bots.choice([s for s in range(table.seats) if game.legal(table.state, s)])
        command = random_bot(game, table.state, seat, game.legal(table.state, seat), bots)
        rng = draws_for(table)
        stored = decided(
            game, table, seat, command, game.decide(table.state, seat, command, rng), rng
        )
        for event in stored:
            table = apply(game, table, event)
        events += stored
    assert game.is_over(table.state)
    assert audit.fairness(events).problems == []
    assert audit.replay(events, table.fairness.key if table.fairness else None).problems == []


def test_every_game_has_a_finished_golden_stream() -> None:
    built_in = set()
    for name in games.names():
        try:
            games.package(name)
        except KeyError:
            continue
        built_in.add(name)
    assert built_in <= {p.stem.split(".")[0] for p in STREAMS if not p.stem.endswith(".running")}
