"""commands: the rules of each player command, by round (the rule modules stock, operating,
powers and patch judge the details). `judge` emits the command's own events into the decision
context; `decide` settles what follows."""

from __future__ import annotations

from domain.games.zoo18 import operating as op
from domain.games.zoo18 import patch, powers, stock
from domain.games.zoo18.boardlink import home_lays
from domain.games.zoo18.ctx import Ctx, seat_id
from domain.games.zoo18.data import PASS_OVER_LIMIT, SITE_READ_RUNS
from domain.games.zoo18.messages import (
    Assign,
    Bid,
    BonusLaysLeft,
    BuyPower,
    BuyShares,
    BuyTrain,
    Command,
    DiscardTrain,
    Dividend,
    DraftTurnEnded,
    FamilyTokened,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    ProtectTrain,
    RunRoutes,
    SellShares,
    SellTicket,
    StepBegun,
    TrackLaid,
    TrainMoved,
    UsePower,
)
from domain.games.zoo18.rounds import (
    crowded,
    end_family_turn,
    end_sr_turn,
    next_step,
)
from domain.kernel import illegal


def judge(ctx: Ctx, seat: int, command: Command) -> None:
    """Check `command` of the acting `seat` and emit its own events into `ctx`."""
    state = ctx.state
    round_ = state.flow.round
    if crowded(state) is not None and not state.flow.patch_family:
        if not isinstance(command, DiscardTrain):
            illegal("a family is over its train limit: it discards first")
        _discard(ctx, command.train)
    elif state.flow.patch_family:
        if isinstance(command, ProtectTrain):
            patch.decide_protection(ctx, command.train)
        elif isinstance(command, Pass):
            patch.decide_protection(ctx, None)
        else:
            illegal("first decide whether PATCH saves a rusting train")
    elif round_ == "draft":
        _draft(ctx, seat, command)
    elif round_ == "sr":
        _stock(ctx, seat, command)
    elif round_ == "or":
        _operate(ctx, seat, command)
    else:
        illegal("nothing to do now")


def _draft(ctx: Ctx, seat: int, command: Command) -> None:
    if isinstance(command, Bid):
        stock.bid(ctx, seat, command.power, command.price)
    elif not isinstance(command, Pass):
        illegal("in the draft, buy one offered power or pass")
    ctx.fact(DraftTurnEnded(seat))


def _stock(ctx: Ctx, seat: int, command: Command) -> None:
    flow = ctx.state.flow
    if flow.lay_family:
        _home_lays(ctx, command)
        return
    match command:
        case Pass():
            # 18xx.games' 18ZOO step offers a pass whatever its base step asks (rules 12)
            lax = ctx.state.options.imported or ctx.state.options.rules >= PASS_OVER_LIMIT
            if not lax and stock.must_sell(ctx.state, seat):
                illegal("you hold more certificates than the limit: sell first")
            end_sr_turn(ctx)
        case Par():
            stock.par(ctx, seat, command)
        case BuyShares():
            stock.buy_shares(ctx, seat, command)
        case SellShares():
            stock.sell_shares(ctx, seat, command.shares, percent=command.percent)
        case BuyPower():
            stock.buy_power_sr(ctx, seat, command)
        case SellTicket():
            _own_ticket(ctx, seat, command.ticket)
            stock.sell_ticket_sr(ctx, seat, command.ticket)
        case UsePower():
            powers.use_sr_power(ctx, seat, command)
        case _:
            illegal("that is not a stock-round action")


def _home_lays(ctx: Ctx, command: Command) -> None:
    flow = ctx.state.flow
    sym = flow.lay_family
    if isinstance(command, LayTile) and command.power is None:
        op.lay_tile(ctx, sym, command, "home" if flow.step == "home" else "bonus")
    elif not isinstance(command, Pass):
        illegal(f"{sym} lays its home tile (or passes when it cannot)")
    elif flow.step == "home" and not ctx.state.options.imported and _home_lay_required(ctx, sym):
        illegal(f"{sym} must lay a tile on its white home hex")
    if flow.step == "home":
        ctx.fact(StepBegun("bonus"))
    elif isinstance(command, Pass):
        ctx.fact(BonusLaysLeft(0))
    else:
        ctx.fact(BonusLaysLeft(flow.bonus_left - 1))


def _home_lay_required(ctx: Ctx, sym: str) -> bool:
    return bool(home_lays(ctx.state, sym))


def _own_ticket(ctx: Ctx, seat: int, ticket: str) -> None:
    try:
        holding = ctx.state.power(ticket)
    except KeyError:
        illegal(f"there is no ticket {ticket}")
    if not ticket.startswith("ZOOTicket") or holding.owner != seat_id(seat):
        illegal(f"{ticket} is not your ZOOTicket")


