"""The draft and the stock round: pars, share purchases and sales, powers and tickets."""

from __future__ import annotations

from domain.games.zoo18 import boardlink, market
from domain.games.zoo18.ctx import Ctx, offered_powers, operating_order, seat_id, ticket_value
from domain.games.zoo18.data import (
    EMERGENCY_PARTIAL,
    MAP_FAMILIES,
    MAX_POWERS,
    PARS,
    PARTIAL_PRESIDENCY,
    POWER_PRICE,
    cert_limit,
    draft_size,
)
from domain.games.zoo18.messages import (
    BuyPower,
    BuyShares,
    HomeLaysBegun,
    OrderChanged,
    Par,
    Parred,
    PowerMoved,
    PriceMoved,
    SharesMoved,
    StockBought,
    StockSold,
    TokenPlaced,
)
from domain.games.zoo18.state import State, TrainCard
from domain.kernel import illegal

# ---------------------------------------------------------------- queries


def certs(state: State, seat: int) -> int:
    return sum(1 for s in state.shares if s.owner == seat_id(seat))


def powers_held(state: State, seat: int) -> int:
    return len(state.owned_powers(seat_id(seat)))


def allowed_pars(state: State) -> tuple[int, ...]:
    from domain.games.zoo18.ctx import phase_tiles

    tiles = phase_tiles(state)
    return tuple(p for p, (_, _, _, _, colour) in PARS.items() if colour in tiles)


def family_price(state: State, sym: str) -> int:
    f = state.family(sym)
    return market.price((f.row, f.col))


def buyable_shares(state: State, seat: int) -> list[str]:
    """One share id per source (IPO, pool) and family that the player may buy now."""
    me = seat_id(seat)
    flow = state.flow
    out: list[str] = []
    if certs(state, seat) >= cert_limit(state.map, len(state.players)):
        return out
    for f in state.families:
        if not f.parred or f"{seat}:{f.sym}" in flow.sr_sold:
            continue
        held = state.percent_of(me, f.sym)
        if held + 20 > 120:
            continue
        price = market.price((f.row, f.col))
        if price > state.players[seat].cash:
            continue
        ipo = [s for s in state.family_shares(f.sym) if s.owner == "ipo" and s.percent == 20]
        if flow.turn < 3:
            ipo = [s for s in ipo if not s.id.endswith("_4")]
        if ipo and held < 80:
            out.append(ipo[0].id)
        pool = [s for s in state.family_shares(f.sym) if s.owner == "market"]
        if pool:
            out.append(pool[0].id)
    return out


def neighbour_families(state: State) -> tuple[str, ...]:
    """Families that may be opened now under the neighbour rule (fewer than 5 players):
    families form a cycle in name order; the second opened is next to the first, which fixes
    a direction; then only the first unopened family after the last opened one that way."""
    cycle = MAP_FAMILIES[state.map]
    closed = [sym for sym in cycle if not state.family(sym).parred]
    opened = state.par_order
    if len(state.players) >= 5 or not opened or not closed:
        return tuple(closed)

    def step_from(sym: str, direction: int) -> str:
        i = cycle.index(sym)
        for k in range(1, len(cycle)):
            other = cycle[(i + direction * k) % len(cycle)]
            if other in closed:
                return other
        return sym

    if len(opened) == 1:
        return tuple(dict.fromkeys((step_from(opened[0], 1), step_from(opened[0], -1))))
    i0, i1 = cycle.index(opened[0]), cycle.index(opened[1])
    forward = [cycle[(i0 + k) % len(cycle)] for k in range(1, len(cycle))]
    between = forward[: forward.index(cycle[i1])]
    direction = 1 if all(sym in opened for sym in between) else -1
    return (step_from(opened[-1], direction),)


def can_par(state: State, seat: int) -> bool:
    if certs(state, seat) >= cert_limit(state.map, len(state.players)):
        return False
    if not any(not f.parred for f in state.families):
        return False
    return state.players[seat].cash >= 2 * min(allowed_pars(state))


