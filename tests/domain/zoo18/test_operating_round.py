"""Operating-round rules, through the spec's hand-checked walkthrough (section 17)."""

from __future__ import annotations

import random

from domain.games.zoo18 import game
from domain.games.zoo18.messages import (
    BuyShares,
    BuyTrain,
    Dividend,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    RouteClaim,
    RunRoutes,
    SellShares,
    SellTicket,
)
from domain.games.zoo18.rounds import acting_seat
from domain.games.zoo18.scoring import player_value
from domain.kernel import Reason
from tests.given import Given

from .helpers import play, start

RUN = RunRoutes((RouteClaim("2S-0", (("L4", "L6", "K7", "K9"),)),))


def _price(state: object, sym: str = "GI") -> int:
    from domain.games.zoo18.market import price

    f = state.family(sym)  # type: ignore[attr-defined]
    return price((f.row, f.col))


def _or1() -> object:
    state = play(start(2), Pass(), Pass(), Par("GI", 7), LayTile("K9", "5-0", 2))
    assert state.players[0].cash == 26 and state.family("GI").cash == 14
    state = play(state, Pass(), Pass(), Pass())
    assert state.flow.round == "or" and state.priority == (1, 0)
    return state


def test_walkthrough_first_operating_round() -> None:
    state = play(_or1(), LayTile("L4", "201-0", 5), Pass())
    state = play(state, SellTicket("ZOOTicket 1 - Player 1", 5))
    assert state.family("GI").cash == 19 and state.players[0].cash == 26
    state = play(state, PlaceToken("201-0-0", 0))
    assert state.family("GI").cash == 17
    # no train: the run and the dividend are skipped, the automatic withhold moves 7 -> 6
    assert state.flow.step == "buy_train" and _price(state) == 6
    state = play(state, SellTicket("ZOOTicket 2 - Player 1", 5), BuyTrain("2S-0", 7, "2S"))
    assert _price(state) == 7  # first train bought from the depot: one step right
    state = play(state, Pass(), SellTicket("ZOOTicket 3 - Player 1", 5), Pass())
    assert (state.flow.or_num, state.flow.step) == (2, "track")
    state = play(state, Pass(), RunRoutes(()))
    assert _price(state) == 6  # an empty run withholds 0


def _or2() -> object:
    state = play(_or1(), LayTile("L4", "201-0", 5), Pass())
    state = play(state, SellTicket("ZOOTicket 1 - Player 1", 5), PlaceToken("201-0-0", 0))
    state = play(state, SellTicket("ZOOTicket 2 - Player 1", 5), BuyTrain("2S-0", 7, "2S"))
    state = play(state, Pass(), SellTicket("ZOOTicket 3 - Player 1", 5), Pass())
    state = play(state, Pass(), RunRoutes(()), Pass(), Pass())
    assert state.flow.round == "sr" and state.flow.turn == 2
    state = play(state, BuyShares(("GI_1",)), Pass(), Pass(), BuyShares(("GI_2",)), Pass())
    state = play(state, SellShares(("GI_0",)))
    assert _price(state) == 4 and state.president("GI") == 1
    return play(state, Pass(), Pass(), Pass())


def test_walkthrough_dividends_on_the_threshold() -> None:
    state = _or2()
    assert state.flow.round == "or" and state.family("GI").cash == 20 + 12 + 4
    state = play(state, Pass(), RUN)
    assert state.flow.revenue == 50
    cash = state.players[1].cash
    state = play(state, Dividend("payout"))
    assert _price(state) == 5 and state.players[1].cash == cash + 2


def test_withhold_keeps_a_share_of_the_revenue_and_moves_left() -> None:
    state = play(_or2(), Pass(), RUN)
    before = state.family("GI").cash
    state = play(state, Dividend("withhold"))
    assert state.family("GI").cash == before + 2  # ceil(50 / 25)
    assert _price(state) == 3


def test_a_trainless_family_cannot_pass_its_train_step() -> None:
    state = play(_or1(), Pass())
    assert state.flow.step == "buy_train"
    Given(game, state).when(0, Pass()).rejects(Reason.ILLEGAL, "must buy")


def test_the_game_ends_after_the_third_day_and_scores_tickets() -> None:
    state = _or2()
    for _ in range(200):
        if state.ended:
            break
        seat = acting_seat(state)
        assert seat is not None
        options = game.legal(state, seat)
        command = options[-1] if isinstance(options[-1], RunRoutes) else options[0]
        state = game.fold(game.decide(state, seat, command, random.Random(0)), state)
    assert state.ended == "fixed_round"
    assert (state.flow.turn, state.flow.or_num) == (3, 3)
    result = game.result(state)
    assert result.scores[0] == player_value(state, 0)
    assert player_value(state, 1) >= 20  # the unsold ticket counts 20