def _operate(ctx: Ctx, seat: int, command: Command) -> None:
    state = ctx.state
    flow = state.flow
    sym = flow.order[flow.index]
    step = flow.step
    pending = powers.half_used(state, sym)
    if pending == "ANCIENT_MAPS":
        if isinstance(command, Pass):  # no second lay is possible: the power is spent
            powers.give_up_lays(ctx, pending)
            return
        if not (isinstance(command, LayTile) and command.power == pending):
            illegal("ANCIENT MAPS lays its two tiles together")
    elif pending == "HOLE" and not (isinstance(command, Assign) and command.power == pending):
        illegal("HOLE needs its second red area first")
    match command:
        case SellTicket():
            _own_ticket(ctx, seat, command.ticket)
            if flow.helped:
                illegal("the president already helped this turn")
            op.sell_ticket_or(ctx, sym, command.ticket, command.price)
        case BuyPower():
            if flow.helped:
                illegal("the president already helped this turn")
            op.buy_power_or(ctx, sym, command.power, command.price)
        case UsePower():
            powers.use_or_power(ctx, sym, command)
        case Assign():
            powers.assign(ctx, sym, command)
        case LayTile() if command.power is not None:
            powers.power_lay(ctx, sym, command)
        case PlaceToken() if command.power is not None:
            powers.power_token(ctx, sym, command)
        case LayTile():
            if step != "track":
                illegal("tiles are laid at the start of the turn")
            _track(ctx, sym, command)
        case PlaceToken():
            if step != "token":
                illegal("no token can be placed now")
            op.place_token(ctx, sym, command)
            ctx.fact(FamilyTokened(sym))
            next_step(ctx)
        case RunRoutes():
            if step != "route":
                illegal("the trains do not run now")
            if command.site_read and not state.options.imported:
                illegal("only a run imported from 18xx.games is read as the site read it")
            site_read = command.site_read and state.options.rules >= SITE_READ_RUNS
            op.run_routes(ctx, sym, command.routes, site_read=site_read)
            next_step(ctx)
        case Dividend():
            if step != "dividend":
                illegal("no dividend to decide now")
            if command.kind not in ("payout", "withhold"):
                illegal("pay out or withhold")
            op.dividend(ctx, sym, command.kind)
            next_step(ctx)
        case BuyTrain():
            if step != "buy_train":
                illegal("trains are bought after the run")
            op.buy_train(ctx, sym, command)
            if not op.buy_train_blocks(ctx.state, sym):
                ctx.fact(StepBegun("done"))
        case SellShares():
            if step != "buy_train" or not op.must_buy(state, sym):
                illegal("shares are sold in the OR only to raise money for a train")
            shares = tuple(command.shares)
            whole = command.percent is None or command.percent == sum(
                s.percent for s in state.shares if s.id in shares
            )
            if whole and shares not in op.emergency_bundles(state, sym):
                illegal("sell only what the forced train needs, keeping the presidency")
            if not whole and (shares, command.percent) not in op.emergency_partials(state, sym):
                illegal("sell in part only the whole holding of a presidency that passes")
            stock.sell_shares(ctx, seat, command.shares, emergency=True, percent=command.percent)
        case DiscardTrain():
            _discard(ctx, command.train)
        case Pass():
            if step in ("route", "dividend"):
                illegal("run the trains and decide the dividend first")
            if step == "buy_train" and op.must_buy(state, sym):
                illegal(f"{sym} has no train and must buy one")
            if step == "done":
                end_family_turn(ctx)
            else:
                next_step(ctx)
        case ProtectTrain():
            illegal("no train is being protected")
        case _:
            illegal("that is not an operating-round action")


def _track(ctx: Ctx, sym: str, cmd: LayTile) -> None:
    flow = ctx.state.flow
    if cmd.hex in flow.laid_hexes:
        illegal("one lay per hex and turn")
    upgrade = op.lay_tile(ctx, sym, cmd, "track")
    if upgrade and flow.upgraded:
        illegal("only one upgrade per turn")
    lays = flow.lays + 1
    ctx.fact(TrackLaid(cmd.hex, upgrade))
    if lays >= 2:
        next_step(ctx)


def _discard(ctx: Ctx, train: str) -> None:
    sym = crowded(ctx.state)
    if sym is None:
        illegal("no family is over its train limit")
    if ctx.state.train(train).owner != sym:
        illegal(f"{train} does not belong to {sym}")
    ctx.emit(TrainMoved(train, "discard"))
