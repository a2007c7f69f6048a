"""legal: every command a seat may send now, as complete as 18xx.games (issue 25): every lay,
token, trade and price the rules accept is offered. Where several commands are the same move
(shares sold in another order, another copy of a tile, a default named or left out) one form is
offered, and `canonical` maps every form to it."""

from __future__ import annotations

from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink, powers, stock
from domain.games.zoo18 import operating as op
from domain.games.zoo18.commands import judge
from domain.games.zoo18.ctx import Ctx, next_token_price, offered_powers, seat_id, ticket_value
from domain.games.zoo18.data import (
    MAX_POWERS,
    PASS_OVER_LIMIT,
    POWER_PRICE,
    SR_POWERS,
    cert_limit,
    draft_size,
)
from domain.games.zoo18.messages import (
    Assign,
    Bid,
    BuyPower,
    BuyShares,
    BuyTrain,
    Command,
    DiscardTrain,
    Dividend,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    ProtectTrain,
    RouteClaim,
    RunRoutes,
    SellShares,
    SellTicket,
    UsePower,
)
from domain.games.zoo18.rounds import acting_seat, crowded, settle
from domain.games.zoo18.state import State
from domain.games.zoo18.trains import depot_offer, list_price, sold_by_families, variants
from domain.kernel import Rejected


def legal(state: State, seat: int) -> list[Command]:
    """Computed afresh on every call: the domain keeps no memo between calls."""
    if state.ended or acting_seat(state) != seat:
        return []
    flow = state.flow
    if flow.patch_family:
        return [ProtectTrain(None), *(ProtectTrain(t) for t in flow.patch_trains)]
    heavy = crowded(state) if flow.round in ("sr", "or") else None
    if heavy is not None:
        return [DiscardTrain(t.id) for t in state.family_trains(heavy) if not t.obsolete]
    if flow.round == "draft":
        return _draft(state, seat)
    if flow.round == "sr":
        return _home(state) if flow.lay_family else _stock(state, seat)
    if flow.round == "or":
        return _operating(state, seat)
    return []


def _draft(state: State, seat: int) -> list[Command]:
    cash = state.players[seat].cash
    window = state.deck[: draft_size(len(state.players))]
    out: list[Command] = [Pass()]
    offered = [p.id for p in state.powers if p.owner == "bank" and p.id in window]
    if state.options.imported:
        # 18xx.games charges a draft bid's price without checking it (recorded games bid
        # old list prices): an imported game's seat may bid any amount it has
        return out + [Bid(p, price) for p in offered for price in range(cash + 1)]
    return out + [Bid(p, POWER_PRICE[p]) for p in offered if POWER_PRICE[p] <= cash]


def _home(state: State) -> list[Command]:
    flow = state.flow
    if flow.step == "home":
        lays = _lays(state, flow.lay_family, "home")
        forced = lays and boardlink.home_is_white(state, flow.lay_family)
        return lays if forced else [Pass(), *lays]
    return [Pass(), *_lays(state, flow.lay_family, "bonus")]


def _stock(state: State, seat: int) -> list[Command]:
    me = seat_id(seat)
    player = state.players[seat]
    sales: list[Command] = [SellShares(bundle) for bundle in stock.sellable(state, seat)]
    sales += [SellShares(bundle, part) for bundle, part in stock.partial_sales(state, seat)]
    if stock.must_sell(state, seat) and state.options.rules < PASS_OVER_LIMIT:
        return sales
    out: list[Command] = [Pass(), *sales]
    if not state.flow.bought:
        over = stock.certs(state, seat) >= cert_limit(state.map, len(state.players))
        if not over:
            for sym in stock.neighbour_families(state):
                for price in stock.allowed_pars(state):
                    if 2 * price <= player.cash:
                        out.append(Par(sym, price))
            out += [
                BuyShares((sid,)) for sid in _same_source(state, stock.buyable_shares(state, seat))
            ]
        if len(state.owned_powers(me)) < MAX_POWERS:
            out += [
                BuyPower(p, POWER_PRICE[p])
                for p in offered_powers(state)
                if POWER_PRICE[p] <= player.cash
            ]
    out += [SellTicket(t.id) for t in state.owned_tickets(me)]
    for power in stock.usable_sr_powers(state, seat):
        if power == "DAYS_OFF":
            out += [UsePower(power, "days_off", f.sym) for f in state.families if f.parred]
        elif power == "MIDAS":
            out.append(UsePower(power, "midas"))
        elif power == "IT_S_ALL_GREEK_TO_ME":
            out.append(UsePower(power, "greek"))
        elif power == "WHATSUP":
            for sym in stock.whatsup_families(state, seat):
                for card in stock.whatsup_trains(state):
                    for v in variants(card):
                        if list_price(card, v) <= state.family(sym).cash:
                            out.append(UsePower(power, "whatsup", sym, card.id, v))
    return out


