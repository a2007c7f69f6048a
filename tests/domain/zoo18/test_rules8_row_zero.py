"""Rules 8 (issue 42, situation 1): the grey hexes of row 0 (G0 and I0 on maps B, D and E, H0
and J0 on C and F) neighbour G2, H1 and the others as on 18xx.games, whose grid joins any two
hexes one step apart. Rules 1 to 7 started the rows at 1, so no track ran through them: a run
such as J3-I2-I0-H1 was refused, and a city reached only that way was out of reach."""

from __future__ import annotations

import random

import pytest

from domain.exchange.zoo18.recover import Step
from domain.games.zoo18 import game
from domain.games.zoo18.board.geometry import neighbour
from domain.games.zoo18.messages import Command, Options, RunRoutes
from domain.games.zoo18.setup import seat_names, start_events
from domain.kernel import Rejected
from tests.domain.zoo18.harness_games import at_rules, step_where


def through_row_zero(command: Command) -> bool:
    """A run with a train through a hex of row 0."""
    return isinstance(command, RunRoutes) and any(
        hex[1:] == "0" for route in command.routes for hop in route.connections for hex in hop
    )


def first_run_through_row_zero() -> Step:
    # D 4p seed 42012 of the harness at rules 8: CR's 2S runs J3-I2-I0-H1, through I0
    return step_where("D", 4, 42012, 8, lambda step: through_row_zero(step.command))


def test_row_zero_neighbours_the_rows_below_it_only_on_a_board_of_rules_8() -> None:
    assert [neighbour("G0", edge, True) for edge in range(6)] == [
        "G2", "F1", None, None, None, "H1"
    ]  # fmt: skip
    assert neighbour("G2", 3, True) == "G0" and neighbour("H1", 4, True) == "I0"
    assert neighbour("G2", 3) is None and neighbour("G0", 0) == "G2"  # rules 1-7: a one-way step


def test_a_game_of_rules_8_starts_on_a_board_joining_row_0_and_one_of_rules_7_does_not() -> None:
    for rules, joined in ((7, False), (8, True)):
        state = game.initial(4, Options(map="D", rules=rules))
        state = game.fold(start_events(state, seat_names(4), ()), state)
        assert state.board is not None and state.board.row_zero is joined


def test_a_run_through_row_0_is_paid_at_rules_8_and_refused_at_rules_7() -> None:
    step = first_run_through_row_zero()
    assert step.before.options.rules == 8
    decided = game.decide(step.before, step.seat, step.command, random.Random(0))
    assert tuple(decided) == step.events
    with pytest.raises(Rejected):
        game.decide(at_rules(step.before, 7), step.seat, step.command, random.Random(0))


def test_the_run_offered_at_rules_8_goes_through_row_0_and_at_rules_7_cannot() -> None:
    step = first_run_through_row_zero()
    for state, through in ((step.before, True), (at_rules(step.before, 7), False)):
        runs = [c for c in game.legal(state, step.seat) if isinstance(c, RunRoutes)]
        assert len(runs) == 1
        assert through_row_zero(runs[0]) is through
