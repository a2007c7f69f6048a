"""Positions as the log stores them (`domain.positions`): what an undo restores and a fork is
dealt, in forms each game declares and numbers, never its live state type.

A form once stored never changes (its schema is pinned), each stored position of the golden
streams restores the state it restored when it was pinned (its digest), and every state of
seeded games, and every fork dealt from one, goes through its form and back unchanged."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain import games, positions
from domain.forks import ForkDealt, deal
from domain.kernel import OMNISCIENT, SPECTATOR, Rejected, Seat
from domain.rules import options_for
from domain.table import Table, apply, redact
from domain.undo import UndoDone, check
from projections.codec import encode
from projections.live import LiveGame
from server.store import chained
from tests.fair_games import fold, opened, played
from tests.per_game import registered, shared
from tools import golden

PINNED = json.loads(golden.POSITIONS.read_text(encoding="utf-8"))
GAMES = registered()


def structs(kind: Any) -> set[type]:
    """Every struct type a value of `kind` may hold, `kind`'s own included."""
    found: set[type] = set()
    pending = [msgspec.inspect.type_info(kind)]
    while pending:
        info = pending.pop()
        if isinstance(info, msgspec.inspect.StructType):
            if info.cls not in found:
                found.add(info.cls)
                pending += [field.type for field in info.fields]
        elif isinstance(info, msgspec.inspect.UnionType):
            pending += info.types
        elif isinstance(info, msgspec.inspect.TupleType):
            pending += info.item_types
        elif isinstance(info, msgspec.inspect.CollectionType):
            pending.append(info.item_type)
        elif isinstance(info, msgspec.inspect.DictType):
            pending += [info.key_type, info.value_type]
    return found


@pytest.mark.parametrize("name", GAMES)
def test_every_game_stores_positions_in_forms_of_its_own(name: str) -> None:
    """No form holds a type of the game's state or rules: a change there cannot change how a
    stored position decodes."""
    game = games.get(name)
    assert game.positions is not None, f"declare `positions` in the game bundle of {name}"
    home = game.positions.forms[0].__module__
    assert home.endswith(".position")
    for form in game.positions.forms:
        assert {kind.__module__ for kind in structs(form)} == {home}


@pytest.mark.parametrize("name", GAMES)
def test_every_form_is_as_it_was_first_stored(name: str) -> None:
    """A form's schema is pinned when it is added (`tools/golden.py positions`) and never
    changed: a state that outgrows the last form gets a new form after it."""
    forms = games.get(name).positions.forms  # type: ignore[union-attr]
    pinned = PINNED["forms"][name]
    assert len(forms) >= len(pinned), "a stored form was removed"
    for number, form in enumerate(forms, start=1):
        assert str(number) in pinned, f"pin form {number} of {name}: tools/golden.py positions"
        schema = msgspec.json.decode(msgspec.json.encode(msgspec.json.schema(form)))
        assert schema == pinned[str(number)], (
            f"form {number} of {name} changed: stored positions of it would decode otherwise;"
            " restore it and declare a new form after it"
        )


def test_every_stored_position_of_the_golden_streams_restores_as_it_did() -> None:
    """The positions of the golden streams (an undo and a fork in every game), decoded with
    their form and mapped onto today's state, give the state they gave when pinned."""
    now = golden.restored_positions()
    assert now == PINNED["restored"]
    stems = {label.split("@")[0] for label in now}
    assert {stem.split(".")[0] for stem in stems} == set(GAMES)


def tables(name: str, seats: int, seed: int) -> Iterator[Table]:
    """The table after each event of a game random bots play to its end."""
    events = played(name, seats, seed)
    game, table = games.get(name), fold(opened(name, seats))
    for event in events[len(opened(name, seats)) :]:
        table = apply(game, table, event)
        yield table


def round_trip(name: str, table: Table, state: Any) -> Any:
    game = games.get(name)
    form, stored = positions.stored(game, state)
    options = options_for(game, table.options, table.rules)
    return positions.read(game, form, msgspec.Raw(bytes(stored)), options)


@pytest.mark.parametrize("name", GAMES)
def test_every_position_of_a_game_goes_through_its_form_unchanged(name: str) -> None:
    """Every state of a seeded game, and the fork each viewer would be dealt there, stored
    in the last form and read back: the same state (what an undo and a fork rely on)."""
    game, seats = games.get(name), shared(name).SEATS
    assert game.redeal is not None
    rng = random.Random(3)
    count = 0
    for table in tables(name, seats, seed=2):
        assert round_trip(name, table, table.state) == table.state
        if count % 7 == 0:
            for knower in (SPECTATOR, *map(Seat, range(seats))):
                dealt = game.redeal(table.state, knower, rng)
                assert round_trip(name, table, dealt) == dealt
        count += 1
    assert count > 20 and game.is_over(table.state)


