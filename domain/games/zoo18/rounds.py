"""The rounds machine: draft, stock rounds, operating rounds, and the automatic steps between."""

from __future__ import annotations

from domain.games.zoo18.ctx import Ctx, floated, operating_order, seat_id, seat_of, train_limit
from domain.games.zoo18.data import END_CELL, TOKEN_MEMO
from domain.games.zoo18.messages import (
    FamilyTurnBegun,
    FamilyTurnEnded,
    GameEnded,
    HomeLaysDone,
    PowerMoved,
    PriorityChanged,
    RoundBegun,
    StepBegun,
    StockTurnEnded,
    TokenStepWaited,
    TrainFlagged,
)
from domain.games.zoo18.operating import (
    buy_train_blocks,
    dividend,
    route_blocks,
    token_blocks,
)
from domain.games.zoo18.state import State, TrainCard
from domain.games.zoo18.stock import sold_out_moves, sr_has_actions
from domain.games.zoo18.trains import counted

OR_STEPS = ("track", "token", "route", "dividend", "discard", "buy_train", "done")


def ors_in_turn(turn: int) -> int:
    return 3 if turn >= 3 else 2


# ---------------------------------------------------------------- who is awaited


def acting_entity(state: State) -> str | None:
    """The entity whose decision is awaited: "p<seat>" or a family sym; None when nobody."""
    flow = state.flow
    if state.ended or flow.round in ("setup", "over"):
        return None
    if flow.patch_family:
        from domain.games.zoo18.patch import patch_holder

        return patch_holder(state)
    heavy = crowded(state) if flow.round in ("sr", "or") else None
    if heavy is not None:
        return heavy
    if flow.round == "sr" and flow.lay_family:
        return flow.lay_family
    if flow.index >= len(flow.order):
        return None
    current = flow.order[flow.index]
    return seat_id(int(current)) if flow.round in ("draft", "sr") else current


def acting_seat(state: State) -> int | None:
    entity = acting_entity(state)
    return None if entity is None else seat_of(state, entity)


# ---------------------------------------------------------------- transitions


def start_draft(ctx: Ctx) -> None:
    n = len(ctx.state.players)
    ctx.fact(RoundBegun("draft", order=tuple(str(s) for s in reversed(range(n)))))


def start_sr(ctx: Ctx, turn: int) -> None:
    for p in ctx.state.powers:
        if p.id == "LEPRECHAUN_POT_OF_GOLD" and p.owner.startswith("p"):
            ctx.pay("bank", p.owner, 2)
    order = tuple(str(s) for s in ctx.state.priority)
    ctx.fact(RoundBegun("sr", turn, order=order))


def end_sr_turn(ctx: Ctx) -> None:
    flow = ctx.state.flow
    seat = int(flow.order[flow.index])
    passed = tuple(s for s in flow.passed if s != seat)
    if not flow.acted:
        passed = (*passed, seat)
    if len(passed) == len(ctx.state.players):
        ctx.fact(StockTurnEnded(seat, not flow.acted))
        if flow.greek and ctx.state.options.rules >= 3:
            # 18xx.games closes the power as the round ends, its extra turn never played
            ctx.emit(PowerMoved("IT_S_ALL_GREEK_TO_ME", "closed"))
        finish_sr(ctx)
        return
    index = flow.index
    if flow.greek:  # the player plays again
        ctx.emit(PowerMoved("IT_S_ALL_GREEK_TO_ME", "closed"))
    else:
        index = (index + 1) % len(flow.order)
    ctx.fact(StockTurnEnded(seat, not flow.acted, int(flow.order[index])))


def finish_sr(ctx: Ctx) -> None:
    sold_out_moves(ctx)
    state = ctx.state
    previous = state.priority
    order = sorted(previous, key=lambda s: (-state.players[s].cash, previous.index(s)))
    if state.flow.midas >= 0:
        order.remove(state.flow.midas)
        order.insert(0, state.flow.midas)
    ctx.emit(PriorityChanged(tuple(order)))
    start_or(ctx, state.flow.turn, 1)


def start_or(ctx: Ctx, turn: int, number: int) -> None:
    state = ctx.state
    midas = state.power("MIDAS") if any(p.id == "MIDAS" for p in state.powers) else None
    if midas is not None and midas.owner.startswith("p") and state.flow.midas >= 0:
        ctx.emit(PowerMoved("MIDAS", "closed"))
    running = floated(ctx.state) if ctx.state.options.rules >= 3 else None
    for t in ctx.state.trains:
        # rules 3, as 18xx.games: only the families' trains are made ready, so a train PATCH
        # set aside after it ran comes back having run (it cannot run again in that OR)
        if t.operated and (running is None or t.owner in running):
            ctx.emit(TrainFlagged(t.id, t.obsolete, False, t.disabled))
    for sym in floated(ctx.state):
        pool = sum(1 for s in ctx.state.family_shares(sym) if s.owner == "market")
        ctx.pay("bank", sym, 2 * pool)
    order = operating_order(ctx.state)
    ctx.fact(RoundBegun("or", turn, number, order))
    if order:
        start_family_turn(ctx)


