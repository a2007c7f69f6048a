"""18ZOO events record facts, evolve applies them (issue 25, item 5).

Rules 4 stores what a board move decided (TilePlaced, TokenPut, HoleOpened, SlotReserved) and
the flow in its own stored form (FlowRecord); evolve writes them into the state, runs no rule
and raises nothing. Games of rules 1-3 stored the moves as asked (TileLaid, TokenPlaced,
BoardSet) and keep doing so; evolve upgrades them to the same facts. Checked here: logs stored
by the code before the change fold to what that code folded them to, a game played at rules 3
and at rules 4 goes through the same states, and random games fold from their stored events.
"""

from __future__ import annotations

import gzip
import hashlib
import random
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from clients.python.simulate import play
from domain import rules
from domain.bots import random_bot, strategy
from domain.games.zoo18 import board as B
from domain.games.zoo18 import game
from domain.games.zoo18.data import CITY_SLOTS, HILLS, MAPS
from domain.games.zoo18.evolve import evolve, fold, initial_board
from domain.games.zoo18.messages import (
    BoardSet,
    FlowChanged,
    FlowRecord,
    HoleOpened,
    Options,
    SlotReserved,
    TileLaid,
    TilePlaced,
    TokenPlaced,
    TokenPut,
)
from domain.games.zoo18.state import Flow, State, flow_of, flow_record
from domain.kernel import OMNISCIENT, SPECTATOR, Seat

BEFORE = Path(__file__).parents[2] / "data" / "18zoo" / "before-facts"
# stored by the code of bfa62ba (rules 1 and 2) and of 1df3af6 (rules 3), before rules 4
STORED = (BEFORE / "games.jsonl.gz", BEFORE / "rules3.jsonl.gz")
LEGACY = (TileLaid, TokenPlaced, BoardSet)
FACTS = (TilePlaced, TokenPut, HoleOpened, SlotReserved)
DECODE = msgspec.json.Decoder(game.event_type).decode


def stored_games() -> list[dict[str, Any]]:
    games = []
    for path in STORED:
        with gzip.open(path, "rt", encoding="utf-8") as file:
            games += [msgspec.json.decode(line) for line in file]
    return games


def view_hashes(state: State, seats: int) -> dict[str, str]:
    viewers = [OMNISCIENT, SPECTATOR, *(Seat(n) for n in range(seats))]
    return {
        repr(viewer): hashlib.sha256(
            msgspec.json.encode(game.view(state, viewer), order="sorted")
        ).hexdigest()
        for viewer in viewers
    }


@pytest.mark.parametrize(
    "record", stored_games(), ids=lambda r: f"{r['options']['map']}-{r['seed']}"
)
def test_a_game_stored_before_facts_folds_to_what_that_code_folded(record: dict[str, Any]) -> None:
    """tests/data/18zoo/before-facts/record.py stored these games with the code of commits
    bfa62ba and 1df3af6 (board events as requests the board engine replayed): today's fold reaches
    the same state every `check` events and at the end, the same result and the same views."""
    options = msgspec.convert(record["options"], Options)
    state = game.initial(record["seats"], options)
    events = [DECODE(line) for line in record["events"]]
    assert any(isinstance(e, LEGACY) for e in events) and not any(
        isinstance(e, FACTS) for e in events
    )
    digests = []
    for index, event in enumerate(events, start=1):
        state = evolve(state, event)
        if index % record["check"] == 0:
            digests.append(rules.digest(game, state))
    assert digests == record["digests"]
    assert rules.digest(game, state) == record["digest"]
    assert msgspec.json.decode(msgspec.json.encode(game.result(state))) == record["result"]
    assert view_hashes(state, record["seats"]) == record["views"]


def test_the_stored_games_cover_every_board_event_of_rules_1_to_3() -> None:
    kinds = set()
    for record in stored_games():
        for line in record["events"]:
            match DECODE(line):
                case TileLaid(mode=mode):
                    kinds.add(f"lay {mode}")
                case TokenPlaced(family=family, slot=slot, extra_slot=extra):
                    kinds.add(
                        f"token {'WIP' if family == 'WIP' else 'family'} {slot is None} {extra}"
                    )
                case BoardSet(board=board):
                    kinds.add("hole" if board.hole else "reservation")
    assert kinds >= {
        *(f"lay {m}" for m in ("track", "home", "rabbits", "moles", "ancient_maps")),
        "token family True False",  # a home token, or a token in the first free slot
        "token family False False",  # a token in a named slot
        "token family False True",  # ON A DIET
        "token WIP True False",
        "hole",
        "reservation",
    }


def play_with(
    map_id: str, seats: int, seed: int, version: int, greedy: int
) -> tuple[list[State], list[Any]]:
    """A bot game at rules `version`: the state after every command and the stored events."""
    options = Options(map=map_id, rules=version)
    bots = [strategy("18zoo", "greedy")] * greedy + [random_bot] * (seats - greedy)
    states: list[State] = []
    played = play(
        game,
        seats,
        options,
        bots,
        random.Random(seed),
        after_step=lambda state, _: states.append(state),
    )
    return states, played.events


@pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(0, 2**32 - 1),
    seats=st.integers(2, 5),
    map_id=st.sampled_from(MAPS),
    greedy=st.integers(0, 1),
)
def test_random_games_fold_from_their_stored_events_and_rules_3_and_4_agree(
    seed: int, seats: int, map_id: str, greedy: int
) -> None:
    """Folding the stored (encoded, decoded) events never raises and gives the state the game
    was played on; the same game played at rules 3 (board events as asked, upgraded by evolve)
    and at rules 4 (facts) goes through the same states."""
    runs = {}
    for version in (3, 4):
        states, events = play_with(map_id, seats, seed, version, greedy)
        decoded = [DECODE(msgspec.json.encode(e)) for e in events]
        assert decoded == events
        options = Options(map=map_id, rules=version)
        assert fold(game.initial(seats, options), decoded) == states[-1]
        kinds = tuple(type(e) for e in decoded)
        assert not any(issubclass(k, FACTS if version == 3 else LEGACY) for k in kinds)
        runs[version] = [replace(s, options=Options()) for s in states]
    assert runs[3] == runs[4]


@pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)
@settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(2, 5), map_id=st.sampled_from(MAPS))
def test_evolve_raises_on_no_state_whatever_event_of_the_game_comes(
    seed: int, seats: int, map_id: str
) -> None:
    """evolve is total: any event a game stored, of either form, applied to any state of that
    game (out of order too: a train not made yet, a board without the tile) gives a state."""
    states, events = play_with(map_id, seats, seed, 4, 0)
    legacy_states, legacy_events = play_with(map_id, seats, seed, 3, 0)
    pick = random.Random(seed)
    every = [*events, *legacy_events]
    for state in pick.sample([*states, *legacy_states], 40):
        for event in pick.sample(every, 200):
            assert isinstance(evolve(state, event), State)


def test_a_fact_before_the_board_exists_changes_nothing_and_raises_nothing() -> None:
    state = game.initial(3, Options())
    for event in (
        TilePlaced("GI", "K9", "5-0", 0, "track"),
        TokenPut("GI", "K9", 0, 0),
        TokenPut("WIP", "K9", 0, 1),
        HoleOpened(("R1", "R2")),
        SlotReserved("K9", 0, 1, "GI"),
        TileLaid("GI", "K9", "5-0", 0, "track"),
        TokenPlaced("GI", "K9", 0, None),
    ):
        assert evolve(state, event) == state


def test_the_flow_is_stored_in_its_own_form_and_converts_both_ways() -> None:
    flow = Flow(round="or", turn=2, or_num=1, order=("GI", "PB"), step="token", laid_hexes=("K9",))
    assert flow_of(flow_record(flow)) == flow
    assert type(flow_record(flow)) is FlowRecord
    # flow_of and flow_record copy field by field: a field of the engine's Flow renamed or
    # added without the stored form's is caught here (then the conversion maps it)
    assert msgspec.structs.fields(Flow) == msgspec.structs.fields(FlowRecord)
    # a flow_changed event stored by the code before (the engine's Flow then) decodes as before
    stored = b'{"type":"flow_changed","flow":{"round":"sr","turn":3,"order":["1","0"],"index":1}}'
    event = DECODE(stored)
    assert isinstance(event, FlowChanged)
    assert flow_of(event.flow) == Flow(round="sr", turn=3, order=("1", "0"), index=1)
    assert msgspec.json.encode(FlowChanged(flow_record(Flow(round="sr", turn=3)))) == (
        b'{"type":"flow_changed","flow":{"round":"sr","turn":3,"or_num":0,"order":[],"index":0,'
        b'"step":"","passed":[],"acted":false,"bought":false,"sold_families":[],"sr_sold":[],'
        b'"sr_bundles":[],"parred_this_sr":false,"greek":false,"midas":-1,"lay_family":"",'
        b'"bonus_left":0,"lays":0,"upgraded":false,"laid_hexes":[],"tokened":false,"ran":false,'
        b'"revenue":0,"subsidy":0,"helped":false,"train_bonus_used":false,"patch_family":"",'
        b'"patch_trains":[],"spared":[],"limit_unchecked":""}}'
    )
    # a field added with a default (limit_unchecked, rules 7) leaves older events decoding as
    # they did: the flow_changed above, stored without it, reads it as ""


@pytest.mark.parametrize("map_id", MAPS)
def test_the_board_facts_evolve_reads_are_the_board_engines(map_id: str) -> None:
    """HILLS, CITY_SLOTS and the initial board (evolve's) against board/*.json."""
    map_def = B.load_map(map_id)
    hills = {
        coord: hexdef.location_name
        for coord, hexdef in map_def.hexes.items()
        if hexdef.location_name in ("M", "MM")
    }
    assert HILLS[map_id] == hills
    assert initial_board(map_id) == B.initial_board(map_def)
    printed = [
        s.slots for h in map_def.hexes.values() for s in h.preprinted.stops if s.kind == "city"
    ]
    assert set(printed) <= {1}


def test_city_slots_are_the_manifests() -> None:
    from domain.games.zoo18.board.maps import manifest

    slots = {
        name: tuple(s.slots for s in tile.stops if s.kind == "city")
        for name, tile in manifest().items()
    }
    assert {n: s for n, s in slots.items() if any(k != 1 for k in s)} == CITY_SLOTS
