"""Home tile colours by par price, TWO BARRELS once per OR, ON A DIET offered, PATCH and
obsolete trains (spec 18.8), and the board engine's public API used by the flow."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18 import game
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.messages import (
    Assign,
    BoardSet,
    BuyPower,
    BuyTrain,
    Dividend,
    Event,
    LayTile,
    Paid,
    Par,
    Parred,
    Pass,
    PlaceToken,
    PowerMoved,
    PowerUpdated,
    RunRoutes,
    SellShares,
    SharesMoved,
    TrainFlagged,
    TrainMoved,
    UsePower,
)
from domain.games.zoo18.operating import modifiers, token_blocks
from domain.games.zoo18.rounds import start_family_turn, start_or
from domain.games.zoo18.state import State
from domain.kernel import Reason
from tests.given import Given

from .helpers import arrange_flow, play, seat_now, start


def _sr1_in_phase(phase: str) -> State:
    state = play(start(2), Pass(), Pass())
    assert state.flow.round == "sr"
    return replace(state, phase=phase)


def _home_tiles(state: State) -> set[str]:
    lays = [c for c in game.legal(state, seat_now(state)) if isinstance(c, LayTile)]
    return {B.tile_def(c.tile).name for c in lays}


def test_a_par_at_5_in_phase_3s_is_offered_yellow_home_tiles_only() -> None:
    state = play(_sr1_in_phase("3S"), Par("PB", 5))
    assert state.flow.step == "home"
    offered = _home_tiles(state)
    assert offered, "the white home hex must be offered a tile"
    assert offered <= {"5", "6", "57"}


def test_a_green_home_tile_after_a_par_at_5_is_refused_even_in_phase_3s() -> None:
    state = play(_sr1_in_phase("3S"), Par("PB", 5))
    home = next(c for c in game.legal(state, seat_now(state)) if isinstance(c, LayTile))
    green = LayTile(home.hex, "14-0", 0)
    Given(game, state).when(seat_now(state), green).rejects(Reason.ILLEGAL, "cannot be laid")


def test_a_par_at_9_is_offered_green_home_tiles_too() -> None:
    state = play(_sr1_in_phase("3S"), Par("PB", 9))
    offered = _home_tiles(state)
    assert offered & {"14", "15", "619"}
    assert not offered & {"611"}


def _or_with_gi() -> State:
    """GI (home K9) operates alone; its first lay, tile 201 on the Y city L4, gives it a run."""
    state = play(start(2), Pass(), Pass(), Par("GI", 7), LayTile("K9", "5-0", 2), *[Pass()] * 3)
    assert state.flow.round == "or" and state.flow.order == ("GI",)
    return play(state, LayTile("L4", "201-0", 5))


def _give(state: State, *events: Event) -> State:
    ctx = Ctx(state)
    ctx.emit(*events)
    return ctx.state


def _to_step(state: State, step: str) -> State:
    while state.flow.step != step:
        state = play(state, Pass())
    return state


def _barrels(state: State) -> list[UsePower]:
    return [c for c in game.legal(state, 0) if isinstance(c, UsePower) and c.power == "TWO_BARRELS"]


def test_two_barrels_is_used_at_most_once_per_operating_round() -> None:
    state = _give(_or_with_gi(), TrainMoved("2S-0", "GI"), PowerMoved("TWO_BARRELS", "GI"))
    state = _to_step(state, "route")
    assert _barrels(state) == [UsePower("TWO_BARRELS", "two_barrels")]
    used = play(state, UsePower("TWO_BARRELS", "two_barrels"))
    assert used.power("TWO_BARRELS").uses == 1 and "barrel" in used.family("GI").marks
    # even without the family's BARREL mark, the power knows it served in this OR
    unmarked = replace(used, families=tuple(replace(f, marks=()) for f in used.families))
    assert _barrels(unmarked) == []
    Given(game, unmarked).when(0, UsePower("TWO_BARRELS", "two_barrels")).rejects(
        Reason.ILLEGAL, "once per OR"
    )
    next_or = replace(unmarked, flow=replace(unmarked.flow, or_num=unmarked.flow.or_num + 1))
    assert _barrels(next_or) == [UsePower("TWO_BARRELS", "two_barrels")]


def test_the_last_barrel_closes_two_barrels_after_the_run_not_at_its_use() -> None:
    # given GI holding TWO BARRELS with one barrel left, in its route step (rules 2)
    state = _give(
        _or_with_gi(),
        TrainMoved("2S-0", "GI"),
        PowerMoved("TWO_BARRELS", "GI"),
        PowerUpdated("TWO_BARRELS", 1, "0.0"),
    )
    state = _to_step(state, "route")
    assert state.options.rules >= 2
    # when GI uses the last barrel, the power stays with GI for this run (as at 18xx.games)
    used = play(state, UsePower("TWO_BARRELS", "two_barrels"))
    assert used.power("TWO_BARRELS").owner == "GI" and used.power("TWO_BARRELS").uses == 2
    # then it closes once the trains have run
    run = next(c for c in game.legal(used, 0) if isinstance(c, RunRoutes))
    assert play(used, run).power("TWO_BARRELS").owner == "closed"


def test_on_a_diet_is_offered_even_in_a_full_city() -> None:
    state = _give(_or_with_gi(), PowerMoved("ON_A_DIET", "GI"))
    assert state.board is not None
    m = B.load_map("A")
    full = B.check_token(state.board, m, "PB", "L4", 0, reachable=False)
    state = _give(state, BoardSet(full))
    legal = game.legal(state, 0)
    diet = [c for c in legal if isinstance(c, PlaceToken) and c.power == "ON_A_DIET"]
    assert diet == [PlaceToken("201-0-0", 1, "ON_A_DIET")]
    assert not [c for c in legal if isinstance(c, PlaceToken) and c.power is None]
    after = play(state, diet[0])
    assert after.board is not None
    assert {(t.slot, t.owner) for t in after.board.tokens if t.hex == "L4"} == {
        (0, "PB"),
        (1, "GI"),
    }
    assert (
        after.power("ON_A_DIET").owner == "closed"
        and after.family("GI").cash == state.family("GI").cash
    )


def _patched_4s(state: State) -> State:
    """GI runs the 1S in place of its 4S (set aside by PATCH); a 4J made the 4S obsolete."""
    state = _give(
        state,
        TrainMoved("4S-0", "GI"),
        PowerMoved("PATCH", "GI"),
        TrainMoved("4S-0", "aside"),
        TrainMoved("1S-0", "GI"),
        PowerUpdated("PATCH", 1, "4S-0"),
        TrainMoved("4J-0", "PB"),
        TrainFlagged("4S-0", True, False, 0),
    )
    return state


def test_an_obsolete_train_back_from_patch_after_the_1s_ran_is_kept_at_this_dividend() -> None:
    state = _to_step(_patched_4s(_or_with_gi()), "route")
    state = play(state, next(c for c in game.legal(state, 0) if isinstance(c, RunRoutes)))
    assert state.flow.step == "dividend", "the 1S earned something: the dividend waits"
    state = play(state, UsePower("PATCH", "remove_bandage", "GI"))
    assert state.train("4S-0").owner == "GI" and state.train("4S-0").obsolete
    state = play(state, Dividend("withhold"))
    assert state.train("4S-0").owner == "GI"  # it did not run: kept this time


def test_an_obsolete_train_back_from_patch_before_the_run_rusts_at_the_dividend() -> None:
    state = play(_patched_4s(_or_with_gi()), UsePower("PATCH", "remove_bandage", "GI"))
    state = _to_step(state, "route")
    run = next(c for c in game.legal(state, 0) if isinstance(c, RunRoutes))
    assert [r.train for r in run.routes] == ["4S-0"]
    state = play(state, run, Dividend("withhold"))
    assert state.train("4S-0").owner == "rusted"


def test_the_patch_1s_is_never_sold_between_families() -> None:
    state = _give(_or_with_gi(), TrainMoved("1S-0", "PB"), TrainMoved("2S-0", "PB"))
    state = _to_step(state, "buy_train")
    offered = {c.train for c in game.legal(state, 0) if isinstance(c, BuyTrain) and c.price == 1}
    assert offered == {"2S-0"}
    Given(game, state).when(0, BuyTrain("1S-0", 1)).rejects(Reason.ILLEGAL, "cannot be bought")


def _diet_in_full_l4(rules: int) -> State:
    state = _give(_or_with_gi(), PowerMoved("ON_A_DIET", "GI"))
    state = replace(state, options=replace(state.options, rules=rules))
    assert state.board is not None
    full = B.check_token(state.board, B.load_map("A"), "PB", "L4", 0, reachable=False)
    return _give(state, BoardSet(full))


def test_on_a_diet_s_token_is_the_turns_token() -> None:
    """18xx.games (rules 2): after it the family places no other token this turn, and a
    family that placed its token cannot use it."""
    after = play(_diet_in_full_l4(2), PlaceToken("201-0-0", 1, "ON_A_DIET"))
    assert after.flow.tokened
    assert not [c for c in game.legal(after, 0) if isinstance(c, PlaceToken)]
    tokened = _diet_in_full_l4(2)
    tokened = replace(tokened, flow=replace(tokened.flow, tokened=True))
    Given(game, tokened).when(0, PlaceToken("201-0-0", 1, "ON_A_DIET")).rejects(
        Reason.ILLEGAL, "already placed a token this turn"
    )


def test_rules_1_kept_on_a_diet_apart_from_the_turns_token() -> None:
    after = play(_diet_in_full_l4(1), PlaceToken("201-0-0", 1, "ON_A_DIET"))
    assert not after.flow.tokened


def _ancient_maps_halfway(rules: int) -> State:
    state = _give(_or_with_gi(), PowerMoved("ANCIENT_MAPS", "GI"), PowerUpdated("ANCIENT_MAPS", 1))
    return replace(state, options=replace(state.options, rules=rules))


def test_passing_the_second_ancient_maps_lay_keeps_the_spent_power() -> None:
    """18xx.games (rules 2) removes the ability only: the power stays with the family."""
    after = play(_ancient_maps_halfway(2), Pass())
    held = after.power("ANCIENT_MAPS")
    assert (held.owner, held.uses) == ("GI", 2)
    assert not [c for c in game.legal(after, 0) if getattr(c, "power", None) == "ANCIENT_MAPS"]
    Given(game, after).when(0, LayTile("I9", "7-0", 0, "ANCIENT_MAPS")).rejects(
        Reason.ILLEGAL, "no lay left"
    )


def test_rules_1_closed_ancient_maps_on_that_pass() -> None:
    after = play(_ancient_maps_halfway(1), Pass())
    assert after.power("ANCIENT_MAPS").owner == "closed"


def _gi_forced_to_buy(rules: int) -> State:
    """GI operates first (price 10), then PB (9) and PE (8); GI and its president (seat 0, who
    also holds 60% of PB) have no money and GI must buy a train."""
    state = play(start(2), Pass(), Pass())
    state = replace(state, options=replace(state.options, rules=rules))
    ctx = Ctx(state)
    ctx.emit(
        Parred("GI", 0, 3),
        Parred("PB", 1, 3),
        Parred("PE", 2, 3),
        SharesMoved(("GI_0",), "p0"),
        SharesMoved(("PB_0", "PB_1", "PB_2"), "p0"),
        SharesMoved(("PE_0",), "p1"),
    )
    ctx.pay("p0", "bank", ctx.state.players[0].cash)
    arrange_flow(ctx, round="or", or_num=1, order=("GI", "PB", "PE"), index=0, step="buy_train")
    return ctx.state


def test_an_emergency_sale_orders_the_families_yet_to_operate_again() -> None:
    # given GI's forced train, with PB to operate before PE
    state = _gi_forced_to_buy(rules=3)
    # when seat 0 sells a PB share to pay for it, PB falls to 8, behind PE in that cell
    sold = play(state, SellShares(("PB_1",)))
    # then PE operates before PB, as 18xx.games recalculates the order after the sale
    assert sold.flow.order == ("GI", "PE", "PB") and sold.flow.index == 0


def test_rules_two_keeps_the_order_after_an_emergency_sale() -> None:
    sold = play(_gi_forced_to_buy(rules=2), SellShares(("PB_1",)))
    assert sold.flow.order == ("GI", "PB", "PE")


def _patched_after_its_run(rules: int) -> State:
    """GI's 2S ran, then PATCH set it aside for the 1S."""
    state = _or_with_gi()
    state = replace(state, options=replace(state.options, rules=rules))
    return _give(
        state,
        TrainMoved("2S-0", "GI"),
        TrainFlagged("2S-0", False, True, 0),
        PowerMoved("PATCH", "GI"),
        TrainMoved("2S-0", "aside"),
        TrainMoved("1S-0", "GI"),
        PowerUpdated("PATCH", 1, "2S-0"),
    )


