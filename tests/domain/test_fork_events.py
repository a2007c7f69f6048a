"""A fork's table events (`domain.forks`): how a fork's stream folds and what each viewer sees.

The stream opens as a table does, says what it forks, seats its forker first, and starts from
the position `ForkDealt` carries instead of the game's setup; the dealt position is shown to
the omniscient viewer only. Golden games (no fork) fold as before (`tests/test_golden.py`).
"""

from __future__ import annotations

import random
from functools import reduce

import msgspec

from domain import games
from domain.forks import HIDDEN, ForkDealt, GameForked, deal, origin
from domain.kernel import OMNISCIENT, SPECTATOR, Seat
from domain.table import GameStarted, SeatClaimed, TableOpened, apply, open_table, redact
from projections.codec import encode
from projections.live import LiveGame
from server.store import chained

GAME = games.get("bienvenue_a_bord")


def position() -> object:
    """A position of Bienvenue à bord after its setup (the pile dealt, the first split asked)."""
    state = GAME.initial(2, msgspec.convert({}, GAME.options_type))
    return GAME.fold(GAME.setup(state, random.Random(1)), state)


def fork_stream() -> list[object]:
    dealt = deal(GAME, position(), Seat(1), random.Random(2))
    return [
        TableOpened(game="bienvenue_a_bord", seats=2, options={}),
        GameForked(game_id="orig", version=9, hash="ab", knower=1, labels=("Ada", "Bob")),
        SeatClaimed(seat=1, name="Bob", token_hash="cd"),
        SeatClaimed(seat=0, name="Cy", token_hash="ef"),
        dealt,
        GameStarted(seats=2),
    ]


def test_a_fork_folds_to_its_dealt_position_with_its_forker_in_its_own_seat() -> None:
    events = fork_stream()
    opened, rest = events[0], events[1:]
    assert isinstance(opened, TableOpened)
    seated = reduce(lambda t, e: apply(GAME, t, e), rest[:2], open_table(opened))
    assert (seated.names, seated.token_hashes) == (("", "Bob"), ("", "cd"))
    assert (seated.claimed, seated.free_seat) == (1, 0)
    table = reduce(lambda t, e: apply(GAME, t, e), rest, open_table(opened))
    assert table.names == ("Cy", "Bob") and table.claimed == 2 and table.free_seat == 2
    assert table.started
    dealt = events[4]
    assert isinstance(dealt, ForkDealt)
    assert GAME.positions is not None and dealt.state == HIDDEN  # never the live state
    assert dealt.form == len(GAME.positions.forms)
    assert bytes(dealt.position) == encode(GAME.positions.of(table.state))
    assert table.state != position()  # the pile was dealt again
    assert sorted(table.state.pile) == sorted(position().pile)
    assert origin(events) == events[1]
    assert origin([opened, *events[2:]]) is None


def test_the_replay_loop_folds_a_fork_as_the_domain_does() -> None:
    records = chained([encode(e) for e in fork_stream()])
    live = LiveGame.replay("fork", records)
    opened = fork_stream()[0]
    assert isinstance(opened, TableOpened)
    folded = reduce(lambda t, e: apply(GAME, t, e), live.events[1:], open_table(opened))
    assert live.table == folded
    assert live.table_at(5).state == folded.state and not live.table_at(5).started


def test_only_the_omniscient_viewer_sees_the_dealt_position() -> None:
    dealt, forked = fork_stream()[4], fork_stream()[1]
    for viewer in (SPECTATOR, Seat(0), Seat(1)):
        assert redact(GAME, dealt, viewer) == ForkDealt(form=dealt.form)
        assert redact(GAME, forked, viewer) == forked
    assert redact(GAME, dealt, OMNISCIENT) is dealt
    assert b'"state":null,"form":1,"position":null' in encode(redact(GAME, dealt, SPECTATOR))
    # a fork dealt before forms, its position the live state as JSON, is blanked as well
    legacy = ForkDealt(state=dealt.position)
    for viewer in (SPECTATOR, Seat(0), Seat(1)):
        assert redact(GAME, legacy, viewer) == ForkDealt()
    assert redact(GAME, legacy, OMNISCIENT) is legacy
