"""Operating-round actions of a family: tiles, tokens, runs, dividends, trains, tickets, powers."""

from __future__ import annotations

import msgspec

from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink, market, patch_subsidy
from domain.games.zoo18.board.routes import SQUEEZE_BONUS
from domain.games.zoo18.ctx import (
    Ctx,
    next_token_price,
    power_owner_family,
    seat_id,
    ticket_value,
    tickets_value,
    train_limit,
)
from domain.games.zoo18.data import (
    DIVIDEND_OPERATES,
    EMERGENCY_PARTIAL,
    MAX_POWERS,
    POWER_PRICE,
    SR_POWERS,
    TOKEN_MEMO,
    WINGS_COST_1S,
)
from domain.games.zoo18.messages import (
    BuyTrain,
    FamilyMarked,
    LayTile,
    Penalised,
    PlaceToken,
    PowerMoved,
    PowerUpdated,
    PresidentHelped,
    PriceMoved,
    RouteClaim,
    RunRecorded,
    SubsidyRaised,
    TileLaid,
    TilePlaced,
    TokenPlaced,
    TrainBonusUsed,
    TrainFlagged,
)
from domain.games.zoo18.state import State
from domain.games.zoo18.trains import (
    after_purchase,
    cheapest_depot,
    counted,
    depot_offer,
    find_buyable,
    has_room,
    list_price,
    move_right,
    move_train,
    sold_by_families,
    variants,
)
from domain.kernel import illegal


def operating(state: State) -> str:
    return state.flow.order[state.flow.index]


def companies_held(state: State, sym: str) -> int:
    return len(state.owned_powers(sym))


def owns(state: State, sym: str, power: str) -> bool:
    return power_owner_family(state, power) == sym


def modifiers(state: State, sym: str) -> B.Modifiers:
    wheat = next(
        (m.split(":", 1)[1] for m in state.family(sym).marks if m.startswith("wheat:")), None
    )
    return B.Modifiers(
        wheat_hex=wheat,
        two_barrels="barrel" in state.family(sym).marks,
        a_squeeze=owns(state, sym, "A_SQUEEZE"),
        wings=owns(state, sym, "WINGS"),
        sugar=owns(state, sym, "A_TIP_OF_SUGAR"),
        hole=state.board is not None and state.board.hole is not None,
        local_on_track=state.options.rules >= 3,
        skip_costs_1s=state.options.rules >= WINGS_COST_1S,
    )


# ---------------------------------------------------------------- tiles and tokens


def lay_tile(ctx: Ctx, sym: str, cmd: LayTile, mode: B.LayMode) -> bool:
    """Lay a tile for `sym`; returns whether it was an upgrade."""
    state = ctx.state
    cost, upgrade, terrain = 0, False, None
    lay = boardlink.lay(
        state, sym, cmd.hex, cmd.tile, cmd.rotation, mode, replay=state.options.imported
    )
    label, replaced = None, None
    if lay is not None:
        cost, upgrade, terrain = lay.cost, lay.upgrade, lay.terrain
        label, replaced = boardlink.lay_facts(state, lay, cmd.hex)
    if owns(state, sym, "SHINING_GOLD") and terrain is not None:
        cost = 0
    if cost > state.family(sym).cash:
        illegal(f"{sym} has {state.family(sym).cash}$N but the lay costs {cost}$N")
    ctx.pay(sym, "bank", cost)
    ctx.record(
        TilePlaced(sym, cmd.hex, cmd.tile, cmd.rotation, mode, label, replaced),
        TileLaid(sym, cmd.hex, cmd.tile, cmd.rotation, mode),
    )
    if owns(state, sym, "SHINING_GOLD") and terrain is not None and mode != "rabbits":
        ctx.pay("bank", sym, 2 if terrain == "hill" else 1)
    return upgrade