def _disabled_by(state: State, sym: str) -> list[TrainCard]:
    """The trains whose WHATSUP disabling `sym`'s turn starts count down: its own (rules 1), or
    the train WHATSUP bought for `sym`, wherever it is now (rules 3: 18xx.games gives the family
    an ability naming the train, so a train sold on is still disabled at the buyer's turn)."""
    if state.options.rules < 3:
        return [t for t in state.family_trains(sym) if t.disabled]
    whatsup = next((p for p in state.powers if p.id == "WHATSUP"), None)
    if whatsup is None or whatsup.data != sym:
        return []
    return [t for t in state.trains if t.disabled]


def start_family_turn(ctx: Ctx) -> None:
    flow = ctx.state.flow
    sym = flow.order[flow.index]
    for t in _disabled_by(ctx.state, sym):
        if t.disabled == 1:
            ctx.emit(TrainFlagged(t.id, t.obsolete, True, 2))
        elif t.disabled == 2:
            ctx.emit(TrainFlagged(t.id, t.obsolete, t.operated, 0))
    ctx.fact(FamilyTurnBegun(sym))


def end_family_turn(ctx: Ctx) -> None:
    flow = ctx.state.flow
    ctx.fact(FamilyTurnEnded(flow.order[flow.index]))
    if flow.index + 1 < len(flow.order):
        start_family_turn(ctx)


def end_or(ctx: Ctx) -> None:
    state = ctx.state
    flow = state.flow
    if any((f.row, f.col) == END_CELL for f in state.families if f.parred):
        finish_game(ctx, "stock_market")
    elif flow.turn >= 3 and flow.or_num >= ors_in_turn(flow.turn):
        finish_game(ctx, "fixed_round")
    elif flow.or_num < ors_in_turn(flow.turn):
        start_or(ctx, flow.turn, flow.or_num + 1)
    else:
        start_sr(ctx, flow.turn + 1)


def finish_game(ctx: Ctx, reason: str) -> None:
    ctx.emit(GameEnded(reason))  # the rounds are over (rules 11: GameEnded says so)
    ctx.flow_of_old(round="over")


def next_step(ctx: Ctx) -> None:
    step = ctx.state.flow.step
    ctx.fact(StepBegun(OR_STEPS[OR_STEPS.index(step) + 1]))


def crowded(state: State) -> str | None:
    """The first family over the train limit, as the site counts: a family patched by choice
    is recounted only once another train moves (Flow.limit_unchecked)."""
    for sym in floated(state):
        if sym != state.flow.limit_unchecked and counted(state, sym) > train_limit(state):
            return sym
    return None


# ---------------------------------------------------------------- automatic progress


def settle(ctx: Ctx) -> None:
    """Run every automatic step until a decision is awaited (or the game is over)."""
    for _ in range(10_000):
        state = ctx.state
        flow = state.flow
        if state.ended or flow.round in ("setup", "over"):
            return
        if flow.round == "draft":
            if flow.index >= len(flow.order):
                start_sr(ctx, 1)
                continue
            return
        if flow.patch_family or crowded(state) is not None:
            return  # a PATCH decision or a train over the limit comes first
        if flow.round == "sr":
            if flow.lay_family:
                if flow.step == "home" or (flow.step == "bonus" and flow.bonus_left > 0):
                    return
                ctx.fact(HomeLaysDone(flow.lay_family))
                continue
            if sr_has_actions(state, int(flow.order[flow.index])):
                return
            end_sr_turn(ctx)
            continue
        # operating round
        if flow.index >= len(flow.order):
            end_or(ctx)
            continue
        sym = flow.order[flow.index]
        step = flow.step
        if step == "track":
            return
        if step == "token":
            if token_blocks(state, sym):
                if state.options.rules >= TOKEN_MEMO and sym not in state.token_waited:
                    ctx.emit(TokenStepWaited(sym))  # the site memoizes the answer
                return
        elif step == "route":
            if route_blocks(state, sym):
                return
        elif step == "dividend":
            if flow.revenue != 0:
                return
            dividend(ctx, sym, "withhold")
        elif step == "discard":
            if crowded(state) is not None:
                return
        elif step == "buy_train":
            if buy_train_blocks(state, sym):
                return
        elif step == "done":
            if not flow.helped:
                return  # the closing "use / buy powers" step always waits for a pass
            end_family_turn(ctx)
            continue
        next_step(ctx)
    raise AssertionError("the rounds machine does not settle")