def sale_problem(
    state: State,
    seat: int,
    ids: tuple[str, ...],
    emergency: bool = False,
    percent: int | None = None,
) -> str:
    """Why the player may not sell these certificates now ("" when he may); `percent` sells
    the president's in part (rules 11)."""
    flow = state.flow
    me = seat_id(seat)
    if not ids:
        return "sell at least one certificate"
    try:
        certs_ = [state.share(s) for s in ids]
    except KeyError:
        return "no such share"
    if len(set(ids)) != len(ids):
        return "each certificate once"
    sym = certs_[0].family
    if any(c.family != sym or c.owner != me for c in certs_):
        return "sell only your own certificates of one family at a time"
    if not state.family(sym).parred:
        return f"{sym} is not open"
    if not emergency:
        if flow.bought:
            return "sell before you buy"
        if sym in flow.sold_families:
            return f"you already sold {sym} this turn"
    whole = sum(c.percent for c in certs_)
    if percent is not None and percent != whole:
        partial = partial_problem(state, seat, ids, emergency, percent)
        if partial:
            return partial
    percent = whole if percent is None else percent
    if state.percent_of("market", sym) + percent > 80:
        return "the market may hold at most 80% of a family"
    if any(c.percent == 40 for c in certs_):
        others = max(
            (state.percent_of(seat_id(o), sym) for o in range(len(state.players)) if o != seat),
            default=0,
        )
        if others < 40:
            return "nobody else holds 40% to take over the presidency"
        left = state.percent_of(me, sym) - percent
        if state.options.rules >= 6 and left >= others:
            # the presidency stays (18xx.games keeps it with a seller still among the largest
            # holders, and leaves the certificate in the pool: A 2 20000 #148): 20% certificates
            return f"you stay president of {sym} with {left}%: sell 20% certificates instead"
    return ""


def partial_problem(
    state: State, seat: int, ids: tuple[str, ...], emergency: bool, percent: int
) -> str:
    """Why the president's certificate may not be sold in part now: from rules 11 an SR sale
    may count it as 20% (18xx.games' `bundles_for_corporation` adds a partial bundle for each
    bundle holding it; the new president gives the seller one of its 20% certificates), when
    another holder takes the presidency. From rules 14 an OR's emergency sale may too (the
    site's emergency step lists the same partial bundles; `operating.emergency_partials`)."""
    rules = state.options.rules
    if rules < PARTIAL_PRESIDENCY or (emergency and rules < EMERGENCY_PARTIAL):
        return "sell certificates whole"
    sym = state.share(ids[0]).family
    if f"{sym}_0" not in ids or percent != sum(state.share(s).percent for s in ids) - 20:
        return "only the president's certificate is sold in part, as 20%"
    others = max(
        (state.percent_of(seat_id(o), sym) for o in range(len(state.players)) if o != seat),
        default=0,
    )
    if others <= state.percent_of(seat_id(seat), sym) - percent:
        return f"the presidency of {sym} must pass to sell its certificate in part"
    return ""


def partial_sales(state: State, seat: int) -> list[tuple[tuple[str, ...], int]]:
    """The sales of the president's certificate in part the player may make now (rules 11):
    each bundle `sellable` holds it in, as 20% less."""
    if state.options.rules < PARTIAL_PRESIDENCY:
        return []
    out: list[tuple[tuple[str, ...], int]] = []
    for bundle in sellable(state, seat) if not state.flow.bought else []:
        first = state.share(bundle[0])
        if not first.id.endswith("_0"):
            continue
        percent = sum(state.share(s).percent for s in bundle) - 20
        if not sale_problem(state, seat, bundle, percent=percent):
            out.append((bundle, percent))
    return out


def sellable(state: State, seat: int) -> list[tuple[str, ...]]:
    """Bundles the player may sell now (a sample: growing bundles of each family)."""
    if state.flow.bought:
        return []
    me = seat_id(seat)
    out: list[tuple[str, ...]] = []
    for f in state.families:
        mine = [s.id for s in state.family_shares(f.sym) if s.owner == me]
        normal = [s for s in mine if not s.endswith("_0")]
        pres = [s for s in mine if s.endswith("_0")]
        candidates = [tuple(normal[:k]) for k in range(1, len(normal) + 1)]
        candidates += [tuple(pres + normal[:k]) for k in range(len(normal) + 1) if pres]
        out += [c for c in candidates if not sale_problem(state, seat, c)]
    return out


def usable_sr_powers(state: State, seat: int) -> list[str]:
    me = seat_id(seat)
    out: list[str] = []
    for p in state.owned_powers(me):
        days_off = p.id == "DAYS_OFF" and any(f.parred for f in state.families)
        midas = p.id == "MIDAS" and state.flow.midas != seat
        if days_off or midas:
            out.append(p.id)
        elif p.id == "IT_S_ALL_GREEK_TO_ME" and not state.flow.greek:
            if state.flow.parred_this_sr or state.flow.acted:
                out.append(p.id)
        elif p.id == "WHATSUP" and whatsup_families(state, seat):
            out.append(p.id)
    return out