def place_token(
    ctx: Ctx,
    sym: str,
    cmd: PlaceToken,
    *,
    free: bool = False,
    anywhere: bool = False,
    extra: bool = False,
) -> None:
    state = ctx.state
    price = next_token_price(state, sym)
    if price is None:
        illegal(f"{sym} has no token left")
    if free:
        price = 0
    if price > state.family(sym).cash:
        illegal(f"{sym} has {state.family(sym).cash}$N but the token costs {price}$N")
    m = boardlink.map_def(state)
    if state.board is None:
        illegal("the game has no board yet")
    hex_, city = B.city_at(state.board, m, cmd.city)
    after = B.check_token(
        state.board,
        m,
        sym,
        hex_,
        city,
        cmd.slot,
        reachable=not anywhere,
        extra_slot=extra,
        rules=state.options.rules,
    )
    ctx.pay(sym, "bank", price)
    fact = boardlink.token_put(state.board, after, cmd.slot)
    if state.options.rules >= 5 and any(
        (r.hex, r.city, r.family) == (hex_, city, sym) and r.slot != fact.slot
        for r in state.board.reservations
    ):  # the site deletes the family's reservations in the city it tokens (City#place_token)
        fact = msgspec.structs.replace(fact, released=True)
    ctx.record(fact, TokenPlaced(sym, hex_, city, cmd.slot, extra))


def token_blocks(state: State, sym: str) -> bool:
    if state.flow.tokened:
        return False
    price = next_token_price(state, sym)
    if price is None:
        return False
    if state.options.rules >= 3 and owns(state, sym, "ON_A_DIET"):
        price = 0  # 18xx.games' cheapest token counts ON A DIET's, free (min_token_price)
    pres = state.president(sym)
    budget = state.family(sym).cash + (tickets_value(state, pres) if pres is not None else 0)
    if price > budget:
        return False
    if state.options.rules >= TOKEN_MEMO and sym in state.token_waited:
        return True  # the site's memoized answer, until the board changes (rules 15)
    m = boardlink.map_def(state)
    if state.board is None:
        return False
    return bool(B.legal_tokens(state.board, m, sym, rules=state.options.rules))


# ---------------------------------------------------------------- routes and dividends


def runnable_trains(state: State, sym: str) -> list[str]:
    return [t.id for t in state.family_trains(sym) if not t.operated]


def route_blocks(state: State, sym: str) -> bool:
    if state.flow.ran or not runnable_trains(state, sym):
        return False
    if any(t.name == "1S" for t in state.family_trains(sym)):
        return True
    m = boardlink.map_def(state)
    if state.board is None:
        return False
    return B.can_run(state.board, m, sym)


def run_routes(
    ctx: Ctx, sym: str, routes: tuple[RouteClaim, ...], *, site_read: bool = False
) -> None:
    state = ctx.state
    owned = {t.id: t for t in state.family_trains(sym)}
    used = [r.train for r in routes]
    if len(set(used)) != len(used) or any(t not in owned for t in used):
        illegal("each route must use a different train of the family")
    revenue = subsidy = 0
    if routes:
        m = boardlink.map_def(state)
        if state.board is None:
            revenue = sum(r.revenue or 0 for r in routes)
            subsidy = sum(r.subsidy or 0 for r in routes)
        else:
            trains = tuple(B.Train(t.id, t.variant or t.name) for t in owned.values())
            specs = tuple(
                B.RouteSpec(
                    r.train,
                    r.connections,
                    revenue=r.revenue,
                    subsidy=r.subsidy,
                    site_read=site_read,
                )
                for r in routes
            )
            result = B.route_revenue(
                state.board,
                m,
                sym,
                trains,
                specs,
                boardlink.colours(state.phase),
                modifiers(state, sym),
            )
            revenue, subsidy = result.revenue, result.subsidy
    for t in state.family_trains(sym):
        if not t.operated:
            ctx.emit(TrainFlagged(t.id, t.obsolete, True, t.disabled))
    claimed = tuple(RouteClaim(r.train, r.connections) for r in routes)
    recorded = claimed if state.options.rules >= 2 else ()  # rules 1 stored no routes
    ctx.emit(RunRecorded(sym, revenue, subsidy, tuple(used), recorded))
    ctx.flow_of_old(ran=True, revenue=revenue, subsidy=subsidy)  # rules 11: RunRecorded
    if state.options.rules >= 2:
        _close_spent_barrels(ctx)


def _close_spent_barrels(ctx: Ctx) -> None:
    """Rules 2, as 18xx.games: TWO BARRELS, both barrels used, closes after the next run of
    any family (its second use spends the power but leaves it open for that run)."""
    barrels = next((p for p in ctx.state.powers if p.id == "TWO_BARRELS"), None)
    if barrels is not None and barrels.uses >= 2 and barrels.owner != "closed":
        ctx.emit(PowerMoved("TWO_BARRELS", "closed"))


