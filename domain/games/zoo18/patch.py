"""The PATCH power: a rusting train may be saved (set aside) while the family runs the 1S."""

from __future__ import annotations

from domain.games.zoo18.ctx import Ctx, seat_id
from domain.games.zoo18.data import ASIDE_NOT_RUN, MAX_POWERS, PATCH_BY_PLAYER, TRAIN_TYPES
from domain.games.zoo18.messages import (
    PatchDecided,
    PatchOffered,
    PowerMoved,
    PowerUpdated,
    TrainFlagged,
    TrainMoved,
    TrainSpared,
)
from domain.games.zoo18.state import State
from domain.kernel import illegal

PATCH = "PATCH"
ONE_S = "1S-0"


def patch_holder(state: State) -> str | None:
    try:
        owner = state.power(PATCH).owner
    except KeyError:
        return None
    return None if owner in ("bank", "closed") else owner


def can_protect(state: State, sym: str) -> bool:
    """Whether PATCH may save a train of `sym` now (held by it or by its president, unused)."""
    owner = patch_holder(state)
    if owner is None or state.power(PATCH).data:
        return False
    if owner == sym:
        return True
    pres = state.president(sym)
    return pres is not None and owner == seat_id(pres) and len(state.owned_powers(sym)) < MAX_POWERS


def rust(ctx: Ctx, train_ids: list[str]) -> None:
    """Rust these trains, unless PATCH can save one of them: then its holder decides first.

    Rules 1-8 held back the trains of the first family PATCH could save. From rules 9, as
    18xx.games' `rust?` does, every train of a family PATCH can save is held back: a player
    holding it chooses among the trains of all the families it presides (a family holding it,
    among its own)."""
    state = ctx.state
    if state.options.rules >= PATCH_BY_PLAYER:
        held = (
            []
            if state.flow.patch_family
            else [tid for tid in train_ids if can_protect(state, state.train(tid).owner)]
        )
        if held:
            ctx.fact(PatchOffered(state.train(held[0]).owner, tuple(held)))
        for tid in train_ids:
            if tid not in held:
                ctx.emit(TrainMoved(tid, "rusted"))
        return
    by_family: dict[str, list[str]] = {}
    for tid in train_ids:
        by_family.setdefault(ctx.state.train(tid).owner, []).append(tid)
    for sym, tids in by_family.items():
        if ctx.state.flow.patch_family == "" and can_protect(ctx.state, sym):
            ctx.fact(PatchOffered(sym, tuple(tids)))
            continue
        for tid in tids:
            ctx.emit(TrainMoved(tid, "rusted"))


def apply(ctx: Ctx, sym: str, train: str) -> None:
    """Set `train` aside and give `sym` the 1S; the patch moves to the family."""
    state = ctx.state
    if state.train(train).owner != sym:
        illegal(f"{train} is not a train of {sym}")
    if state.power(PATCH).owner != sym:
        ctx.emit(PowerMoved(PATCH, sym))
    if ran_before_its_dividend(state, sym, train):
        # the site marks a family's trains as run at its dividend (rules 17), when this one is
        # off the list: it comes back from the patch ready to run (rules 21)
        t = state.train(train)
        ctx.emit(TrainFlagged(train, t.obsolete, False, t.disabled))
    ctx.emit(TrainMoved(train, "aside"))
    ctx.emit(TrainMoved(ONE_S, sym))
    ctx.emit(PowerUpdated(PATCH, 1, train))


def ran_before_its_dividend(state: State, sym: str, train: str) -> bool:
    flow = state.flow
    return (
        state.options.rules >= ASIDE_NOT_RUN
        and flow.step == "dividend"
        and flow.ran
        and state.last_run[0] == sym
        and any(r.train == train for r in state.last_routes)
    )


def decide_protection(ctx: Ctx, train: str | None) -> None:
    flow = ctx.state.flow
    sym, pending = flow.patch_family, flow.patch_trains
    if train is not None and train not in pending:
        illegal(f"choose one of {', '.join(pending)}")
    ctx.fact(PatchDecided())
    if train is not None:
        if ctx.state.options.rules >= PATCH_BY_PLAYER:
            sym = ctx.state.train(train).owner  # any family of the holder's (rules 9)
        apply(ctx, sym, train)
    for tid in pending:
        if tid != train:
            ctx.emit(TrainMoved(tid, "rusted"))


def remove(ctx: Ctx, sym: str) -> None:
    """Take the patch off: the original train comes back (and rusts if its time has passed)."""
    state = ctx.state
    holding = state.power(PATCH)
    if holding.owner != sym or not holding.data:
        illegal(f"{sym} has no patched train")
    original = state.train(holding.data)
    ctx.emit(PowerMoved(PATCH, "closed"))
    ctx.emit(TrainMoved(ONE_S, "reserved"))
    ctx.emit(TrainMoved(original.id, sym))
    kind = TRAIN_TYPES[original.name]
    if kind.rusts_on and _bought(ctx.state, kind.rusts_on):
        ctx.emit(TrainMoved(original.id, "rusted"))
    elif kind.obsolete_on and _bought(ctx.state, kind.obsolete_on):
        t = ctx.state.train(original.id)
        ctx.emit(TrainFlagged(t.id, True, t.operated, t.disabled))
        flow = ctx.state.flow
        if flow.round == "or" and flow.step == "dividend" and flow.order[flow.index] == sym:
            # the 1S ran in its place: this dividend does not remove it (spec 18.8)
            ctx.fact(TrainSpared(t.id))


def _bought(state: State, name: str) -> bool:
    return any(t.name == name and t.owner not in ("depot",) for t in state.trains)
