"""The rules, as given (events) / when (a seat's command) / then (events, or a refusal)."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.games.rock_paper_scissors import game
from domain.games.rock_paper_scissors.messages import (
    Choose,
    GameEnded,
    HandChosen,
    Options,
    RoundRevealed,
    RoundStarted,
)
from domain.kernel import Reason
from tests.given import Given, given

THREE = Options(rounds=3)


def table(*events: object, options: Options = THREE) -> Given:
    return given(game, *events, seats=2, options=options)


def test_setup_starts_the_first_round_and_draws_nothing() -> None:
    start = game.initial(2, THREE)
    assert game.setup(start, random.Random(1)) == [RoundStarted(round=1)]
    assert game.setup(start, random.Random(2)) == [RoundStarted(round=1)]


def test_the_first_choice_is_recorded_and_nothing_is_revealed() -> None:
    after = table(RoundStarted(1)).when(1, Choose("rock")).then(HandChosen(1, 1, "rock"))
    assert game.legal(after, 1) == [] and len(game.legal(after, 0)) == 3


def test_the_second_choice_reveals_both_hands_and_scores_the_winner() -> None:
    after = (
        table(RoundStarted(1), HandChosen(1, 1, "rock"))
        .when(0, Choose("paper"))
        .then(
            HandChosen(0, 1, "paper"),
            RoundRevealed(round=1, hands=("paper", "rock"), winner=0),
            RoundStarted(round=2),
        )
    )
    assert after.scores == (1, 0) and after.round == 2


@pytest.mark.parametrize(
    ("mine", "theirs", "winner"),
    [
        ("rock", "scissors", 0),
        ("scissors", "paper", 0),
        ("paper", "rock", 0),
        ("scissors", "rock", 1),
        ("paper", "scissors", 1),
        ("rock", "paper", 1),
        ("rock", "rock", None),
        ("paper", "paper", None),
        ("scissors", "scissors", None),
    ],
)
def test_who_wins_a_round(mine: str, theirs: str, winner: int | None) -> None:
    events = table(RoundStarted(1), HandChosen(1, 1, theirs)).when(0, Choose(mine)).events
    assert events[1] == RoundRevealed(round=1, hands=(mine, theirs), winner=winner)


def test_a_draw_scores_nobody() -> None:
    after = table(RoundStarted(1), HandChosen(0, 1, "rock")).when(1, Choose("rock")).after
    assert after.scores == (0, 0)


def test_the_last_round_ends_the_game_with_the_scores() -> None:
    last = table(
        RoundStarted(1),
        HandChosen(0, 1, "rock"),
        HandChosen(1, 1, "scissors"),
        RoundRevealed(1, ("rock", "scissors"), 0),
        RoundStarted(2),
        HandChosen(0, 2, "rock"),
        HandChosen(1, 2, "paper"),
        RoundRevealed(2, ("rock", "paper"), 1),
        RoundStarted(3),
        HandChosen(1, 3, "paper"),
    )
    over = last.when(0, Choose("scissors")).then(
        HandChosen(0, 3, "scissors"),
        RoundRevealed(round=3, hands=("scissors", "paper"), winner=0),
        GameEnded(scores=(2, 1)),
    )
    assert game.is_over(over)
    result = game.result(over)
    assert result.scores == (2, 1) and result.ranks == (1, 2) and result.winners == (0,)
    assert game.legal(over, 0) == game.legal(over, 1) == []


def test_equal_scores_share_the_first_rank() -> None:
    over = (
        table(RoundStarted(1), HandChosen(0, 1, "rock"), options=Options(rounds=1))
        .when(1, Choose("rock"))
        .after
    )
    assert game.is_over(over) and game.result(over).ranks == (1, 1)


def test_choosing_twice_in_a_round_is_refused() -> None:
    table(RoundStarted(1), HandChosen(0, 1, "rock")).when(0, Choose("paper")).rejects(
        Reason.NOT_YOUR_TURN, "you chose your hand for round 1; waiting for seat 1"
    )


def test_a_hand_that_is_not_one_of_the_three_is_refused() -> None:
    table(RoundStarted(1)).when(0, Choose("lizard")).rejects(
        Reason.ILLEGAL, "rock, paper or scissors, not 'lizard'"
    )


def test_no_seat_three_and_no_move_after_the_end_or_before_the_start() -> None:
    table(RoundStarted(1)).when(2, Choose("rock")).rejects(Reason.FORBIDDEN, "no seat 2")
    table().when(0, Choose("rock")).rejects(Reason.ILLEGAL, "not been set up")
    table(RoundStarted(1), GameEnded((0, 0))).when(0, Choose("rock")).rejects(Reason.GAME_OVER)


def test_choices_commute_so_they_skip_the_stale_version_check() -> None:
    assert Choose.simultaneous


def test_options_are_checked_when_a_table_is_opened() -> None:
    assert msgspec.convert({}, Options) == Options(rounds=5)
    for bad in ({"rounds": 0}, {"rounds": 26}, {"rounds": "five"}, {"best_of": 3}):
        with pytest.raises(msgspec.ValidationError):
            msgspec.convert(bad, Options)
    with pytest.raises(ValueError, match="exactly 2 players"):
        game.initial(3, THREE)