def test_a_state_field_no_form_stores_is_refused_never_dropped() -> None:
    game = games.get("rock_paper_scissors")
    state = game.initial(2, msgspec.convert({}, game.options_type))

    class Grown(msgspec.Struct, frozen=True):
        seats: int
        rounds: int
        streak: int = 3

    form = game.positions.forms[0]  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="cannot store \\['streak'\\]"):
        positions.taken(Grown(seats=2, rounds=5), form)
    taken = positions.taken(state, form)
    with pytest.raises(ValueError, match="has no \\['chosen', 'hands'"):
        positions.restored(taken, Grown)
    assert positions.restored(taken, type(state)) == state


def test_a_stored_position_decodes_strictly_with_its_form() -> None:
    game = games.get("rock_paper_scissors")
    state = game.initial(2, msgspec.convert({}, game.options_type))
    form, stored = positions.stored(game, state)
    options = msgspec.convert({}, game.options_type)
    assert positions.read(game, form, stored, options) == state
    assert positions.read(game, form, positions.HIDDEN, options) is None
    grown = msgspec.json.encode({**msgspec.json.decode(stored), "streak": 3})
    with pytest.raises(msgspec.ValidationError, match="unknown field `streak`"):
        positions.read(game, form, msgspec.Raw(grown), options)
    with pytest.raises(ValueError, match="no position form 2"):
        positions.read(game, form + 1, stored, options)


def test_a_form_read_otherwise_fails_the_pin(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the pin of the stored positions guards: Vertigo's form mapped onto its state one
    coin off changes the digest of each Vertigo position, and of no other game's."""
    real = positions.restored

    def off_by_one(position: msgspec.Struct, kind: type[Any], **given: Any) -> Any:
        state = real(position, kind, **given)
        return msgspec.structs.replace(state, treasury=state.treasury + 1)

    monkeypatch.setattr("domain.games.vertigo.position.restored", off_by_one)
    now = golden.restored_positions()
    changed = {label for label, pinned in PINNED["restored"].items() if now[label] != pinned}
    assert changed and changed == {label for label in now if label.startswith("vertigo.")}


FORKS = sorted(golden.STREAMS.glob("*.undo-fork*.jsonl"))


@pytest.mark.parametrize("path", FORKS, ids=[path.stem for path in FORKS])
def test_no_viewer_but_the_omniscient_one_is_shown_a_stored_position(path: Path) -> None:
    """In every game's fork with an undo, stored before forms and after: each viewer of the
    running game gets the undo and the deal as the same bytes, with no position in them (the
    form's number, the same in every game of a version, tells nothing); the omniscient viewer
    (everyone, once the game is over) gets them whole."""
    records = chained(path.read_bytes().splitlines())
    live = LiveGame.replay(path.stem, records)
    stored = [e for e in live.events if isinstance(e, UndoDone | ForkDealt)]
    undone = not path.stem.startswith("rock_paper_scissors")  # every throw is secret
    assert {type(e) for e in stored} == ({ForkDealt, UndoDone} if undone else {ForkDealt})
    viewers = [SPECTATOR, *map(Seat, range(live.table.seats))]
    for event in stored:
        shown = {encode(redact(live.game, event, viewer)) for viewer in viewers}
        assert len(shown) == 1
        blank = msgspec.json.decode(shown.pop())
        assert blank["state"] is None and blank.get("position") is None
        assert redact(live.game, event, OMNISCIENT) == event
        assert bytes(event.position if event.form else event.state) != b"null"


def test_a_game_that_declares_no_forms_has_no_command_undone_and_no_fork() -> None:
    """Without a form there is nothing to store an undo's or a fork's position in: the undo
    is refused, saying why, and the deal raises before anything is stored."""
    game = games.get("vertigo")
    formless = dataclasses.replace(game, positions=None)
    for table in tables("vertigo", 3, seed=8):
        seat = next((s for s in range(3) if game.legal(table.state, s)), None)
        if seat is None:
            continue
        command = game.legal(table.state, seat)[0]
        stored = game.decide(table.state, seat, command, random.Random(0))
        try:
            check(game, table.state, seat, 3, stored)
        except Rejected:
            continue
        with pytest.raises(Rejected, match="does not say how it stores a position"):
            check(formless, table.state, seat, 3, stored)
        with pytest.raises(ValueError, match="does not say how its positions are stored"):
            deal(formless, table.state, Seat(0), random.Random(0))
        return
    raise AssertionError("no move of Vertigo may be undone")
