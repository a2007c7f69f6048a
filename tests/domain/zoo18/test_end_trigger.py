"""The game's two end triggers (rules 11, the site's GAME_END_CHECK): a family in the market's
END cell ends the game at the end of the operating round, before the fixed round's end and
over it (the site's `stock_market: :current_or` has priority over `fixed_round: :full_or`)."""

from __future__ import annotations

from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.data import END_CELL
from domain.games.zoo18.messages import Par, Pass, PriceMoved
from domain.games.zoo18.rounds import end_or
from domain.games.zoo18.state import State

from .helpers import HOME, arrange_flow, play, start


def _opened() -> State:
    """GI opened at 7 in SR1, both players passed: the first operating round runs."""
    return play(start(2), Pass(), Pass(), Par("GI", 7), HOME, Pass(), Pass(), Pass())


def test_a_family_in_the_end_cell_ends_the_game_at_the_end_of_the_first_or() -> None:
    ctx = Ctx(_opened())
    assert (ctx.state.flow.turn, ctx.state.flow.or_num) == (1, 1)
    ctx.emit(PriceMoved("GI", *END_CELL))
    end_or(ctx)
    assert ctx.state.ended == "stock_market"
    assert ctx.state.flow.round == "over"


def test_a_family_one_cell_short_of_the_end_plays_on() -> None:
    ctx = Ctx(_opened())
    ctx.emit(PriceMoved("GI", END_CELL[0], END_CELL[1] - 1))
    end_or(ctx)
    assert not ctx.state.ended
    assert (ctx.state.flow.round, ctx.state.flow.or_num) == ("or", 2)


def test_the_end_cell_is_the_reason_over_the_last_or_of_wednesday() -> None:
    ctx = Ctx(_opened())
    arrange_flow(ctx, turn=3, or_num=3)
    ctx.emit(PriceMoved("GI", *END_CELL))
    end_or(ctx)
    assert ctx.state.ended == "stock_market"


def test_without_the_end_cell_the_last_or_of_wednesday_ends_on_the_fixed_round() -> None:
    ctx = Ctx(_opened())
    arrange_flow(ctx, turn=3, or_num=3)
    end_or(ctx)
    assert ctx.state.ended == "fixed_round"