def _operating(state: State, seat: int) -> list[Command]:
    flow = state.flow
    sym = flow.order[flow.index]
    pending = powers.half_used(state, sym)
    if pending is not None:
        linked = [c for c in _power_uses(state, sym) if getattr(c, "power", None) == pending]
        if not linked and pending != "HOLE":
            return [Pass()]
        # the site's power step may be passed (ANCIENT MAPS' second lay, issue 42's explorer)
        return [*linked, *([Pass()] if _accepts(state, sym, Pass()) else [])]
    fam = state.family(sym)
    step = flow.step
    out: list[Command] = []
    if step == "track":
        out.append(Pass())
        out += _lays(state, sym, "track", upgrades=not flow.upgraded)
    elif step == "token":
        out.append(Pass())
        m = boardlink.map_def(state)
        if state.board is not None:
            price = next_token_price(state, sym)
            if price is not None and price <= fam.cash:
                out += [
                    PlaceToken(o.city_id, o.slot)
                    for o in B.legal_tokens(state.board, m, sym, rules=state.options.rules)
                ]
    elif step == "route":
        out.append(RunRoutes(_best_routes(state, sym)))
    elif step == "dividend":
        out += [Dividend("payout"), Dividend("withhold")]
    elif step == "discard":
        heavy = crowded(state)
        if heavy is not None:
            out += [DiscardTrain(t.id) for t in state.family_trains(heavy) if not t.obsolete]
    elif step == "buy_train":
        must = op.must_buy(state, sym)
        if not must:
            out.append(Pass())
        if not any(t.name == "1S" for t in state.family_trains(sym)):
            bundles = op.emergency_bundles(state, sym) if must else []
            partials = op.emergency_partials(state, sym) if must else []
            out += [SellShares(b) for b in bundles]
            out += [SellShares(b, part) for b, part in partials]
            out += _train_buys(state, sym, must, emergency=bool(bundles or partials))
    elif step == "done":
        out.append(Pass())
    if not flow.helped:
        out += _power_uses(state, sym)
        pres = state.president(sym)
        if pres == seat:
            out += [
                SellTicket(t.id, price)
                for t in state.owned_tickets(seat_id(seat))
                for price in range(1, ticket_value(state) + 1)
            ]
        if len(state.owned_powers(sym)) < MAX_POWERS:
            for p in state.powers:
                if p.owner.startswith("p") and p.id not in SR_POWERS:
                    top = min(POWER_PRICE[p.id], fam.cash)
                    out += [BuyPower(p.id, price) for price in range(top + 1)]
    return out


def _lays(state: State, sym: str, mode: B.LayMode, *, upgrades: bool = True) -> list[Command]:
    """Every lay the rules allow (one per tile name and track shape: `canonical` names the copy
    and rotation of the others), the hexes in order. Only the turn's normal lays keep off the
    hexes laid this turn; a power's lay may upgrade one."""
    laid = frozenset(state.flow.laid_hexes if mode == "track" else ())
    options = boardlink.legal_lays(state, sym, mode, upgrades=upgrades, exclude_hexes=laid)
    cash = state.family(sym).cash
    if op.owns(state, sym, "SHINING_GOLD"):  # no terrain cost to pay
        return [LayTile(o.hex, o.tile, o.rotation) for o in options]
    return [LayTile(o.hex, o.tile, o.rotation) for o in options if o.cost <= cash]