def dividend(ctx: Ctx, sym: str, kind: str) -> None:
    state = ctx.state
    revenue, subsidy = state.flow.revenue, patch_subsidy.subsidy(state, sym, modifiers(state, sym))
    f = state.family(sym)
    pos = (f.row, f.col)
    ctx.pay("bank", sym, subsidy)
    if kind == "payout":
        target = market.pay_target(pos, revenue)
        share_cell = market.cell(market.pay_target(pos, revenue + subsidy))
        if market.cell(target).dividend > 0:
            per_share = share_cell.dividend
            for seat in range(len(state.players)):
                pct = state.percent_of(seat_id(seat), sym)
                if pct:
                    ctx.pay("bank", seat_id(seat), per_share * pct // 20)
        pres = state.president(sym)
        bonus = market.cell(target).bonus
        if pres is not None and bonus:
            ctx.pay("bank", seat_id(pres), bonus)
        if target != pos:
            ctx.emit(PriceMoved(sym, *target))
    else:
        ctx.pay("bank", sym, -(-revenue // 25))
        target = market.left(pos)
        if target != pos:
            ctx.emit(PriceMoved(sym, *target))
    if "barrel" in ctx.state.family(sym).marks:
        ctx.emit(FamilyMarked(sym, "-barrel"))
    if state.options.rules >= DIVIDEND_OPERATES:
        # the site's dividend step marks every train of the family as run, whether it ran or
        # its run was skipped (`Dividend#process_dividend`): a train PATCH sets aside or another
        # family buys this OR comes with the mark (B 2p seed 47025 #125)
        for t in ctx.state.family_trains(sym):
            if not t.operated:
                ctx.emit(TrainFlagged(t.id, t.obsolete, True, t.disabled))
    from domain.games.zoo18.patch import rust

    spared = ctx.state.flow.spared
    rust(ctx, [t.id for t in ctx.state.family_trains(sym) if t.obsolete and t.id not in spared])


# ---------------------------------------------------------------- trains


def buy_train_blocks(state: State, sym: str) -> bool:
    flow = state.flow
    if flow.helped:
        return False
    if any(t.name == "1S" for t in state.family_trains(sym)):
        if state.options.rules < 5:
            return True  # only pass while patched
        # rules 5, as 18xx.games: the patched family's step (a pass only) waits where it could
        # buy a train otherwise, the 1S taking a place under the limit as the site counts it
        # (counted holds the 1S from rules 6)
        one_s = 0 if state.options.rules >= 6 else 1
        return counted(state, sym) + one_s < train_limit(state) and _affords_a_train(state, sym)
    if not state.family_trains(sym):
        return True
    if not has_room(state, sym):
        return False
    return _affords_a_train(state, sym)


def _affords_a_train(state: State, sym: str) -> bool:
    """Whether the family's money and its president's tickets reach the cheapest train."""
    pres = state.president(sym)
    budget = state.family(sym).cash + (tickets_value(state, pres) if pres is not None else 0)
    prices = []
    cheapest = cheapest_depot(state)
    if cheapest is not None:
        prices.append(cheapest)
    if sold_by_families(state, sym):
        prices.append(1)
    return bool(prices) and budget >= min(prices)


def emergency_bundles(state: State, sym: str) -> list[tuple[str, ...]]:
    """Certificates the president may sell to pay for the family's forced train: only while
    family and president together cannot pay the dearest train on offer, only as much as needed
    (the bundle without its last certificate would not cover the gap), never so much of the
    buying family that its presidency changes."""
    from domain.games.zoo18.stock import sale_problem

    pres = state.president(sym)
    if pres is None or not must_buy(state, sym):
        return []
    gap = _emergency_gap(state, sym, pres)
    if gap <= 0:
        return []
    me = seat_id(pres)
    out: list[tuple[str, ...]] = []
    for f in state.families:
        mine = [s for s in state.family_shares(f.sym) if s.owner == me]
        normal = [s for s in mine if s.percent == 20]
        pres_cert = [s for s in mine if s.percent == 40]
        bundles = [normal[:k] for k in range(1, len(normal) + 1)]
        if f.sym != sym:
            bundles += [pres_cert + normal[:k] for k in range(len(normal) + 1) if pres_cert]
        price = market.price((f.row, f.col))
        for bundle in bundles:
            ids = tuple(s.id for s in bundle)
            if sale_problem(state, pres, ids, emergency=True):
                continue
            worth = [price * s.percent // 20 for s in bundle]
            if sum(worth) - worth[-1] >= gap:
                continue
            if f.sym == sym:
                left = state.percent_of(me, sym) - sum(s.percent for s in bundle)
                others = (
                    state.percent_of(seat_id(o), sym)
                    for o in range(len(state.players))
                    if o != pres
                )
                if any(p > left for p in others):
                    continue
            out.append(ids)
    return out


def emergency_partials(state: State, sym: str) -> list[tuple[tuple[str, ...], int]]:
    """The sales of another family's president's certificate in part the president may make
    for the forced train (rules 14), with the percent each sells: the site's emergency step
    lists, beside the whole bundles, every certificate the president holds of the family as
    20% less (`partial_bundles_for_presidents_share`), when another holder of 40% takes the
    presidency and the bundle is the least that covers the gap (`selling_minimum_shares?`:
    its value less its cheapest certificate's falls short of it). F 2p seed 45029 #173.

    The site's view lists sales whenever the family must buy a train, and the president's
    certificate alone, as 20%, is worth less than itself whole: its "value less its cheapest
    certificate's" is below zero, so it passes even when family and president together can
    pay, or the family alone (D 2p seed 48267 #337, E 4p seed 48517 #241)."""
    from domain.games.zoo18.stock import sale_problem

    pres = state.president(sym)
    if state.options.rules < EMERGENCY_PARTIAL or pres is None or not must_buy(state, sym):
        return []
    gap = _emergency_gap(state, sym, pres)
    me = seat_id(pres)
    out: list[tuple[tuple[str, ...], int]] = []
    for f in state.families:
        mine = sorted(
            (s for s in state.family_shares(f.sym) if s.owner == me), key=lambda s: -s.percent
        )
        if f.sym == sym or not mine or mine[0].percent != 40:
            continue  # its own family's presidency stays; a partial bundle holds the 40%
        ids = tuple(s.id for s in mine)
        percent = sum(s.percent for s in mine) - 20
        if sale_problem(state, pres, ids, emergency=True, percent=percent):
            continue
        price = market.price((f.row, f.col))
        cheapest = price * min(s.percent for s in mine) // 20
        if price * percent // 20 - cheapest < gap:
            out.append((ids, percent))
    return out


def _emergency_gap(state: State, sym: str, pres: int) -> int:
    """What family and president together lack for the dearest train on offer."""
    offer = [list_price(t, v) for t in depot_offer(state) for v in variants(t)]
    return max(offer, default=0) - state.family(sym).cash - state.players[pres].cash


def must_buy(state: State, sym: str) -> bool:
    return not state.family_trains(sym) and bool(depot_offer(state))


def buy_train(ctx: Ctx, sym: str, cmd: BuyTrain) -> None:
    state = ctx.state
    if state.flow.helped:
        illegal("the president already helped: no more trains this turn")
    if any(t.name == "1S" for t in state.family_trains(sym)):
        illegal("a patched family cannot buy trains")
    if not has_room(state, sym):
        illegal(f"{sym} is at its train limit")
    card = find_buyable(state, sym, cmd.train)
    from_depot = card.owner in ("depot", "discard")
    variant = cmd.variant or card.variant or card.name
    if from_depot and variant not in variants(card):
        illegal(f"{card.id} cannot run as {variant}")
    price = cmd.price
    fam_cash = state.family(sym).cash
    if from_depot:
        lp = list_price(card, variant)
        if price != lp and not (price < lp and price > fam_cash):
            illegal(f"{variant} costs {lp}$N")
    elif not 1 <= price <= fam_cash:
        illegal(f"pay between 1 and {fam_cash}$N for a train from another family")
    if price > fam_cash:
        pres = state.president(sym)
        assert pres is not None
        short = price > fam_cash + state.players[pres].cash
        if (
            from_depot
            and short
            and (emergency_bundles(state, sym) or emergency_partials(state, sym))
        ):
            illegal("the president must first sell shares to pay for the train")
        need = price - fam_cash
        pcash = state.players[pres].cash
        give = min(need, pcash)
        ctx.pay(seat_id(pres), sym, give)
        if need > give:
            ctx.pay("bank", sym, need - give)
            ctx.emit(Penalised(pres, 2 * (need - give)))
        ctx.fact(PresidentHelped(sym))
    seller = card.owner if not from_depot else "bank"
    ctx.pay(sym, seller, price)
    first_of_turn = from_depot and card.owner == "depot" and not ctx.state.flow.train_bonus_used
    move_train(ctx, card, sym, variant if from_depot else None)
    if from_depot and card.owner == "depot":
        fired = after_purchase(ctx, card, sym, in_or=True)
        if first_of_turn:
            move_right(ctx, sym)
            ctx.fact(TrainBonusUsed(sym))
        if fired:
            move_right(ctx, sym)


# ---------------------------------------------------------------- tickets and powers in the OR


def sell_ticket_or(ctx: Ctx, sym: str, ticket: str, price: int | None) -> None:
    state = ctx.state
    value = ticket_value(state)
    paid = value if price is None else price
    if not 1 <= paid <= value:
        illegal(f"sell the ticket for 1 to {value}$N")
    owner = state.power(ticket).owner
    ctx.pay("bank", sym, paid)
    ctx.pay("bank", owner, value - paid)
    ctx.emit(PowerMoved(ticket, "closed"))


def buy_power_or(ctx: Ctx, sym: str, power: str, price: int) -> None:
    state = ctx.state
    try:
        holding = state.power(power)
    except KeyError:
        illegal(f"there is no power {power}")
    if power in SR_POWERS or power.startswith("ZOOTicket"):
        illegal(f"{power} cannot be sold to a family")
    if not holding.owner.startswith("p"):
        illegal(f"{power} is not held by a player")
    if companies_held(state, sym) >= MAX_POWERS:
        illegal(f"{sym} already holds 3 powers")
    if not 0 <= price <= POWER_PRICE[power]:
        illegal(f"pay between 0 and {POWER_PRICE[power]}$N for {power}")
    if price > state.family(sym).cash:
        illegal(f"{sym} has {state.family(sym).cash}$N")
    ctx.pay(sym, holding.owner, price)
    ctx.emit(PowerMoved(power, sym))
    # rules 3: 18xx.games counts the subsidy at the dividend (routes_subsidy), with the powers
    # held then, so A SQUEEZE bought between the run and the dividend still adds its 3
    flow = ctx.state.flow
    squeezed = power == "A_SQUEEZE" and state.options.rules >= 3 and flow.step == "dividend"
    if squeezed and flow.ran and flow.subsidy > 0 and flow.order[flow.index] == sym:
        ctx.fact(SubsidyRaised(SQUEEZE_BONUS))


def whatsup(
    ctx: Ctx, seat: int, sym: str, train: str | None, variant: str | None, price: int | None
) -> None:
    """WHATSUP in the SR: the family buys a depot train (the first of the queue unless named),
    disabled for its next OR turn."""
    state = ctx.state
    from domain.games.zoo18.stock import whatsup_families, whatsup_trains

    if sym not in whatsup_families(state, seat):
        illegal(f"WHATSUP cannot buy a train for {sym} now")
    queue = whatsup_trains(state)
    card = next((t for t in queue if t.id == train), None) if train is not None else queue[0]
    if card is None:
        offered = ", ".join(t.id for t in queue)
        illegal(f"WHATSUP buys a train the depot sells: {offered}")
    var = variant or card.name
    if var not in variants(card):
        illegal(f"{card.id} cannot run as {var}")
    cost = price if (price is not None and state.options.imported) else list_price(card, var)
    if cost > state.family(sym).cash:
        illegal(f"{sym} has {state.family(sym).cash}$N but the train costs {cost}$N")
    ctx.pay(sym, "bank", cost)
    move_train(ctx, card, sym, var)
    ctx.emit(TrainFlagged(card.id, False, False, 1))
    if card.owner == "depot":  # a discarded train changes no phase and rusts nothing (as in the OR)
        after_purchase(ctx, card, sym, in_or=False)
    move_right(ctx, sym)
    if state.options.rules >= 3:  # the family keeps the disabling (the site's ability), below
        ctx.emit(PowerUpdated("WHATSUP", 1, sym))
    ctx.emit(PowerMoved("WHATSUP", "closed"))