def test_a_train_set_aside_by_patch_stays_run_when_an_or_starts() -> None:
    # given GI's 2S set aside by PATCH after it ran
    ctx = Ctx(_patched_after_its_run(rules=3))
    # when the next OR starts
    start_or(ctx, 2, 1)
    # then only the families' trains are made ready: the 2S comes back from the patch having
    # run, as at 18xx.games (whose route step then skips the family)
    assert ctx.state.train("2S-0").operated
    assert not ctx.state.train("1S-0").operated


def test_rules_two_makes_the_set_aside_train_ready_too() -> None:
    ctx = Ctx(_patched_after_its_run(rules=2))
    start_or(ctx, 2, 1)
    assert not ctx.state.train("2S-0").operated


def _whatsup_train_sold_to_gi(rules: int) -> State:
    """WHATSUP bought 2S-0 for PB (disabled for PB's next turn); PB then sold it to GI."""
    state = _or_with_gi()
    state = replace(state, options=replace(state.options, rules=rules))
    return _give(
        state,
        TrainMoved("2S-0", "GI"),
        TrainFlagged("2S-0", False, False, 1),
        PowerUpdated("WHATSUP", 1, "PB"),
        PowerMoved("WHATSUP", "closed"),
    )


def _turn_of(state: State, sym: str) -> State:
    ctx = Ctx(state)
    arrange_flow(ctx, order=(sym,), index=0)
    start_family_turn(ctx)
    return ctx.state