def _best_routes(state: State, sym: str) -> tuple[RouteClaim, ...]:
    m = boardlink.map_def(state)
    if state.board is None:
        return ()
    trains = tuple(
        B.Train(t.id, t.variant or t.name) for t in state.family_trains(sym) if not t.operated
    )
    if not trains:
        return ()
    colours = boardlink.colours(state.phase)
    mods = op.modifiers(state, sym)
    specs = B.best_routes(state.board, m, sym, trains, colours, mods)
    return tuple(RouteClaim(s.train, s.connections) for s in specs)


def _train_buys(state: State, sym: str, must: bool, emergency: bool = False) -> list[Command]:
    from domain.games.zoo18.trains import has_room

    if not has_room(state, sym):
        return []
    cash = state.family(sym).cash
    out: list[Command] = []
    for card in depot_offer(state):
        for v in variants(card):
            price = list_price(card, v)
            pres = state.president(sym)
            short = pres is None or price > cash + state.players[pres].cash
            if price <= cash or (must and not (emergency and short)):
                out.append(BuyTrain(card.id, price, v))
    for t in sold_by_families(state, sym):
        out += [BuyTrain(t.id, price) for price in range(1, cash + 1)]
    return out


def _power_uses(state: State, sym: str) -> list[Command]:
    """What the family's OR powers can do now (each use `decide` accepts)."""
    out: list[Command] = []
    m = boardlink.map_def(state)
    board = state.board
    if board is None:
        return out
    held = {p.id: p for p in state.owned_powers(sym)}
    if "WHEAT" in held:
        out += [Assign("WHEAT", t.hex) for t in board.tokens if t.owner == sym]
    if powers.barrels_usable(state, sym):
        out.append(UsePower("TWO_BARRELS", "two_barrels"))
    if "ON_A_DIET" in held and next_token_price(state, sym) is not None:
        diets = (
            PlaceToken(o.city_id, o.slot, "ON_A_DIET")
            for o in B.legal_tokens(board, m, sym, extra_slot=True, rules=state.options.rules)
        )
        out += [t for t in diets if _accepts(state, sym, t)]
    laid = [t.hex for t in board.tiles]
    for power in ("WORK_IN_PROGRESS", "THAT_S_MINE"):
        if power in held and not (power == "THAT_S_MINE" and held[power].uses):
            out += [a for a in (Assign(power, h) for h in laid) if _accepts(state, sym, a)]
    if "HOLE" in held:
        first = held["HOLE"].data
        out += [Assign("HOLE", r) for r in m.r_areas if r != first]
    for power, (mode, _) in powers.POWER_LAYS.items():
        if power in held and powers.lays_left(state, power):
            for lay in _lays(state, sym, mode):
                assert isinstance(lay, LayTile)
                out.append(LayTile(lay.hex, lay.tile, lay.rotation, power))
    if "THAT_S_MINE" in held and held["THAT_S_MINE"].uses and not state.flow.tokened:
        kept = [r for r in board.reservations if r.family == sym]
        for r in kept:
            token = PlaceToken(B.city_id(board, r.hex, r.city), r.slot, "THAT_S_MINE")
            if _accepts(state, sym, token):
                out.append(token)
    from domain.games.zoo18 import patch

    if patch.can_protect(state, sym) and patch.patch_holder(state) == sym:
        out += [
            UsePower("PATCH", "patch", sym, t.id)
            for t in state.family_trains(sym)
            if t.name != "1S"
        ]
    if "PATCH" in held and held["PATCH"].data:
        out.append(UsePower("PATCH", "remove_bandage", sym))
    return out


