"""Rules 8 (issue 42, situation 2): a family's token goes where 18xx.games puts it, whatever
slot the action names (`City#get_slot`): the slot the family keeps in the city, else the first
slot neither taken nor kept. Rules 1 to 7 kept the named slot, so a token naming slot 1 of a
two-slot city whose slot 0 was free sat in slot 1, and the next family's token, which the site
records in slot 1, was refused ("slot 1 ... is taken")."""

from __future__ import annotations

import random

import pytest

from domain.exchange.zoo18.recover import Step
from domain.games.zoo18 import board as B
from domain.games.zoo18 import game
from domain.games.zoo18.messages import PlaceToken, TokenPut
from domain.games.zoo18.state import State
from domain.kernel import Rejected
from tests.domain.zoo18.harness_games import at_rules, step_where


def first_token_in_an_open_two_slot_city(step: Step) -> bool:
    command, board = step.command, step.before.board
    if not isinstance(command, PlaceToken) or command.power is not None or board is None:
        return False
    put = next((e for e in step.events if isinstance(e, TokenPut)), None)
    if put is None or put.extra_slot:
        return False
    in_city = [t for t in board.tokens if (t.hex, t.city) == (put.hex, put.city)]
    kept = [r for r in board.reservations if (r.hex, r.city) == (put.hex, put.city)]
    return B.face(board, put.hex)[0].stops[put.city].slots == 2 and not in_city and not kept


def naming_slot_1(rules: int) -> tuple[State, TokenPut]:
    """F 3p seed 42101 of the harness: PE tokens L16's green two-slot city, both slots open;
    the same token named slot 1, folded by `rules`."""
    step = step_where("F", 3, 42101, 8, first_token_in_an_open_two_slot_city)
    assert isinstance(step.command, PlaceToken)
    command = PlaceToken(step.command.city, slot=1)
    before = at_rules(step.before, rules)
    events = game.decide(before, step.seat, command, random.Random(0))
    put = next(e for e in events if isinstance(e, TokenPut))
    return game.fold(events, before), put


def test_a_token_naming_slot_1_takes_the_first_open_slot_at_rules_8_and_slot_1_before() -> None:
    _, put8 = naming_slot_1(8)
    assert (put8.family, put8.hex, put8.slot, put8.asked_slot) == ("PE", "L16", 0, 1)
    _, put7 = naming_slot_1(7)
    assert (put7.hex, put7.slot) == ("L16", 1)


def _gi_naming_slot_1(after: State, hex: str, rules: int) -> B.Board:
    """Another family's token in the same city, naming slot 1 (the site's record of it)."""
    assert after.board is not None
    map_def = B.load_map("F")
    return B.check_token(after.board, map_def, "GI", hex, 0, 1, reachable=False, rules=rules)


def test_the_next_family_s_token_takes_slot_1_at_rules_8_and_was_refused_before() -> None:
    after7, put7 = naming_slot_1(7)
    with pytest.raises(Rejected, match="slot 1 on L16 is taken"):
        _gi_naming_slot_1(after7, put7.hex, 7)
    after8, put8 = naming_slot_1(8)
    placed = _gi_naming_slot_1(after8, put8.hex, 8)
    assert [(t.slot, t.owner) for t in placed.tokens if t.hex == "L16"] == [(0, "PE"), (1, "GI")]


def test_a_token_takes_the_slot_its_family_keeps_before_an_earlier_open_one() -> None:
    after, put = naming_slot_1(8)
    assert after.board is not None and put.slot == 0
    kept = B.Board(
        map_id="F",
        tiles=after.board.tiles,
        reservations=(B.Reservation("L16", 0, 1, "GI"),),
        row_zero=True,
    )
    m = B.load_map("F")
    for rules, slot in ((8, 1), (7, 0)):
        placed = B.check_token(kept, m, "GI", "L16", 0, 0, reachable=False, rules=rules)
        assert [(t.slot, t.owner) for t in placed.tokens if t.hex == "L16"] == [(slot, "GI")]