def test_whatsup_disables_the_train_at_the_buyer_s_turn_wherever_it_went() -> None:
    # given the WHATSUP train now GI's
    state = _whatsup_train_sold_to_gi(rules=3)
    # when GI's turn starts, it may run the train (the disabling is PB's, as at 18xx.games)
    assert not _turn_of(state, "GI").train("2S-0").operated
    # when PB's turn starts, the train is marked as having run, though GI holds it
    assert _turn_of(state, "PB").train("2S-0").operated


def test_rules_two_disables_the_whatsup_train_at_its_owner_s_turn() -> None:
    state = _whatsup_train_sold_to_gi(rules=2)
    assert _turn_of(state, "GI").train("2S-0").operated


def _gi_ran_with_a_pond(rules: int) -> State:
    """GI's run earned 40 and 1$N of subsidy (a pond); its president holds A SQUEEZE."""
    state = _or_with_gi()
    state = replace(state, options=replace(state.options, rules=rules))
    state = _give(state, PowerMoved("A_SQUEEZE", "p0"))
    ctx = Ctx(state)
    arrange_flow(ctx, step="dividend", ran=True, revenue=40, subsidy=1)
    return ctx.state


def test_a_squeeze_bought_after_the_run_adds_its_subsidy_at_the_dividend() -> None:
    # given GI's run with a pond, its subsidy counted without A SQUEEZE
    state = _gi_ran_with_a_pond(rules=3)
    # when GI buys A SQUEEZE before deciding the dividend
    bought = play(state, BuyPower("A_SQUEEZE", 1))
    # then the dividend pays the subsidy with its 3 more, as 18xx.games counts it then
    assert bought.flow.subsidy == 4
    cash = bought.family("GI").cash
    assert play(bought, Dividend("payout")).family("GI").cash == cash + 4