def _accepts(state: State, sym: str, command: Command) -> bool:
    """Whether `decide` takes the command: the acting seat's, judged and settled."""
    seat = acting_seat(state)
    if seat is None:
        return False
    ctx = Ctx(state)
    try:
        judge(ctx, seat, command)
        settle(ctx)
    except Rejected:
        return False
    return True


def _same_source(state: State, allowed: list[str]) -> list[str]:
    """Every certificate `buy_shares` takes for the allowed ones: any of the same family and
    place (the cousin only from Wednesday on)."""
    out: list[str] = []
    for sid in allowed:
        first = state.share(sid)
        out += [
            s.id
            for s in state.family_shares(first.family)
            if s.owner == first.owner
            and s.percent == first.percent
            and not (s.owner == "ipo" and s.id.endswith("_4") and state.flow.turn < 3)
        ]
    return out


def canonical(command: Command, state: State) -> Command:
    """One form of each move, for commands `decide` treats alike at `state`: a tile lay names
    the tile, not its copy, and the lowest rotation giving the same track; shares are sold in
    id order; a free slot of a city is its first one (any slot for ON A DIET's extra one); a
    default left out is named (WHATSUP's train and variant, an OR ticket's price, the family
    PATCH acts for); a pass in a PATCH decision is "save none"."""
    flow = state.flow
    match command:
        case LayTile(hex=hex_, tile=tile, rotation=rotation, power=power):
            name = B.maps.tile_name(tile)
            return LayTile(hex_, name, _first_rotation(name, rotation), power)
        case SellShares(shares=shares, percent=percent):
            whole = sum(state.share(s).percent for s in shares) if percent is not None else None
            return SellShares(tuple(sorted(shares)), None if percent == whole else percent)
        case PlaceToken(city=city, slot=slot, power=power):
            if power == "ON_A_DIET":
                return PlaceToken(city, None, power)
            return PlaceToken(city, _first_free_slot(state, city, slot), power)
        case SellTicket(ticket=ticket, price=price):
            if flow.round == "or":
                return SellTicket(ticket, ticket_value(state) if price is None else price)
            return SellTicket(ticket)
        case UsePower(power="WHATSUP", kind=kind, family=family, train=train, variant=variant):
            queue = stock.whatsup_trains(state)
            first = queue[0].id if queue and train is None else train
            named = next((t for t in queue if t.id == first), None)
            default = named.name if named else None
            return UsePower("WHATSUP", kind, family, first, variant or default, command.price)
        case UsePower(power="PATCH", kind="patch", train=train):
            return UsePower("PATCH", "patch", None, train)
        case UsePower(power="PATCH", kind="remove_bandage", family=None) if flow.round == "or":
            return UsePower("PATCH", "remove_bandage", flow.order[flow.index])
        case BuyTrain(train=train, price=price, variant=None):
            bought = next((t for t in state.trains if t.id == train), None)
            if bought is not None and bought.owner in ("depot", "discard"):
                return BuyTrain(train, price, bought.variant or bought.name)
        case Pass() if flow.patch_family:
            return ProtectTrain(None)
    return command


def _first_rotation(name: str, rotation: int) -> int:
    """The lowest rotation at which tile `name` lies exactly as at `rotation`."""
    tile = B.maps.tile_def(name)
    here = B.lays.layout(tile, rotation)
    return next(turn for turn in range(6) if B.lays.layout(tile, turn) == here)


def _first_free_slot(state: State, city: str, slot: int | None) -> int | None:
    """A free slot kept for nobody stands for the first such slot of its city."""
    board = state.board
    if board is None or slot is None:
        return slot
    try:
        hex_, index = B.city_at(board, boardlink.map_def(state), city)
    except Rejected:
        return slot
    taken = {t.slot for t in board.tokens if (t.hex, t.city) == (hex_, index)}
    kept = {r.slot for r in board.reservations if (r.hex, r.city) == (hex_, index)}
    free = [n for n in range(slot + 1) if n not in taken and n not in kept]
    return free[0] if slot in free else slot
