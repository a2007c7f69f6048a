"""Using powers: the stock-round powers of players and the operating-round powers of families."""

from __future__ import annotations

from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink, market, patch, stock
from domain.games.zoo18 import operating as op
from domain.games.zoo18.ctx import Ctx, power_owner_family, seat_id
from domain.games.zoo18.messages import (
    Assign,
    BoardSet,
    FamilyMarked,
    FamilyTokened,
    GreekClaimed,
    HoleOpened,
    LayTile,
    LimitUnchecked,
    MidasClaimed,
    PlaceToken,
    PowerMoved,
    PowerUpdated,
    PriceMoved,
    SlotReserved,
    StepBegun,
    TokenPlaced,
    UsePower,
)
from domain.games.zoo18.state import State
from domain.kernel import illegal


def own_power(ctx: Ctx, seat: int, power: str) -> None:
    try:
        holding = ctx.state.power(power)
    except KeyError:
        illegal(f"there is no power {power}")
    if holding.owner != seat_id(seat):
        illegal(f"you do not hold {power}")


def use_sr_power(ctx: Ctx, seat: int, cmd: UsePower) -> None:
    own_power(ctx, seat, cmd.power)
    if cmd.power not in stock.usable_sr_powers(ctx.state, seat):
        illegal(f"{cmd.power} cannot be used now")
    if cmd.power == "DAYS_OFF":
        sym = cmd.family or ""
        try:
            fam = ctx.state.family(sym)
        except KeyError:
            illegal("choose an open family")
        if not fam.parred:
            illegal(f"{sym} is not open")
        target = market.right((fam.row, fam.col))
        if target != (fam.row, fam.col):
            ctx.emit(PriceMoved(sym, *target))
        ctx.emit(PowerMoved(cmd.power, "closed"))
    elif cmd.power == "MIDAS":
        ctx.fact(MidasClaimed(seat))
    elif cmd.power == "IT_S_ALL_GREEK_TO_ME":
        ctx.fact(GreekClaimed(True))
    elif cmd.power == "WHATSUP":
        op.whatsup(ctx, seat, cmd.family or "", cmd.train, cmd.variant, cmd.price)
    else:
        illegal(f"{cmd.power} is not used this way")


def use_or_power(ctx: Ctx, sym: str, cmd: UsePower) -> None:
    if cmd.power == patch.PATCH:
        if cmd.kind == "patch":
            if not patch.can_protect(ctx.state, sym):
                illegal(f"PATCH cannot protect a train of {sym} now")
            patch.apply(ctx, sym, cmd.train or "")
            if ctx.state.options.rules >= 7:
                ctx.fact(LimitUnchecked(sym))
        elif cmd.kind == "remove_bandage":
            patch.remove(ctx, cmd.family or sym)
            if not ctx.state.family_trains(sym) and ctx.state.flow.step == "done":
                ctx.fact(StepBegun("buy_train"))
        else:
            illegal("PATCH protects a train or is removed")
        return
    if cmd.power == "TWO_BARRELS":
        if power_owner_family(ctx.state, cmd.power) != sym:
            illegal(f"{sym} does not hold TWO BARRELS")
        if not barrels_usable(ctx.state, sym):
            illegal("TWO BARRELS is used when the trains run, once per OR")
        holding = ctx.state.power(cmd.power)
        ctx.emit(FamilyMarked(sym, "barrel"))
        if ctx.state.options.rules >= 2:  # the site closes it after the run (run_routes)
            ctx.emit(PowerUpdated(cmd.power, holding.uses + 1, this_or(ctx.state)))
        else:
            count_use(ctx, cmd.power, holding.uses + 1, 2, this_or(ctx.state))
        return
    illegal(f"{cmd.power} cannot be used now")


def this_or(state: State) -> str:
    """The current operating round as a power's "last used" mark, e.g. "2.1"."""
    return f"{state.flow.turn}.{state.flow.or_num}"


def barrels_usable(state: State, sym: str) -> bool:
    """TWO BARRELS: held by `sym`, in its Route step, not used yet in this OR."""
    if power_owner_family(state, "TWO_BARRELS") != sym or state.flow.step != "route":
        return False
    holding = state.power("TWO_BARRELS")
    used_now = holding.data == this_or(state)
    return not used_now and holding.uses < 2 and "barrel" not in state.family(sym).marks


def count_use(ctx: Ctx, power: str, uses: int, limit: int, data: str = "") -> None:
    ctx.emit(PowerUpdated(power, uses, data))
    if uses >= limit:
        ctx.emit(PowerMoved(power, "closed"))


POWER_LAYS: dict[str, tuple[B.LayMode, int]] = {
    "RABBITS": ("rabbits", 2),
    "MOLES": ("moles", 4),
    "ANCIENT_MAPS": ("ancient_maps", 2),
}  # power -> (board lay mode, uses)


def family_power(ctx: Ctx, sym: str, power: str) -> None:
    if power_owner_family(ctx.state, power) != sym:
        illegal(f"{sym} does not hold {power}")


