"""Undo by consent in the domain: the fold of the undo events (restore, lapse), what viewers
are shown of them, and the audit that catches an undo restoring a position the game never had."""

from __future__ import annotations

from typing import Any

import msgspec

from domain import games
from domain.audit import replay
from domain.kernel import OMNISCIENT, SPECTATOR, Seat
from domain.table import ChatPosted, redact
from domain.undo import (
    HIDDEN,
    UndoAnswered,
    UndoAsked,
    UndoDone,
    UndoRequested,
    check,
    done,
)
from projections.codec import encode
from projections.live import LiveGame
from server.store import chained
from server.table import fairness
from server.table.decisions import decided
from tests.fair_games import SECRET, fold, opened

GAME = games.get("vertigo")


def started() -> list[Any]:
    events = opened("vertigo", 2)
    table = fold(events)
    dealing = fairness.opening(SECRET)
    return events + dealing.events(GAME.setup(table.state, dealing.rng))


def moved(events: list[Any]) -> tuple[list[Any], int]:
    """`events` and the stored events of the awaited seat's first legal command; its seat."""
    table = fold(events)
    seat = next(s for s in range(2) if GAME.legal(table.state, s))
    command = GAME.legal(table.state, seat)[0]
    rng = fairness.draws_for(table)
    stored = decided(GAME, table, seat, command, GAME.decide(table.state, seat, command, rng), rng)
    check(GAME, table.state, seat, 2, stored)  # undoable
    return events + stored, seat


def test_the_undo_folds_back_to_the_state_before_the_command() -> None:
    before = started()
    after, seat = moved(before)
    assert fold(after).state != fold(before).state
    undo = [
        UndoRequested(seat=seat, version=len(after)),
        ChatPosted(seat=seat, name="p", text="oops"),
        UndoAnswered(seat=1 - seat, accept=True),
        done(GAME, seat, len(after), len(before), fold(before).state),
    ]
    assert fold(after + undo[:2]).undo_asked == UndoAsked(seat=seat, version=len(after))
    assert fold(after + undo[:3]).undo_asked == UndoAsked(seat, len(after), (1 - seat,))
    table = fold(after + undo)
    assert table.state == fold(before).state and table.undo_asked is None
    # the live fold (the server's replay loop, `LiveGame.extend`) folds it the same
    records = chained([encode(event) for event in after + undo])
    live = LiveGame.replay("g", records)
    assert live.table == table
    assert live.table_at(len(after)).state == fold(after).state  # time travel: both moments


def test_a_move_lapses_a_pending_request_in_both_folds() -> None:
    after, seat = moved(started())
    asked = [*after, UndoRequested(seat=seat, version=len(after))]
    lapsed, _ = moved(asked)
    assert fold(asked).undo_asked is not None
    assert fold(lapsed).undo_asked is None
    live = LiveGame.replay("g", chained([encode(event) for event in lapsed]))
    assert live.table.undo_asked is None
    assert live.table_version == len(lapsed)  # so the table part is sent again


def test_the_restored_state_is_blank_for_every_viewer_but_the_omniscient_one() -> None:
    before = started()
    after, seat = moved(before)
    event = done(GAME, seat, len(after), len(before), fold(before).state)
    game = games.get("vertigo")
    for viewer in (SPECTATOR, Seat(0), Seat(1)):
        shown = redact(game, event, viewer)
        assert shown.position == HIDDEN and shown.state == HIDDEN
        assert (shown.seat, shown.version, shown.form) == (seat, len(after), event.form)
    assert redact(game, event, OMNISCIENT) == event
    assert msgspec.json.decode(event.position) is not None
    # an undo stored before forms, its position the live state as JSON, is blanked as well
    legacy = UndoDone(seat=seat, version=len(after), back_to=len(before), state=event.position)
    for viewer in (SPECTATOR, Seat(0), Seat(1)):
        assert redact(game, legacy, viewer).state == HIDDEN
    assert redact(game, legacy, OMNISCIENT) == legacy


def test_an_undo_stores_the_games_form_of_the_position_never_its_state() -> None:
    before = started()
    after, seat = moved(before)
    event = done(GAME, seat, len(after), len(before), fold(before).state)
    assert GAME.positions is not None
    assert event.form == len(GAME.positions.forms) and event.state == HIDDEN
    form = GAME.positions.forms[event.form - 1]
    assert form.__module__ == "domain.games.vertigo.position"
    msgspec.json.decode(event.position, type=form)  # decodes as the form, strictly


def test_the_audit_catches_an_undo_to_a_position_the_game_never_had() -> None:
    before = started()
    after, seat = moved(before)
    faithful = done(GAME, seat, len(after), len(before), fold(before).state)
    assert replay([*after, faithful]).problems == []
    again, _ = moved(after)  # another position, that the game had later, not at `before`
    forged = done(GAME, seat, len(after), len(before), fold(again).state)
    problems = replay([*after, forged]).problems
    assert problems and "never had" in problems[0]
    backwards = done(GAME, seat, len(before), len(after), fold(before).state)
    assert replay([*after, backwards]).problems