def test_rules_two_counts_the_subsidy_at_the_run() -> None:
    assert play(_gi_ran_with_a_pond(rules=2), BuyPower("A_SQUEEZE", 1)).flow.subsidy == 1


def _greek_after_the_others_passed(rules: int) -> State:
    """SR 1: the first seat passed; the second, who parred a family earlier in this round,
    holds IT'S ALL GREEK TO ME and uses it."""
    state = play(start(2), Pass(), Pass())
    state = replace(state, options=replace(state.options, rules=rules))
    state = play(state, Pass())
    ctx = Ctx(state)
    ctx.emit(PowerMoved("IT_S_ALL_GREEK_TO_ME", f"p{seat_now(state)}"))
    arrange_flow(ctx, parred_this_sr=True)
    return play(ctx.state, UsePower("IT_S_ALL_GREEK_TO_ME", "greek"))


def test_greek_used_by_the_last_to_pass_closes_as_the_round_ends() -> None:
    # given the others passed, the holder uses the power for an extra turn
    state = _greek_after_the_others_passed(rules=3)
    # when the holder passes too, the stock round ends (every seat passed; no family runs,
    # so the next stock round starts)
    ended = play(state, Pass())
    assert (ended.flow.round, ended.flow.turn) == ("sr", 2)
    # then the power is closed, as at 18xx.games: the extra turn is never played
    assert ended.power("IT_S_ALL_GREEK_TO_ME").owner == "closed"


