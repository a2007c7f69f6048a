"""No fold runs a rule (issue 45, item 3). Seeded games of every game, stored as the server
stores them (a turn clock stamping every append), fold to the same table with a bundle whose
rules refuse to run, and their game events fold with `evolve` alone; the golden streams, every
event the server stored, fold with it too. A stamp stored before stamps named the seats
awaited still folds as its day's fold did (by asking the rules: the one exception)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any, NoReturn

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import clocks, games
from domain.bots import random_bot
from domain.kernel import Game
from domain.table import GameStarted, SeatClaimed, Table, TableOpened, apply, open_table
from projections.codec import decoder, opening
from server.store import chained
from server.table.table_clock import stamps
from tools import golden

GAMES = [
    ("eiffel_mania", 4),
    ("bienvenue_a_bord", 2),
    ("vertigo", 3),
    ("rock_paper_scissors", 2),
    ("18zoo", 3),
]
MOVES = 4_000
CLOCK = clocks.ClockSet(initial_ms=36_000_000, increment_ms=2_000)


class RuleRan(AssertionError):
    pass


def _refused(*_: Any) -> NoReturn:
    raise RuleRan("a fold ran a rule")


def ruleless(game: Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    """`game` whose rules refuse to run: only `initial`, `evolve` and `is_over` are left."""
    return dataclasses.replace(
        game, setup=_refused, decide=_refused, legal=_refused, explain=None, redeal=None
    )


def folded(game: Game[Any, Any, Any], events: list[Any]) -> Table:
    table = open_table(events[0])
    for event in events[1:]:
        table = apply(game, table, event)
    return table


def stored_game(name: str, seats: int, seed: int) -> list[Any]:
    """A random game of `name` as a server with a turn clock stores it (its draws left out)."""
    game = games.get(name)
    rng = random.Random(seed)
    now = 1_000_000
    events: list[Any] = [TableOpened(game=name, seats=seats, rules=game.rules), CLOCK]
    events += [SeatClaimed(seat=n, name=f"p{n}") for n in range(seats)]
    table = folded(game, events)
    options = msgspec.convert({}, game.options_type)
    initial = game.initial(seats, options)
    appended = [*stamps(table, game, now), GameStarted(seats=seats), *game.setup(initial, rng)]
    for _ in range(MOVES):
        for event in appended:
            table = apply(game, table, event)
        events += appended
        if game.is_over(table.state):
            return events
        seat = rng.choice([s for s in range(seats) if game.legal(table.state, s)])
        command = random_bot(game, table.state, seat, game.legal(table.state, seat), rng)
        now += rng.randrange(1, 90_000)
        appended = [*stamps(table, game, now, seat), *game.decide(table.state, seat, command, rng)]
    raise AssertionError(f"{name}: no end after {MOVES} moves")


@pytest.mark.parametrize(("name", "seats"), GAMES)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_a_stored_game_folds_with_no_rule_run(name: str, seats: int, seed: int) -> None:
    game = games.get(name)
    events = stored_game(name, seats, seed)
    table = folded(game, events)
    assert game.is_over(table.state)
    assert folded(ruleless(game), events) == table
    assert table.clock is not None and any(table.clock.spent)
    started = next(i for i, e in enumerate(events) if isinstance(e, GameStarted))
    played = [e for e in events[started + 1 :] if not isinstance(e, clocks.ClockEvent)]
    start = game.initial(seats, msgspec.convert({}, game.options_type))
    assert ruleless(game).fold(played, start) == table.state


def test_each_new_stamp_names_the_seats_it_charges() -> None:
    events = stored_game("eiffel_mania", 4, 7)
    stamped = [e for e in events if isinstance(e, clocks.ClockStamped)]
    assert all(e.awaited is not None for e in stamped)
    assert any(e.awaited for e in stamped) and stamped[0].awaited == ()


def test_a_stamp_stored_before_stamps_named_the_seats_folds_as_it_did() -> None:
    """Stamps without `awaited` (as stored before): the fold asks the rules, as it did then,
    and charges each seat exactly what the stamps naming the seats charge."""
    game = games.get("eiffel_mania")
    events = stored_game("eiffel_mania", 4, 7)
    legacy = [
        msgspec.structs.replace(e, awaited=None) if isinstance(e, clocks.ClockStamped) else e
        for e in events
    ]
    assert legacy != events
    assert msgspec.json.decode(
        b'{"type":"clock_stamped","at_ms":5,"seat":1}', type=clocks.ClockStamped
    ) == clocks.ClockStamped(5, 1, None)
    assert folded(game, legacy) == folded(game, events)
    with pytest.raises(RuleRan):
        folded(ruleless(game), legacy)


STREAMS = sorted(golden.STREAMS.glob("*.jsonl"))


@pytest.mark.parametrize("path", STREAMS, ids=[p.stem for p in STREAMS])
def test_every_event_of_a_golden_stream_folds_with_no_rule_run(path: Path) -> None:
    lines = path.read_bytes().splitlines()
    game = games.get(opening(lines[0]).game)
    decode = decoder(game.name).decode
    events = [decode(record.data) for record in chained(lines)]
    assert folded(ruleless(game), events) == folded(game, events)


CLOCKED = [p for p in STREAMS if ".clocked" in p.stem]


@pytest.mark.parametrize("path", CLOCKED, ids=[p.stem for p in CLOCKED])
def test_a_clocked_golden_stream_names_the_seats_the_rules_await(path: Path) -> None:
    """Stored by the server with a turn clock: its stamps name the seats awaited, the fold
    charges them with no rule run, and they are the seats the rules await (the same clock as
    the fold of the same stamps naming none, which asks the rules)."""
    lines = path.read_bytes().splitlines()
    game = games.get(opening(lines[0]).game)
    decode = decoder(game.name).decode
    events = [decode(record.data) for record in chained(lines)]
    stamped = [e for e in events if isinstance(e, clocks.ClockStamped)]
    assert len(stamped) > 10 and all(e.awaited is not None for e in stamped)
    table = folded(ruleless(game), events)
    assert table.clock is not None and any(table.clock.spent)
    legacy = [
        msgspec.structs.replace(e, awaited=None) if isinstance(e, clocks.ClockStamped) else e
        for e in events
    ]
    assert folded(game, legacy).clock == table.clock