def assign(ctx: Ctx, sym: str, cmd: Assign) -> None:
    family_power(ctx, sym, cmd.power)
    state = ctx.state
    holding = state.power(cmd.power)
    if cmd.power == "WHEAT":
        if state.board is not None and not any(
            t.hex == cmd.hex and t.owner == sym for t in state.board.tokens
        ):
            illegal(f"WHEAT goes on a hex with a token of {sym}")
        ctx.emit(FamilyMarked(sym, f"wheat:{cmd.hex}"))
        ctx.emit(PowerMoved(cmd.power, "closed"))
    elif cmd.power == "HOLE":
        if holding.uses == 0:
            ctx.emit(PowerUpdated(cmd.power, 1, cmd.hex))
        else:
            if cmd.hex == holding.data:
                illegal("choose two different red areas")
            m = boardlink.map_def(state)
            if state.board is not None:
                board = B.use_hole(state.board, m, holding.data, cmd.hex)
                if board.hole is not None:
                    ctx.record(HoleOpened(board.hole), BoardSet(boardlink.stored(board)))
            ctx.emit(PowerUpdated(cmd.power, 2, f"{holding.data},{cmd.hex}"))
            ctx.emit(PowerMoved(cmd.power, "closed"))
    elif cmd.power == "WORK_IN_PROGRESS":
        m = boardlink.map_def(state)
        if state.board is None:
            illegal("the game has no board yet")
        if state.options.rules >= 5 and B.open_slots(state.board, cmd.hex) == 0:
            # rules 5, as 18xx.games: the block needs a slot neither taken nor kept for a
            # family (City#available_slots); it may then still go into a kept one (_wip_slot)
            illegal(f"WORK IN PROGRESS needs a free slot on {cmd.hex}, none is open")
        slot = _wip_slot(state, cmd.hex)
        after = B.check_token(state.board, m, sym, cmd.hex, 0, slot, reachable=False, owner="WIP")
        ctx.record(
            boardlink.token_put(state.board, after, slot), TokenPlaced("WIP", cmd.hex, 0, slot)
        )
        ctx.emit(PowerMoved(cmd.power, "closed"))
    elif cmd.power == "THAT_S_MINE":
        if holding.uses:
            illegal("THAT'S MINE already reserved a slot")
        m = boardlink.map_def(state)
        if state.board is not None:
            board = B.reserve(state.board, m, sym, cmd.hex, 0)
            kept = board.reservations[-1]
            ctx.record(
                SlotReserved(kept.hex, kept.city, kept.slot, kept.family),
                BoardSet(boardlink.stored(board)),
            )
        ctx.emit(PowerUpdated(cmd.power, 1, cmd.hex))
    else:
        illegal(f"{cmd.power} cannot be assigned")


def lays_left(state: State, power: str) -> bool:
    """Whether a tile-laying power may still lay (rules 2 keeps a spent one with its owner)."""
    return state.power(power).uses < POWER_LAYS[power][1]


def give_up_lays(ctx: Ctx, power: str) -> None:
    """The owner passes the power's remaining lays. 18xx.games (rules 2) only removes the
    ability: the power stays with the family, spent, and still counts among its three."""
    if ctx.state.options.rules >= 2:
        ctx.emit(PowerUpdated(power, POWER_LAYS[power][1], ctx.state.power(power).data))
    else:
        ctx.emit(PowerMoved(power, "closed"))


def power_lay(ctx: Ctx, sym: str, cmd: LayTile) -> None:
    power = cmd.power or ""
    family_power(ctx, sym, power)
    if power not in POWER_LAYS:
        illegal(f"{power} does not lay tiles")
    if not lays_left(ctx.state, power):
        illegal(f"{power} has no lay left")
    if ctx.state.flow.helped:
        illegal("the president already helped this turn")
    mode, limit = POWER_LAYS[power]
    op.lay_tile(ctx, sym, cmd, mode)
    count_use(ctx, power, ctx.state.power(power).uses + 1, limit)


def power_token(ctx: Ctx, sym: str, cmd: PlaceToken) -> None:
    power = cmd.power or ""
    family_power(ctx, sym, power)
    if power == "ON_A_DIET":
        # rules 2, as 18xx.games: its token is the turn's token (the site's extra_action is
        # not set for it), so none before it and the token step is over after it
        counts = ctx.state.options.rules >= 2
        if counts and ctx.state.flow.tokened:
            illegal(f"{sym} already placed a token this turn")
        op.place_token(ctx, sym, cmd, free=True, extra=True)
        if counts:
            ctx.fact(FamilyTokened(sym))
    elif power == "THAT_S_MINE":
        if not ctx.state.power(power).uses:
            illegal("THAT'S MINE has not reserved a slot yet")
        if ctx.state.flow.tokened:
            illegal(f"{sym} already placed a token this turn")
        op.place_token(ctx, sym, cmd)
        ctx.fact(FamilyTokened(sym))
    else:
        illegal(f"{power} does not place tokens")
    ctx.emit(PowerMoved(power, "closed"))


def half_used(state: State, sym: str) -> str | None:
    """A power of `sym` stopped between its two linked uses (ANCIENT MAPS lays, HOLE areas)."""
    for power in ("ANCIENT_MAPS", "HOLE"):
        if power_owner_family(state, power) == sym and state.power(power).uses == 1:
            return power
    return None


def _wip_slot(state: State, coord: str) -> int | None:
    """Rules 3, as 18xx.games: the block goes into a slot kept for a family no one presides
    yet (the site looks the blocker's missing owner up among the reservations, and an unparred
    family's owner is missing too); otherwise (None) into the first free slot."""
    if state.options.rules < 3 or state.board is None:
        return None
    taken = {t.slot for t in state.board.tokens if (t.hex, t.city) == (coord, 0)}
    kept = sorted(
        r.slot
        for r in state.board.reservations
        if (r.hex, r.city) == (coord, 0) and state.president(r.family) is None
    )
    return next((slot for slot in kept if slot not in taken), None)