def test_rules_two_keeps_the_unplayed_greek_with_its_holder() -> None:
    ended = play(_greek_after_the_others_passed(rules=2), Pass())
    assert (ended.flow.round, ended.flow.turn) == ("sr", 2)
    assert ended.power("IT_S_ALL_GREEK_TO_ME").owner.startswith("p")


def test_rules_three_runs_a_local_route_only_on_track() -> None:
    state = _or_with_gi()
    assert modifiers(state, "GI").local_on_track
    old = replace(state, options=replace(state.options, rules=2))
    assert not modifiers(old, "GI").local_on_track


def _gi_short_of_a_token_with_on_a_diet(rules: int) -> State:
    """GI holds ON A DIET but has 1$N, less than its next token (2$N), and no tickets help."""
    state = _or_with_gi()
    state = replace(state, options=replace(state.options, rules=rules))
    tickets = [t.id for t in state.tickets if t.owner == "p0"]
    return _give(
        state,
        PowerMoved("ON_A_DIET", "GI"),
        *[PowerMoved(t, "closed") for t in tickets],
        Paid("GI", "bank", state.family("GI").cash - 1),
    )


def test_on_a_diet_makes_the_token_step_wait_even_without_the_money() -> None:
    # given GI short of its next token's price, holding ON A DIET
    state = _gi_short_of_a_token_with_on_a_diet(rules=3)
    # then the token step waits for GI, as 18xx.games counts ON A DIET's token as free when it
    # asks whether a token can be placed
    assert token_blocks(state, "GI")


def test_rules_two_skips_the_token_step_without_the_money() -> None:
    assert not token_blocks(_gi_short_of_a_token_with_on_a_diet(rules=2), "GI")


def _wip_on_the_home_of_tiger(rules: int) -> State:
    """GI holds WORK IN PROGRESS; TI (not parred) keeps slot 0 of its home H14, where a
    two-slot tile is laid."""
    state = _or_with_gi()
    state = replace(state, options=replace(state.options, rules=rules))
    assert state.board is not None
    board = replace(state.board, tiles=(*state.board.tiles, B.LaidTile("H14", "14-0", 0)))
    return _give(state, BoardSet(board), PowerMoved("WORK_IN_PROGRESS", "GI"))


def _slots_of_h14(state: State) -> dict[int, str]:
    assert state.board is not None
    return {t.slot: t.owner for t in state.board.tokens if t.hex == "H14"}


def test_work_in_progress_takes_the_slot_kept_for_a_family_no_one_presides() -> None:
    # given TI's home slot kept while TI has no president
    state = _wip_on_the_home_of_tiger(rules=3)
    # when GI blocks a slot of H14
    blocked = play(state, Assign("WORK_IN_PROGRESS", "H14"))
    # then the block goes into TI's slot, as at 18xx.games, and the other slot stays open
    assert _slots_of_h14(blocked) == {0: "WIP"}


def test_rules_two_blocks_the_first_open_slot() -> None:
    blocked = play(_wip_on_the_home_of_tiger(rules=2), Assign("WORK_IN_PROGRESS", "H14"))
    assert _slots_of_h14(blocked) == {1: "WIP"}
