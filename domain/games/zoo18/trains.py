"""Trains: the depot offer, purchases, phases, rusting and obsolescence."""

from __future__ import annotations

from domain.games.zoo18 import market
from domain.games.zoo18.ctx import Ctx, train_limit
from domain.games.zoo18.data import PHASES, TRAIN_TYPES
from domain.games.zoo18.messages import (
    GreekClaimed,
    MidasClaimed,
    PhaseChanged,
    PowerMoved,
    PriceMoved,
    TrainCreated,
    TrainFlagged,
    TrainMoved,
)
from domain.games.zoo18.state import State, TrainCard
from domain.kernel import illegal

# phase name -> the train base name that starts it
PHASE_TRIGGER = {"3S": "3S", "4S": "4S", "4S Perm": "4S Perm", "5S": "5S", "4J": "4J"}
EVENT_TRAINS = ("3S-0", "4S-0", "5S-0", "4J-0")


def depot_offer(state: State) -> tuple[TrainCard, ...]:
    """The first train of the depot queue, plus every train of the discard pile."""
    queue = [t for t in state.trains if t.owner == "depot"]
    first = (queue[0],) if queue else ()
    return first + tuple(t for t in state.trains if t.owner == "discard")


def variants(card: TrainCard) -> tuple[str, ...]:
    return ("4J", "2J") if card.name == "4J" else (card.name,)


def list_price(card: TrainCard, variant: str | None) -> int:
    return TRAIN_TYPES[variant or card.name].price


def counted(state: State, sym: str) -> int:
    """The trains held against the limit: PATCH's 1S among them from rules 6, as the site counts
    every train it holds (B 5 20283 #175: a 2S patched when the 4S cut the limit to 3 left
    three trains and the 1S, and the site made the family discard)."""
    one_s_counts = state.options.rules >= 6
    return sum(
        1 for t in state.family_trains(sym) if not t.obsolete and (one_s_counts or t.name != "1S")
    )


def has_room(state: State, sym: str) -> bool:
    return counted(state, sym) < train_limit(state)


def cheapest_depot(state: State) -> int | None:
    prices = [list_price(t, v) for t in depot_offer(state) for v in variants(t)]
    return min(prices) if prices else None


def move_train(ctx: Ctx, card: TrainCard, to: str, variant: str | None) -> None:
    """Hand a train over; a family buying the last 4J makes the next 4J copy appear."""
    ctx.emit(TrainMoved(card.id, to, variant))
    last = not any(t.owner == "depot" and t.name == "4J" for t in ctx.state.trains)
    if card.name == "4J" and card.owner == "depot" and last:
        index = int(card.id.rsplit("-", 1)[1]) + 1
        ctx.emit(TrainCreated(f"4J-{index}"))


def after_purchase(ctx: Ctx, card: TrainCard, buyer: str, in_or: bool) -> bool:
    """Phase change, obsolescence and rust for a depot purchase. True if a new_train event fired."""
    base = card.name
    names = [p.name for p in PHASES]
    current = names.index(ctx.state.phase)
    while current + 1 < len(names) and PHASE_TRIGGER[names[current + 1]] == base:
        current += 1
        ctx.emit(PhaseChanged(names[current]))
        _close_used_sr_powers(ctx)
    for t in ctx.state.trains:
        kind = TRAIN_TYPES[t.name]
        if kind.obsolete_on == base and not t.obsolete and t.owner not in ("rusted", "depot"):
            if t.owner == "discard":
                ctx.emit(TrainMoved(t.id, "rusted"))
            else:
                ctx.emit(TrainFlagged(t.id, True, t.operated, t.disabled))
    from domain.games.zoo18.patch import rust

    doomed = [
        t.id
        for t in ctx.state.trains
        if TRAIN_TYPES[t.name].rusts_on == base and t.owner not in ("rusted", "depot", "aside")
    ]
    for t in ctx.state.trains:
        if t.id in doomed and t.owner == "discard":
            ctx.emit(TrainMoved(t.id, "rusted"))
    rust(ctx, [tid for tid in doomed if ctx.state.train(tid).owner != "rusted"])
    fired = card.id in EVENT_TRAINS
    if fired and base == "4J" and in_or:
        rust(ctx, [t.id for t in ctx.state.family_trains(buyer) if t.obsolete])
    return fired


def _close_used_sr_powers(ctx: Ctx) -> None:
    """Rules 5, as 18xx.games: MIDAS and IT'S ALL GREEK TO ME, once used, wait for the end of
    the SR as a closing ability with no phase named, which every phase change fires (Phase#
    trigger_events!): a train bought in the SR (WHATSUP) closes them and their effect is lost
    (A 5 5018 #224: the site closed MIDAS there, Plateau kept it for the OR)."""
    flow = ctx.state.flow
    if ctx.state.options.rules < 5:
        return
    if flow.midas >= 0 and ctx.state.power("MIDAS").owner.startswith("p"):
        ctx.emit(PowerMoved("MIDAS", "closed"))
        ctx.fact(MidasClaimed(-1))
    if flow.greek:
        ctx.emit(PowerMoved("IT_S_ALL_GREEK_TO_ME", "closed"))
        ctx.fact(GreekClaimed(False))


def move_right(ctx: Ctx, sym: str) -> None:
    f = ctx.state.family(sym)
    target = market.right((f.row, f.col))
    if target != (f.row, f.col):
        ctx.emit(PriceMoved(sym, *target))


NOT_A_FAMILY = ("depot", "discard", "rusted", "aside", "reserved")  # train owners


def sold_by_families(state: State, buyer: str) -> list[TrainCard]:
    """Trains `buyer` may buy from other families: not obsolete, never the PATCH 1S."""
    return [
        t
        for t in state.trains
        if t.owner not in (buyer, *NOT_A_FAMILY) and not t.obsolete and t.name != "1S"
    ]


def find_buyable(state: State, buyer: str, train_id: str) -> TrainCard:
    try:
        card = state.train(train_id)
    except KeyError:
        illegal(f"there is no train {train_id}")
    if card.owner in ("depot", "discard"):
        if card not in depot_offer(state):
            illegal(f"{train_id} is not on offer yet")
        return card
    if card.owner == buyer:
        illegal("the family already owns that train")
    if card not in sold_by_families(state, buyer):
        illegal(f"{train_id} cannot be bought")
    return card
