"""A notice says only what its reader is shown anyway: over seeded games of every game, each
field of every notice to a seat equals or is contained in that seat's frame at the notice's
version (the table's public part, the seats awaited, the seat's own legal commands), and a
notice to the table in a spectator's."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain import games
from domain.kernel import SPECTATOR, Seat, Viewer
from domain.table import Table, apply, awaited_seats, open_table
from projections.frames import legal_for, table_part
from projections.notices import KINDS, TURN, UNDO, Notice, NoticeFold, notice_id
from tests.fair_games import played
from tests.per_game import registered, seats

FIELDS = set(Notice.__struct_fields__)
SEEDS = (1, 2)


def plain(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


def shown(game: Any, table: Table, viewer: Viewer) -> dict[str, Any]:
    """What `viewer`'s frame at `table` holds that a notice may repeat."""
    over = table.started and game.is_over(table.state)
    legal = legal_for(game, table, viewer)
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
    assert notice.id == notice_id(notice.game_id, notice.version, notice.seat, notice.kind)


@pytest.mark.parametrize("name", registered())
@pytest.mark.parametrize("seed", SEEDS)
def test_every_notice_holds_only_what_its_reader_is_shown(name: str, seed: int) -> None:
    events = played(name, seats(name), seed)
    game = games.get(name)
    table = open_table(events[0])
    fold = NoticeFold("g", game, table)
    kinds: set[str] = set()
    for version, event in enumerate(events[1:], start=2):
        table = apply(game, table, event)
        for notice in fold.step(event, version):
            check(game, table, notice)
            kinds.add(notice.kind)
    assert {"full", "started", "turn", "over"} <= kinds  # the games are played to their end


def test_the_check_sees_a_secret_in_a_notice() -> None:
    # the check must be able to fail: a notice naming a command the seat may not play now
    events = played("rock_paper_scissors", 2, 1)
    game = games.get("rock_paper_scissors")
    table = open_table(events[0])
    for event in events[1:]:
        table = apply(game, table, event)
        if table.started:
            break
    fold = NoticeFold("g", game, table)
    leaky = Notice(
        id=notice_id("g", 9, 0, TURN),
        kind=TURN,
        game_id="g",
        version=9,
        game=table.game,
        title=game.title,
        names=list(table.names),
        awaited=fold.awaited,
        seat=0,
        commands=["peek_at_the_other_hand"],
    )
    with pytest.raises(AssertionError):
        check(game, table, leaky)
