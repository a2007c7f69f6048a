"""Rules 11 stores the rounds machine's changes as facts (a round begun, a turn ended, a step
begun, ...), which evolve applies to the Flow; games of rules 1-10 keep storing FlowChanged,
the whole Flow at every change, and decide on exactly as they did."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any, get_args

import msgspec
import pytest
from msgspec.structs import replace

from domain.bots import random_bot
from domain.games.zoo18 import game
from domain.games.zoo18.data import FLOW_FACTS, MapId
from domain.games.zoo18.messages import (
    Command,
    Event,
    FlowChanged,
    FlowFact,
    Options,
    RoundBegun,
    StepBegun,
    StockTurnEnded,
)
from domain.games.zoo18.reveals import reveals
from domain.games.zoo18.state import State
from tests.paths import ROOT

DECISIONS = ROOT / "tests" / "data" / "18zoo" / "before-flow-facts" / "decisions.jsonl.gz"
FLOW_FACT_TYPES = get_args(FlowFact)


def stored_games(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as file:
        return [json.loads(line) for line in file]


@pytest.mark.parametrize("number", range(6))
def test_a_game_stored_before_rules_11_decides_again_to_the_events_it_stored(
    number: int,
) -> None:
    stored = stored_games(DECISIONS)[number]
    options = msgspec.convert(stored["options"], Options)
    assert options.rules < FLOW_FACTS
    state = game.initial(stored["seats"], options)
    state = game.fold(msgspec.convert(stored["setup"], list[Event]), state)
    flows = 0
    for step, (seat, command, events) in enumerate(stored["steps"]):
        asked: Command = msgspec.convert(command, Command)
        decided = game.decide(state, seat, asked, random.Random(0))
        assert [json.loads(msgspec.json.encode(e)) for e in decided] == events, (
            f"command {step}: {command}"
        )
        flows += sum(isinstance(e, FlowChanged) for e in decided)
        state = game.fold(decided, state)
    assert game.is_over(state) and flows > len(stored["steps"]) / 2


def played_both_ways(map_id: MapId, seats: int, seed: int) -> tuple[list[Any], list[Any]]:
    """One game of random bots at rules 10 and the same commands at rules 11: each command's
    events at both, checking as it goes that both states are the same but for the version."""
    old, new = Options(map=map_id, rules=FLOW_FACTS - 1), Options(map=map_id, rules=FLOW_FACTS)
    rng = random.Random(seed)
    setup = game.setup(game.initial(seats, old), rng)
    was = game.fold(setup, game.initial(seats, old))
    now = game.fold(setup, game.initial(seats, new))
    steps_was: list[list[Event]] = []
    steps_now: list[list[Event]] = []
    for _ in range(5000):
        if game.is_over(was):
            break
        movers = [s for s in range(seats) if game.legal(was, s)]
        assert movers == [s for s in range(seats) if game.legal(now, s)]
        seat = movers[rng.randrange(len(movers))]
        command = random_bot(game, was, seat, game.legal(was, seat), rng)
        before_was, before_now = was, now
        steps_was.append(game.decide(was, seat, command, rng))
        steps_now.append(game.decide(now, seat, command, rng))
        was, now = game.fold(steps_was[-1], was), game.fold(steps_now[-1], now)
        assert now == replace(was, options=new), f"command {len(steps_was)}: {command}"
        assert shows(before_now, steps_now[-1]) == shows(before_was, steps_was[-1])
    assert game.is_over(was) and game.is_over(now)
    return steps_was, steps_now


def shows(state: State, events: list[Event]) -> bool:
    """Whether a command's events show a viewer more of the powers deck (undo's check)."""
    seen = False
    for event in events:
        seen = seen or reveals(state, event)
        state = game.evolve(state, event)
    return seen


GAMES: list[tuple[MapId, int, int]] = [("A", 3, 31), ("C", 4, 32), ("E", 5, 33), ("F", 2, 34)]


@pytest.mark.parametrize(("map_id", "seats", "seed"), GAMES)
def test_rules_11_plays_as_rules_10_and_stores_facts_where_rules_10_stored_the_flow(
    map_id: MapId, seats: int, seed: int
) -> None:
    steps_was, steps_now = played_both_ways(map_id, seats, seed)
    for was, now in zip(steps_was, steps_now, strict=True):
        assert not any(isinstance(e, FlowChanged) for e in now)
        # the other events are the same; each FlowChanged is one fact, but those that followed
        # a run or the game's end, which RunRecorded and GameEnded now say
        assert [e for e in was if not isinstance(e, FlowChanged)] == [
            e for e in now if not isinstance(e, FLOW_FACT_TYPES)
        ]
        assert sum(isinstance(e, FLOW_FACT_TYPES) for e in now) <= sum(
            isinstance(e, FlowChanged) for e in was
        )
    facts = [e for step in steps_now for e in step]
    assert any(isinstance(e, RoundBegun) and e.kind == "or" for e in facts)
    assert any(isinstance(e, StockTurnEnded) for e in facts)
    assert any(isinstance(e, StepBegun) for e in facts)


def test_rules_11_stores_at_most_a_quarter_of_the_bytes_per_command_of_rules_10() -> None:
    size_was = size_now = 0
    for map_id, seats, seed in GAMES[:2]:
        steps_was, steps_now = played_both_ways(map_id, seats, seed)
        size_was += sum(len(msgspec.json.encode(e)) for step in steps_was for e in step)
        size_now += sum(len(msgspec.json.encode(e)) for step in steps_now for e in step)
    assert size_now * 4 <= size_was


def test_a_flow_fact_is_small_and_names_what_happened() -> None:
    assert msgspec.json.encode(StockTurnEnded(2, True, 0)) == (
        b'{"type":"stock_turn_ended","seat":2,"passed":true,"next":0}'
    )
    assert msgspec.json.encode(RoundBegun("or", 2, 1, ("GI", "PB"))) == (
        b'{"type":"round_begun","kind":"or","turn":2,"number":1,"order":["GI","PB"]}'
    )
    state = game.evolve(State(seats=2, options=Options()), RoundBegun("or", 2, 1, ("GI", "PB")))
    assert (state.flow.round, state.flow.turn, state.flow.or_num, state.flow.step) == (
        "or",
        2,
        1,
        "track",
    )
    assert state.flow.order == ("GI", "PB") and state.flow.index == 0


def test_no_golden_stream_of_rules_11_on_stores_flow_changed() -> None:
    newer = 0
    for path in sorted((ROOT / "tests" / "golden" / "streams").glob("18zoo*.jsonl")):
        records = [json.loads(line) for line in path.read_bytes().splitlines()]
        types = {record["type"] for record in records}
        if records[0]["rules"] < FLOW_FACTS:
            assert "flow_changed" in types, path.name
            continue
        newer += 1
        assert "flow_changed" not in types, path.name
        assert {"round_begun", "stock_turn_ended", "step_begun"} <= types, path.name
    assert newer >= 1
