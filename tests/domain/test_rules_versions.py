"""Rules versions: a game keeps folding and deciding by the rules it was opened with.

`Tally` is a game with two rules versions, as a real one gets after a rules change: version 1
scores a throw as its face, version 2 doubles a six. A game opened under version 1 (or stored
before versions, whose TableOpened has no `rules`) keeps version 1 through the table's fold,
its decisions and `domain.audit`'s replay, while a new game plays version 2.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any

import msgspec
import pytest

from domain import audit, games
from domain.chance import Rng, roll
from domain.kernel import Game, Result, Viewer
from domain.rules import ResultRecorded, concluded, digest, options_for
from domain.rules import _canonical as canonical
from domain.table import GameStarted, SeatClaimed, TableOpened, apply, open_table

RULES = 2


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rules: Annotated[int, msgspec.Meta(ge=1, le=RULES)] = RULES
    throws: int = 2


class Throw(msgspec.Struct, frozen=True, tag_field="type", tag="throw"):
    pass


class Thrown(msgspec.Struct, frozen=True, tag_field="type", tag="thrown"):
    face: int


class State(msgspec.Struct, frozen=True):
    options: Options
    total: int = 0
    throws: int = 0


def scored(state: State, face: int) -> int:
    """The rules change: version 2 doubles a six."""
    return face * 2 if state.options.rules >= 2 and face == 6 else face


def evolve(state: State, event: Thrown) -> State:
    return msgspec.structs.replace(
        state, total=state.total + scored(state, event.face), throws=state.throws + 1
    )


def decide(state: State, seat: int, command: Throw, rng: Rng) -> list[Thrown]:
    return [Thrown(face=face) for face in roll(rng, 1, 6)]


def result(state: State) -> Result:
    return Result(scores=(state.total,), ranks=(1,), reason="thrown")


def nothing(state: State, viewer: Viewer) -> Any:
    return {"total": state.total}


TALLY: Game[State, Throw, Thrown] = Game(
    name="tally_test",
    title="Tally",
    min_seats=1,
    max_seats=1,
    options_type=Options,
    command_type=Throw,
    event_type=Thrown,
    initial=lambda seats, options: State(options=options),
    setup=lambda state, rng: [],
    decide=decide,
    evolve=evolve,
    is_over=lambda state: state.throws >= state.options.throws,
    result=result,
    legal=lambda state, seat: [Throw()],
    view=nothing,
    redact=lambda event, viewer: event,
    rules=RULES,
)


@pytest.fixture(autouse=True)
def tally() -> Iterator[None]:
    games.register(TALLY)
    yield
    games.unregister(TALLY.name)


def stored(opening: TableOpened, *faces: int) -> list[Any]:
    return [opening, SeatClaimed(seat=0, name="p0"), GameStarted(seats=1)] + [
        Thrown(face=f) for f in faces
    ]


def folded(events: list[Any]) -> Any:
    table = open_table(events[0])
    for event in events[1:]:
        table = apply(TALLY, table, event)
    return table


BEFORE_VERSIONS = msgspec.json.decode(
    b'{"type":"table_opened","game":"tally_test","seats":1,"options":{}}', type=TableOpened
)


def test_a_game_stored_before_versions_is_version_1_and_folds_by_it() -> None:
    assert BEFORE_VERSIONS.rules == 1
    table = folded(stored(BEFORE_VERSIONS, 6, 3))
    assert table.rules == 1 and table.state.options.rules == 1
    assert table.state.total == 9  # version 1: a six is six


def test_a_game_opened_under_each_version_folds_and_decides_by_it() -> None:
    for version, total in ((1, 9), (2, 15)):
        opening = TableOpened(game="tally_test", seats=1, rules=version)
        assert folded(stored(opening, 6, 3)).state.total == total
    old = folded(stored(TableOpened(game="tally_test", seats=1, rules=1), 6))
    new = folded(stored(TableOpened(game="tally_test", seats=1, rules=2), 6))
    assert (old.state.total, new.state.total) == (6, 12)


def test_the_stored_options_never_choose_the_version() -> None:
    """The table's version wins over a `rules` that found its way into the options."""
    options = options_for(TALLY, {"rules": 2, "throws": 3}, 1)
    assert options == Options(rules=1, throws=3)


def test_a_game_without_the_option_keeps_its_options_as_they_are() -> None:
    rps = games.get("rock_paper_scissors")
    assert options_for(rps, {"rounds": 3}, 1) == msgspec.convert({"rounds": 3}, rps.options_type)


def test_the_result_record_compares_equal_under_the_version_it_was_made_by() -> None:
    """A version 1 game recorded at its end replays the same today, though today's rules
    (version 2) would score it otherwise: the replay folds it by version 1."""
    opening = TableOpened(game="tally_test", seats=1, rules=1)
    events = stored(opening, 6, 6)
    events.append(concluded(TALLY, folded(events).state))
    assert events[-1].scores == (12,)
    assert audit.replay(events).problems == []
    changed = [*events[:-1], msgspec.structs.replace(events[-1], scores=(24,))]
    assert audit.replay(changed).problems == [f"version {len(events)}: scores were [24], now [12]"]


def test_the_digest_leaves_out_defaults_and_options_and_orders_sets() -> None:
    class Before(msgspec.Struct, frozen=True):
        total: int
        options: Options = Options()

    class After(msgspec.Struct, frozen=True):  # a field added since, with a default
        total: int
        options: Options = Options()
        bonus: int = 0
        seen: frozenset[str] = frozenset()

    assert digest(TALLY, Before(5)) == digest(TALLY, After(5))
    assert digest(TALLY, Before(5, Options(rules=1))) == digest(TALLY, Before(5))
    assert digest(TALLY, After(5, bonus=1)) != digest(TALLY, After(5))
    assert digest(TALLY, Before(6)) != digest(TALLY, Before(5))
    letters = [chr(c) for c in range(97, 123)]
    assert digest(TALLY, After(5, seen=frozenset(letters))) == digest(
        TALLY, After(5, seen=frozenset(reversed(letters)))
    )
    # sets are written sorted, so that the digest does not depend on the process's hash seed
    assert canonical(frozenset(reversed(letters)), Options) == letters


def test_a_changed_final_state_is_caught_even_with_the_same_result() -> None:
    opening = TableOpened(game="tally_test", seats=1, rules=1)
    events = stored(opening, 2, 3)
    record = concluded(TALLY, folded(events).state)
    events.append(ResultRecorded(record.scores, record.ranks, record.reason, "0" * 64))
    assert audit.replay(events).problems == [
        f"version {len(events)}: the final state differs from the one recorded (its digest)"
    ]
