"""More rules: neighbour rule, Wednesday, powers in the stock round, trains and emergencies."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.zoo18 import game
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.messages import (
    Bid,
    BuyShares,
    BuyTrain,
    LayTile,
    Par,
    Pass,
    SellShares,
    SellTicket,
    UsePower,
)
from domain.games.zoo18.rounds import acting_seat, finish_sr
from domain.games.zoo18.state import State
from domain.games.zoo18.stock import neighbour_families
from domain.games.zoo18.trains import after_purchase, depot_offer, move_train
from domain.kernel import Reason
from tests.given import Given

from .helpers import DECK, HOME, play, start

_FIRST = ("LEPRECHAUN_POT_OF_GOLD", "IT_S_ALL_GREEK_TO_ME")
SR_FIRST = (*_FIRST, *(p for p in DECK if p not in _FIRST))


def _sr1(seats: int = 2, map_id: str = "A") -> State:
    return play(start(seats, map_id), *([Pass()] * seats))


def test_neighbour_rule_second_par_next_to_the_first_then_one_direction() -> None:
    state = play(_sr1(), Par("PB", 5), HOME, Pass())  # map A cycle: GI PB PE LI TI
    assert neighbour_families(state) == ("PE", "GI")
    Given(game, state).when(1, Par("LI", 5)).rejects(Reason.ILLEGAL, "neighbour rule")
    state = play(state, Par("GI", 5), HOME, Pass())
    assert neighbour_families(state) == ("TI",)  # backwards from GI: TI, then LI, then PE


def test_neighbour_rule_does_not_apply_with_five_players() -> None:
    state = play(_sr1(5, "D"), Par("CR", 5), HOME, Pass())
    assert len(neighbour_families(state)) == 6


def test_leprechaun_pays_at_every_stock_round_start() -> None:
    state = play(start(2, deck=SR_FIRST), Pass(), Bid("LEPRECHAUN_POT_OF_GOLD", 2))
    # 40 - 2 + 2 on purchase, + 2 as SR1 starts
    assert state.players[0].cash == 42


def test_midas_puts_its_owner_first() -> None:
    state = play(start(2), Pass(), Bid("MIDAS", 1))
    state = play(state, UsePower("MIDAS", "midas"), Pass(), Pass())
    assert state.flow.round == "or" or state.flow.round == "sr"
    assert state.priority[0] == 0  # poorer than seat 1, yet first


def test_greek_gives_another_turn() -> None:
    state = play(start(2, deck=SR_FIRST), Pass(), Bid("IT_S_ALL_GREEK_TO_ME", 1))
    state = play(state, Par("GI", 7), HOME)
    state = play(state, UsePower("IT_S_ALL_GREEK_TO_ME", "greek"), Pass())
    assert acting_seat(state) == 0
    assert state.power("IT_S_ALL_GREEK_TO_ME").owner == "closed"


def test_the_same_bundle_sold_twice_by_a_non_president_moves_the_price_once() -> None:
    state = play(_sr1(3), Par("GI", 7), HOME, Pass())
    state = play(state, BuyShares(("GI_1",)), Pass())  # seat 1
    state = play(state, BuyShares(("GI_2",)), Pass())  # seat 2
    state = play(state, Pass(), SellShares(("GI_1",)), Pass())  # seat 0 passes, seat 1 sells
    gi = state.family("GI")
    assert (gi.row, gi.col) == (2, 1)
    state = play(state, BuyShares(("GI_1",)), Pass())  # seat 2 buys it back from the market
    state = play(state, Pass(), Pass(), SellShares(("GI_1",)))  # seat 2 sells the same bundle
    gi = state.family("GI")
    assert (gi.row, gi.col) == (2, 1)


def _or_with_gi(seats: int = 2) -> State:
    state = play(_sr1(seats), Par("GI", 7), LayTile("K9", "5-0", 2), *([Pass()] * (seats + 1)))
    assert state.flow.round == "or"
    return state


def test_ticket_sold_to_a_family_splits_its_value() -> None:
    state = _or_with_gi()
    assert acting_seat(state) == 0
    Given(game, state).when(0, SellTicket("ZOOTicket 1 - Player 1", 6)).rejects(
        Reason.ILLEGAL, "1 to 5"
    )
    state = play(state, SellTicket("ZOOTicket 1 - Player 1", 2))
    assert state.family("GI").cash == 16 and state.players[0].cash == 26 + 3


def test_the_bank_covers_a_forced_train_with_a_double_penalty() -> None:
    state = play(_or_with_gi(), Pass())
    state = replace(state, families=tuple(replace(f, cash=0) for f in state.families))
    state = replace(state, players=(replace(state.players[0], cash=3), state.players[1]))
    state = play(state, BuyTrain("2S-0", 7, "2S"))
    assert state.players[0].cash == 0 and state.players[0].penalty == 8
    assert state.family("GI").cash == 0 and state.train("2S-0").owner == "GI"
    assert state.flow.or_num == 2  # the president helped: the turn ended at once


def test_first_train_and_first_of_type_move_the_price() -> None:
    state = play(_or_with_gi(), Pass())
    f = state.family("GI")
    start_pos = (f.row, f.col)
    state = replace(state, families=tuple(replace(g, cash=99) for g in state.families))
    state = play(state, BuyTrain("2S-0", 7, "2S"), BuyTrain("2S-1", 7, "2S"))
    f = state.family("GI")
    assert (f.row, f.col) == (start_pos[0], start_pos[1] + 1)  # the first train only
    state = play(state, BuyTrain("3S-0", 12, "3S"))
    f = state.family("GI")
    assert (f.row, f.col) == (start_pos[0], start_pos[1] + 2)  # first 3S of the game
    assert state.phase == "3S"


def test_the_first_4s_rusts_every_2s() -> None:
    state = play(_or_with_gi(), Pass())
    ctx = Ctx(replace(state, families=tuple(replace(g, cash=99) for g in state.families)))
    for tid in ("2S-0", "2S-1", "3S-0", "3S-1", "3S-2", "3S Long-0"):
        card = ctx.state.train(tid)
        move_train(ctx, card, "GI" if tid.startswith("2S") else "PB", None)
        after_purchase(ctx, card, "GI", in_or=True)
    four = ctx.state.train("4S-0")
    assert four in depot_offer(ctx.state)
    move_train(ctx, four, "GI", None)
    after_purchase(ctx, four, "GI", in_or=True)
    assert ctx.state.train("2S-0").owner == "rusted"
    assert ctx.state.train("2S-1").owner == "rusted"
    assert ctx.state.phase == "4S"


def test_buying_the_last_4j_makes_another_one() -> None:
    state = start(2)
    ctx = Ctx(state)
    card = state.train("4J-0")
    move_train(ctx, card, "GI", "2J")
    assert ctx.state.train("4J-1").owner == "depot"
    assert ctx.state.train("4J-0").variant == "2J"


def test_sold_out_families_rise_when_the_stock_round_ends() -> None:
    state = play(_sr1(), Par("GI", 7), HOME, Pass(), BuyShares(("GI_1",)), Pass())
    state = play(state, BuyShares(("GI_2",)), Pass(), BuyShares(("GI_3",)), Pass())
    assert state.percent_of("ipo", "GI") == 20  # only the cousin is left
    ctx = Ctx(state)
    finish_sr(ctx)
    gi = ctx.state.family("GI")
    assert (gi.row, gi.col) == (0, 1)


def test_manual_end_is_only_for_imported_games() -> None:
    from domain.games.zoo18.messages import EndGame

    Given(game, _sr1()).when(0, EndGame()).rejects(Reason.FORBIDDEN)


def test_the_president_sells_shares_before_the_bank_covers_a_train() -> None:
    state = play(_sr1(), Par("GI", 7), LayTile("K9", "5-0", 2), Pass())
    state = play(state, Par("PB", 5), HOME, Pass(), Pass())  # seat 1 opens PB
    state = play(state, Pass(), Pass())
    assert state.flow.round == "or"
    while state.flow.order[state.flow.index] != "GI" or state.flow.step != "buy_train":
        seat = acting_seat(state)
        assert seat is not None
        state = play(state, Pass())
    pb = state.share("PB_0")
    assert pb.owner == "p1"
    # seat 0 presides GI; make GI and seat 0 poor, give seat 0 a PB share to sell
    state = replace(state, families=tuple(replace(f, cash=0) for f in state.families))
    state = replace(state, players=(replace(state.players[0], cash=0), state.players[1]))
    shares = tuple(replace(s, owner="p0") if s.id == "PB_1" else s for s in state.shares)
    state = replace(state, shares=shares)
    Given(game, state).when(0, BuyTrain("2S-0", 7, "2S")).rejects(Reason.ILLEGAL, "sell shares")
    assert ("PB_1",) in [c.shares for c in game.legal(state, 0) if isinstance(c, SellShares)]
    state = play(state, SellShares(("PB_1",)))
    assert state.players[0].cash == 5
    state = play(state, BuyTrain("2S-0", 7, "2S"))
    assert state.players[0].penalty == 4


def test_over_the_certificate_limit_the_player_sells_before_passing() -> None:
    state = play(_sr1(), Par("GI", 7), HOME, Pass(), Pass())
    assert acting_seat(state) == 0
    # hand seat 0 more certificates than the 2-player limit of 10 allows
    shares = tuple(
        replace(s, owner="p0") if s.family in ("PB", "PE", "LI") else s for s in state.shares
    )
    families = tuple(
        replace(f, parred=True, row=1, col=1) if f.sym in ("PB", "PE", "LI") else f
        for f in state.families
    )
    state = replace(state, shares=shares, families=families)
    # up to rules 12; rules 13 lets the player pass, as the site does (test_rules13_*)
    state = replace(state, options=replace(state.options, rules=12))
    Given(game, state).when(0, Pass()).rejects(Reason.ILLEGAL, "limit")
    assert all(isinstance(c, SellShares) for c in game.legal(state, 0))
    lax = replace(state, options=replace(state.options, rules=13))
    assert Pass() in game.legal(lax, 0)


def test_whatsup_buys_a_train_in_the_stock_round_that_skips_the_next_run() -> None:
    state = play(start(2), Pass(), Bid("WHATSUP", 3), Par("GI", 7), HOME)
    state = play(state, UsePower("WHATSUP", "whatsup", "GI", "2S-0", "2S"))
    gi = state.family("GI")
    assert state.train("2S-0").owner == "GI" and gi.cash == 7
    assert (gi.row, gi.col) == (1, 2)
    assert state.power("WHATSUP").owner == "closed"
    state = play(state, Pass(), Pass(), Pass())
    assert state.flow.round == "or"
    assert state.train("2S-0").operated  # disabled for this turn


def test_patch_saves_a_rusting_train_and_the_family_runs_the_1s() -> None:
    from domain.games.zoo18.messages import PowerMoved, ProtectTrain

    state = play(_or_with_gi(), Pass())
    ctx = Ctx(replace(state, families=tuple(replace(f, cash=99) for f in state.families)))
    ctx.emit(PowerMoved("PATCH", "GI"))
    for tid in ("2S-0", "2S-1", "3S-0", "3S-1", "3S-2", "3S Long-0"):
        card = ctx.state.train(tid)
        move_train(ctx, card, "GI" if tid == "2S-0" else "PB", None)
        after_purchase(ctx, card, "GI", in_or=True)
    state = play(ctx.state, BuyTrain("4S-0", 20, "4S"))
    assert state.flow.patch_family == "GI" and state.flow.patch_trains == ("2S-0",)
    state = play(state, ProtectTrain("2S-0"))
    assert state.train("2S-0").owner == "aside" and state.train("1S-0").owner == "GI"
    assert state.train("2S-1").owner == "rusted"
    assert state.power("PATCH").data == "2S-0"