def whatsup_trains(state: State) -> list[TrainCard]:
    """The trains WHATSUP may buy: the first of the depot queue; from rules 6 the discarded
    ones too, as the site offers every train of `depot_trains` (A 4 10084 #146: PB, 17$N, could
    buy a discarded 3S for 12, and the site kept its player's turn open for that)."""
    from domain.games.zoo18.trains import depot_offer

    offer = depot_offer(state)
    if state.options.rules >= 6:
        return list(offer)
    return [t for t in offer if t.owner == "depot"][:1]


def whatsup_families(state: State, seat: int) -> list[str]:
    """The families `seat` presides that WHATSUP could buy a train for: room, and the cash for
    the cheapest train on offer (the first train's own price before rules 6)."""
    from domain.games.zoo18.trains import cheapest_depot, has_room, list_price

    trains = whatsup_trains(state)
    if not trains:
        return []
    price = cheapest_depot(state) if state.options.rules >= 6 else list_price(trains[0], None)
    assert price is not None
    return [
        f.sym
        for f in state.families
        if f.parred and state.president(f.sym) == seat and has_room(state, f.sym)
        if f.cash >= price
    ]


def must_sell(state: State, seat: int) -> bool:
    """Over the certificate limit (after a presidency change) with something sellable."""
    over = certs(state, seat) > cert_limit(state.map, len(state.players))
    return over and bool(sellable(state, seat))


def sr_has_actions(state: State, seat: int) -> bool:
    """Whether the player's stock-round turn still blocks (18xx.games action list non-empty)."""
    if state.owned_tickets(seat_id(seat)) or usable_sr_powers(state, seat):
        return True
    if sellable(state, seat):
        return True
    if state.flow.bought:
        return False
    over = certs(state, seat) > cert_limit(state.map, len(state.players))
    if not over and (buyable_shares(state, seat) or can_par(state, seat)):
        return True
    return bool(offered_powers(state))


# ---------------------------------------------------------------- draft


def bid(ctx: Ctx, seat: int, power: str, price: int) -> None:
    state = ctx.state
    if (
        power not in state.deck[: draft_size(len(state.players))]
        or state.power(power).owner != "bank"
    ):
        illegal(f"{power} is not offered in the draft")
    if not state.options.imported and price != POWER_PRICE[power]:
        illegal(f"{power} costs {POWER_PRICE[power]}$N")
    if price > state.players[seat].cash:
        illegal(f"you have {state.players[seat].cash}$N but {power} costs {price}$N")
    ctx.pay(seat_id(seat), "bank", price)
    acquire_power(ctx, seat, power)


def acquire_power(ctx: Ctx, seat: int, power: str) -> None:
    ctx.emit(PowerMoved(power, seat_id(seat)))
    if power == "TOO_MUCH_RESPONSIBILITY":
        ctx.pay("bank", seat_id(seat), 3)
        ctx.emit(PowerMoved(power, "closed"))
    elif power == "LEPRECHAUN_POT_OF_GOLD":
        ctx.pay("bank", seat_id(seat), 2)


# ---------------------------------------------------------------- stock round actions


def _check_can_buy(ctx: Ctx, seat: int) -> None:
    if ctx.state.flow.bought:
        illegal("you already bought something this turn")


def par(ctx: Ctx, seat: int, cmd: Par) -> None:
    state = ctx.state
    _check_can_buy(ctx, seat)
    try:
        fam = state.family(cmd.family)
    except KeyError:
        illegal(f"there is no family {cmd.family} on this map")
    if fam.parred:
        illegal(f"{cmd.family} is already open")
    if not state.options.imported and cmd.family not in neighbour_families(state):
        allowed = ", ".join(neighbour_families(state))
        illegal(f"the neighbour rule lets you open only {allowed}")
    if cmd.price not in allowed_pars(state):
        illegal(f"par {cmd.price} is not allowed in phase {state.phase}")
    if certs(state, seat) >= cert_limit(state.map, len(state.players)):
        illegal("you are at your certificate limit")
    cost = 2 * cmd.price
    if cost > state.players[seat].cash:
        illegal(f"you have {state.players[seat].cash}$N but the par costs {cost}$N")
    row, col, bonus, lays, _ = PARS[cmd.price]
    ctx.emit(Parred(cmd.family, row, col))
    ctx.emit(SharesMoved((f"{cmd.family}_0",), seat_id(seat)))
    ctx.pay(seat_id(seat), cmd.family, cost)
    ctx.pay("bank", cmd.family, bonus)
    ctx.record(
        boardlink.home_token(ctx.state, cmd.family),
        TokenPlaced(cmd.family, _home(state, cmd.family), 0, None),
    )
    ctx.fact(HomeLaysBegun(cmd.family, lays))


