"""`legal` is complete where 18xx.games is (issue 25, item 4): every command of the 53 recorded
games is offered by `legal` at its position, compared in canonical form (`legal.canonical`: the
same move written another way, e.g. shares in another order, counts as offered). A run is compared
by value: the run `legal` offers earns at least the recorded one.

The replay is `domain.exchange.zoo18.importer.import_game`'s, one action at a time.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.bots import random_bot
from domain.exchange.zoo18 import importer as I
from domain.games.zoo18 import game
from domain.games.zoo18.decide import decide
from domain.games.zoo18.deck import lcg_deck, seed_of
from domain.games.zoo18.evolve import evolve
from domain.games.zoo18.legal import canonical, legal
from domain.games.zoo18.messages import (
    Command,
    EndGame,
    Event,
    Options,
    Pass,
    RunRecorded,
    RunRoutes,
)
from domain.games.zoo18.rounds import acting_seat
from domain.games.zoo18.setup import start_events
from domain.games.zoo18.state import State
from domain.kernel import Rejected

FIXTURES = Path(__file__).parents[2] / "data" / "18zoo" / "fixtures"
PATHS = sorted(FIXTURES.glob("*/*.json"))


def positions(data: dict[str, Any]) -> Iterator[tuple[State, int, Command, Any]]:
    """Each recorded command with the state and seat it is decided at (as `import_game`)."""
    map_id = I.TITLES.get(str(data["title"]))
    players = [{"id": str(p.get("id", p["name"])), "name": str(p["name"])} for p in data["players"]]
    ids = [p["id"] for p in players]
    state = State(seats=len(players), options=Options(map=map_id or "A", imported=True))
    seed = seed_of(data.get("id", ""), (data.get("settings") or {}).get("seed"))
    for event in start_events(state, tuple(p["name"] for p in players), lcg_deck(seed), seed):
        state = evolve(state, event)
    for action in I.active_actions(list(data.get("actions", []))):
        for step in [action, *(action.get("auto_actions") or [])]:
            if state.ended:
                return
            command = I.to_command(step)
            if command is None:
                continue
            seat = I._seat_of(state, step, ids)
            if isinstance(command, Pass) or (isinstance(command, EndGame) and seat is None):
                seat = acting_seat(state)
            assert seat is not None, f"action {step.get('id')}: no seat"
            yield state, seat, command, step.get("id")
            for event in decide(state, seat, command, None):
                state = evolve(state, event)


def earned(events: list[Event]) -> int:
    return sum(e.revenue + e.subsidy for e in events if isinstance(e, RunRecorded))


def missing_in(path: Path) -> tuple[Counter[str], list[str]]:
    """The recorded commands of one fixture that `legal` does not offer, by kind."""
    data = json.loads(path.read_text())
    missing: Counter[str] = Counter()
    notes: list[str] = []
    for state, seat, command, action_id in positions(data):
        if isinstance(command, EndGame):
            continue
        offered = legal(state, seat)
        kind = type(command).__name__
        if isinstance(command, RunRoutes):
            runs = [c for c in offered if isinstance(c, RunRoutes)]
            best = max((earned(decide(state, seat, c, None)) for c in runs), default=None)
            if best is None or best < earned(decide(state, seat, command, None)):
                missing[kind] += 1
                notes.append(f"{path.name} action {action_id}: run {best} below the recorded one")
            continue
        shown = {canonical(c, state) for c in offered}
        if canonical(command, state) not in shown:
            missing[kind] += 1
            notes.append(f"{path.name} action {action_id}: {command!r} not offered")
    return missing, notes


@pytest.mark.parametrize("path", PATHS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_recorded_command_is_legal(path: Path) -> None:
    missing, notes = missing_in(path)
    assert not missing, "\n".join(notes[:10])


def test_the_fixtures_are_all_there() -> None:
    assert len(PATHS) == 53


def test_a_narrower_legal_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: with one kind of option taken out of `legal`, a fixture misses it."""
    full = legal

    def without_dividends(state: State, seat: int) -> list[Command]:
        return [c for c in full(state, seat) if type(c).__name__ != "Dividend"]

    monkeypatch.setitem(globals(), "legal", without_dividends)
    missing = Counter[str]()
    for path in PATHS[:8]:
        missing += missing_in(path)[0]
    assert missing["Dividend"] > 0


@pytest.mark.parametrize("seed", [3, 11, 29, 40])
def test_everything_legal_offers_is_accepted(seed: int) -> None:
    """Sampled over random-bot games: at about one position in twenty, every command `legal`
    offers is accepted by `decide` (random play itself only tries the one it picks)."""
    rng = random.Random(seed)
    seats = 2 + seed % 4
    state = game.initial(seats, Options(map="ABCDEF"[seed % 6]))
    state = game.fold(game.setup(state, rng), state)
    checked = 0
    while not game.is_over(state):
        seat = acting_seat(state)
        assert seat is not None
        offered = legal(state, seat)
        assert offered, "the acting seat has nothing to do"
        if rng.random() < 0.05:
            for command in offered:
                try:
                    decide(state, seat, command, random.Random(0))
                except Rejected as refusal:
                    pytest.fail(f"legal offers {command!r} but decide refuses it: {refusal}")
                checked += 1
        command = random_bot(game, state, seat, offered, rng)
        state = game.fold(decide(state, seat, command, rng), state)
    assert checked > 0


def test_rotations_are_told_apart_by_where_each_stop_leads() -> None:
    """X25's two ponds lead 0-2 and 0-4 at rotation 0, 2-4 and 2-0 at rotation 2: the same
    edges and stops, other track, so `legal_lays` offers both and `canonical` keeps both."""
    from domain.games.zoo18.board import lays, maps

    x25 = maps.tile_def("X25")
    assert lays.track_shape(x25, 0) == lays.track_shape(x25, 2)
    assert lays.layout(x25, 0) != lays.layout(x25, 2)
    nine = maps.tile_def("9")  # a straight lies the same way turned half round
    assert lays.layout(nine, 0) == lays.layout(nine, 3)


def test_the_random_bot_picks_a_move_before_its_price() -> None:
    """A train offered at thirty prices is one move, as likely as the depot train beside it."""
    from domain.games.zoo18.messages import BuyTrain

    offered = [BuyTrain("2S-0", 7, "2S"), *(BuyTrain("3S-1", p) for p in range(1, 31))]
    rng = random.Random(5)
    picks = [random_bot(game, None, 0, offered, rng) for _ in range(2000)]
    depot = sum(1 for c in picks if c.train == "2S-0")
    assert 850 < depot < 1150
    assert len({c.price for c in picks if c.train == "3S-1"}) == 30
