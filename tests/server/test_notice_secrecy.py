"""What notices say, and to whom: over seeded games of every game, derived over ranges of
versions of random lengths (as a notifier's passes find them), each field of every notice to
a seat equals or is contained in that seat's frame at the notice's version (the table's public
part, the seats awaited, the seat's own legal commands), and a notice to the table in a
spectator's. And which turns are told: those still running when derived."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain import games
from domain.choices import expand
from domain.kernel import SPECTATOR, Seat, Viewer
from domain.table import Table, apply, awaited_seats, open_table
from projections.frames import legal_for, table_part
from projections.notices import CLOCK, KINDS, TURN, UNDO, Notice, notice_id, notices_between
from tests.fair_games import played
from tests.per_game import registered, seats

FIELDS = set(Notice.__struct_fields__)
SEEDS = (1, 2)


def plain(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


def shown(game: Any, table: Table, viewer: Viewer) -> dict[str, Any]:
    """What `viewer`'s frame at `table` holds that a notice may repeat."""
    over = table.started and game.is_over(table.state)
    legal = expand(legal_for(game, table, viewer))  # every command a choice sent holds
    return {
        "table": plain(table_part(game, table, over)),
        "awaited": awaited_seats(game, table),
        "commands": {str(type(c).__struct_config__.tag) for c in legal},
    }


def check(game: Any, table: Table, notice: Notice) -> None:
    assert set(msgspec.structs.asdict(notice)) == FIELDS  # a new field is a decision
    viewer: Viewer = SPECTATOR if notice.seat is None else Seat(notice.seat)
    frame = shown(game, table, viewer)
    part = frame["table"]
    assert notice.kind in KINDS
    assert notice.game == part["game"] and notice.title == part["title"]
    assert notice.names == part["names"]
    assert notice.awaited == frame["awaited"]
    assert set(notice.commands) <= frame["commands"]
    if notice.seat is None:
        assert notice.commands == [] and notice.kind != UNDO
    if notice.kind == TURN and notice.seat is not None:
        assert notice.seat in notice.awaited and notice.commands  # its turn, and what it may do
    if notice.asked_by is not None:
        assert part["undo"] is not None and part["undo"]["seat"] == notice.asked_by
    assert plain(notice.result) == (part["result"] if notice.result is not None else None)
    if notice.kind == CLOCK:  # the clock is public: the reminder is read off it
        clock = part["clock"]
        had = clock["left_ms"][notice.seat]
        assert notice.left_ms == had // 4
        assert notice.remind_at_ms == clock["since_ms"] + had - had // 4
    else:
        assert notice.left_ms is None and notice.remind_at_ms is None
    assert notice.id == notice_id(notice.game_id, notice.version, notice.seat, notice.kind)


def tables_of(events: list[Any]) -> tuple[Any, list[Table]]:
    """The game, and its table at each version (index 0: version 1)."""
    game = games.get(events[0].game)
    tables = [open_table(events[0])]
    for event in events[1:]:
        tables.append(apply(game, tables[-1], event))
    return game, tables


@pytest.mark.parametrize("name", registered())
@pytest.mark.parametrize("seed", SEEDS)
def test_every_notice_holds_only_what_its_reader_is_shown(name: str, seed: int) -> None:
    events = played(name, seats(name), seed)
    game, tables = tables_of(events)
    rng = random.Random(seed)
    kinds: set[str] = set()
    after = 1
    while after < len(events):
        upto = min(len(events), after + rng.choice((1, 1, 2, 5, 20)))
        for notice in notices_between("g", game, tables[after - 1], events[after:upto], after + 1):
            assert after < notice.version <= upto
            check(game, tables[notice.version - 1], notice)
            kinds.add(notice.kind)
        after = upto
    assert {"full", "started", "turn", "over"} <= kinds  # the games are played to their end


def test_the_check_sees_a_secret_in_a_notice() -> None:
    # the check must be able to fail: a notice naming a command the seat may not play now
    events = played("rock_paper_scissors", 2, 1)
    game, tables = tables_of(events)
    table = next(t for t in tables if t.started)
    leaky = Notice(
        id=notice_id("g", 9, 0, TURN),
        kind=TURN,
        game_id="g",
        version=9,
        game=table.game,
        title=game.title,
        names=list(table.names),
        awaited=awaited_seats(game, table),
        seat=0,
        commands=["peek_at_the_other_hand"],
    )
    with pytest.raises(AssertionError):
        check(game, table, leaky)


def test_a_turn_is_told_once_and_only_while_it_runs() -> None:
    """Rock paper scissors: both seats are awaited each round; one plays, the other is still
    awaited (told already); a range over two rounds tells only the running one."""
    events = played("rock_paper_scissors", 2, 3)
    game, tables = tables_of(events)
    waits = [len(awaited_seats(game, t)) for t in tables]  # seats awaited at each version
    # the versions (1-based) where a round begins (both awaited), and where one seat is left
    rounds = [v for v in range(2, len(tables) + 1) if waits[v - 1] == 2 and waits[v - 2] != 2]
    halves = [v for v in range(2, len(tables) + 1) if waits[v - 1] == 1]

    def turns(after: int, upto: int) -> set[tuple[int | None, int]]:
        told = notices_between("g", game, tables[after - 1], events[after:upto], after + 1)
        return {(n.seat, n.version) for n in told if n.kind == TURN}

    first, second, third = rounds[:3]
    assert turns(1, first) == {(None, first), (0, first), (1, first)}
    half = next(v for v in halves if first < v < second)
    assert turns(first, half) == set()  # the seat left was told when the round began
    # from that half to the third round: the second round began and ended among the events
    assert turns(half, third) == {(None, third), (0, third), (1, third)}