def _home(state: State, sym: str) -> str:
    from domain.games.zoo18.data import HOMES

    return HOMES[state.map][sym]


def buy_shares(ctx: Ctx, seat: int, cmd: BuyShares) -> None:
    state = ctx.state
    _check_can_buy(ctx, seat)
    if len(cmd.shares) != 1:
        illegal("buy one certificate at a time")
    sid = cmd.shares[0]
    try:
        share = state.share(sid)
    except KeyError:
        illegal(f"there is no share {sid}")
    allowed = buyable_shares(state, seat)
    same_source = [
        s
        for s in allowed
        if state.share(s).family == share.family and state.share(s).owner == share.owner
    ]
    if share.owner not in ("ipo", "market") or not same_source:
        illegal(f"you cannot buy {sid} now")
    if share.owner == "ipo" and share.id.endswith("_4") and state.flow.turn < 3:
        illegal("the cousin share is for sale from Wednesday on")
    price = family_price(state, share.family)
    ctx.pay(seat_id(seat), share.family if share.owner == "ipo" else "bank", price)
    ctx.emit(SharesMoved((sid,), seat_id(seat)))
    ctx.fact(StockBought(seat))
    fix_president(ctx, share.family, seat)


def sell_shares(
    ctx: Ctx,
    seat: int,
    shares: tuple[str, ...],
    emergency: bool = False,
    percent: int | None = None,
) -> None:
    state = ctx.state
    problem = sale_problem(state, seat, shares, emergency, percent)
    if problem:
        illegal(problem)
    certs_ = [state.share(s) for s in shares]
    sym = certs_[0].family
    was_president = state.president(sym) == seat
    price = family_price(state, sym)
    whole = sum(c.percent for c in certs_)
    percent = whole if percent is None else percent
    ctx.pay("bank", seat_id(seat), price * percent // 20)
    if percent != whole:
        _sell_in_part(ctx, seat, sym, shares)
    else:
        ctx.emit(SharesMoved(tuple(shares), "market"))
    bundle = ",".join(shares) + f"/{percent}"
    flow = ctx.state.flow
    repeat = (not emergency) and (not was_president) and bundle in flow.sr_bundles
    if not repeat:
        for _ in range(percent // 20):
            f = ctx.state.family(sym)
            target = market.down((f.row, f.col))
            if target != (f.row, f.col):
                ctx.emit(PriceMoved(sym, *target))
    if not emergency:
        ctx.fact(StockSold(seat, sym, "" if was_president else bundle))
    fix_president(ctx, sym, seat)
    if emergency and state.options.rules >= 3:
        reorder_the_rest(ctx)


def _sell_in_part(ctx: Ctx, seat: int, sym: str, shares: tuple[str, ...]) -> None:
    """The president's certificate sold as 20% (rules 11), in the moves of 18xx.games'
    `SharePool#transfer_shares`: the bundle goes to the market; the largest other holder (ties
    round the priority order) becomes president and puts two 20% certificates in the market
    for the president's; the seller takes back the certificate that came to the market first
    (`handle_partial`: the pool's first share, in the order the shares arrived, which
    `State.acquired` keeps). D 2 42000 #30 of the harness: CR_1 back to the seller, CR_3 in
    the pool; A 4 2027 #88: PE_2, in the market before the sale, back to the seller."""
    state = ctx.state
    order = _president_order(state)
    start = order.index(seat)
    others = [order[(start + k) % len(order)] for k in range(1, len(order))]
    best = max(others, key=lambda o: state.percent_of(seat_id(o), sym))  # the first on a tie
    swapped = _swapped(state, sym, best)
    ctx.emit(SharesMoved(tuple(shares), "market"))
    ctx.emit(SharesMoved(tuple(swapped), "market"))
    ctx.emit(SharesMoved((f"{sym}_0",), seat_id(best)))
    after = ctx.state
    pool = [
        i for i in after.acquired if i.startswith(f"{sym}_") and after.share(i).owner == "market"
    ]
    ctx.emit(SharesMoved((pool[0],), seat_id(seat)))


def reorder_the_rest(ctx: Ctx) -> None:
    """The families yet to operate in this OR, ordered again by their prices now (rules 3): an
    emergency sale moves prices, and 18xx.games recalculates the order behind the operating
    family (`Round::Operating#recalculate_order`)."""
    flow = ctx.state.flow
    rest = flow.order[flow.index + 1 :]
    ranked = tuple(sym for sym in operating_order(ctx.state) if sym in rest)
    if ranked != rest:
        ctx.fact(OrderChanged((*flow.order[: flow.index + 1], *ranked)))


def fix_president(ctx: Ctx, sym: str, actor: int) -> None:
    """Hand the president's certificate to the largest holder when someone overtakes."""
    state = ctx.state
    n = len(state.players)
    pres = state.president(sym)
    pres_cert = f"{sym}_0"
    holder = state.share(pres_cert).owner
    current = pres if pres is not None else actor
    best, best_pct = current, state.percent_of(seat_id(current), sym) if holder != "market" else -1
    order = _president_order(state)
    start = order.index(current)
    for k in range(1, n):
        o = order[(start + k) % n]
        pct = state.percent_of(seat_id(o), sym)
        if pct > best_pct:
            best, best_pct = o, pct
    if holder == "market":
        # the president's certificate was sold: the new president swaps two 20% into the pool
        normal = _swapped(state, sym, best)
        ctx.emit(SharesMoved(tuple(normal), "market"))
        ctx.emit(SharesMoved((pres_cert,), seat_id(best)))
        return
    if best == current or pres is None:
        return
    normal = _swapped(state, sym, best)
    ctx.emit(SharesMoved(tuple(normal), seat_id(pres)))
    ctx.emit(SharesMoved((pres_cert,), seat_id(best)))


def _president_order(state: State) -> list[int]:
    """The seats in the order a tie for the presidency is broken, going round from the old
    president: rules 5 goes round the priority order, as 18xx.games goes round its players,
    which it reorders by priority after each SR (D 4 6183 #259: a sale in the OR tied two
    holders and the site took the one next in priority); earlier rules go round the seats."""
    seats = list(range(len(state.players)))
    if state.options.rules >= 5 and sorted(state.priority) == seats:
        return list(state.priority)
    return seats


def _swapped(state: State, sym: str, seat: int) -> list[str]:
    """The two 20% certificates a new president hands over for the president's: the lowest
    ids (rules 1), or the first two it acquired, as 18xx.games (rules 2)."""
    normal = [
        s.id for s in state.family_shares(sym) if s.owner == seat_id(seat) and s.percent == 20
    ]
    if state.options.rules >= 2:
        order = {sid: n for n, sid in enumerate(state.acquired)}
        normal.sort(key=lambda sid: order.get(sid, -1))
    return normal[:2]


def buy_power_sr(ctx: Ctx, seat: int, cmd: BuyPower) -> None:
    state = ctx.state
    _check_can_buy(ctx, seat)
    if cmd.power not in offered_powers(state):
        illegal(f"{cmd.power} is not on offer")
    price = POWER_PRICE[cmd.power]
    if cmd.price != price:
        illegal(f"{cmd.power} costs {price}$N")
    if price > state.players[seat].cash:
        illegal(f"you have {state.players[seat].cash}$N but {cmd.power} costs {price}$N")
    if powers_held(state, seat) >= MAX_POWERS:
        illegal("you already hold 3 powers")
    ctx.pay(seat_id(seat), "bank", price)
    acquire_power(ctx, seat, cmd.power)
    ctx.fact(StockBought(seat))


def sell_ticket_sr(ctx: Ctx, seat: int, ticket: str) -> None:
    value = ticket_value(ctx.state)
    ctx.pay("bank", seat_id(seat), value)
    ctx.emit(PowerMoved(ticket, "closed"))


def sold_out_moves(ctx: Ctx) -> None:
    full = 120 if ctx.state.flow.turn >= 3 else 100
    for sym in operating_order(ctx.state):
        held = sum(s.percent for s in ctx.state.family_shares(sym) if s.owner.startswith("p"))
        if held >= full:
            f = ctx.state.family(sym)
            target = market.up((f.row, f.col))
            if target != (f.row, f.col):
                ctx.emit(PriceMoved(sym, *target))
