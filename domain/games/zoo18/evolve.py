"""Folding events into the state: facts only, no randomness. A recorded lay or token is
applied by the board engine (through boardlink) in its replay mode, which checks it again."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

from msgspec.structs import replace

from domain.games.zoo18 import boardlink
from domain.games.zoo18.data import (
    MAP_FAMILIES,
    SHARE_PERCENTS,
    STARTING_CASH,
    TRAIN_COUNTS,
    tickets_per_player,
)
from domain.games.zoo18.messages import (
    BoardSet,
    Event,
    FamilyMarked,
    FlowChanged,
    GameEnded,
    Paid,
    Parred,
    Penalised,
    PhaseChanged,
    PowerMoved,
    PowerUpdated,
    PriceMoved,
    PriorityChanged,
    RunRecorded,
    SharesMoved,
    Started,
    TileLaid,
    TokenPlaced,
    TrainCreated,
    TrainFlagged,
    TrainMoved,
)
from domain.games.zoo18.state import Family, Holding, Player, Share, State, TrainCard


def initial_trains(players: int) -> tuple[TrainCard, ...]:
    cards = [TrainCard(f"2S-{i}", "2S", "depot", "2S") for i in range(players)]
    for name, count in TRAIN_COUNTS:
        cards += [TrainCard(f"{name}-{i}", name, "depot", name) for i in range(count)]
    cards.append(TrainCard("1S-0", "1S", "reserved", "1S"))
    return tuple(cards)


def _started(state: State, e: Started) -> State:
    n = len(e.players)
    cash = STARTING_CASH[e.map][n]
    fams = MAP_FAMILIES[e.map]
    tickets = tuple(
        Holding(f"ZOOTicket {k} - {name}", f"p{seat}")
        for seat, name in enumerate(e.players)
        for k in range(1, tickets_per_player(n) + 1)
    )
    return replace(
        state,
        map=e.map,
        players=tuple(Player(name, cash) for name in e.players),
        families=tuple(Family(sym) for sym in fams),
        shares=tuple(
            Share(f"{sym}_{i}", sym, pct, "ipo")
            for sym in fams
            for i, pct in enumerate(SHARE_PERCENTS)
        ),
        powers=tuple(Holding(p or f"hidden-{i}", "bank") for i, p in enumerate(e.deck)),
        tickets=tickets,
        deck=tuple(p or f"hidden-{i}" for i, p in enumerate(e.deck)),
        trains=initial_trains(n),
        board=boardlink.initial(e.map),
        priority=tuple(range(n)),
    )


def _cash(state: State, who: str, delta: int) -> State:
    if who == "bank":
        return state
    if who.startswith("p"):
        seat = int(who[1:])
        p = state.players[seat]
        players = (
            *state.players[:seat],
            replace(p, cash=p.cash + delta),
            *state.players[seat + 1 :],
        )
        return replace(state, players=players)
    return _family(state, who, lambda f: replace(f, cash=f.cash + delta))


def _family(state: State, sym: str, change: object) -> State:
    fams = tuple(change(f) if f.sym == sym else f for f in state.families)  # type: ignore[operator]
    return replace(state, families=fams)


def _train(state: State, tid: str, **changes: object) -> State:
    return replace(
        state, trains=tuple(replace(t, **changes) if t.id == tid else t for t in state.trains)
    )


def _lay(state: State, e: TileLaid) -> State:
    mode = boardlink.lay_mode(e.mode)
    lay = boardlink.lay(state, e.family, e.hex, e.tile, e.rotation, mode, replay=True)
    return state if lay is None else replace(state, board=lay.board)


def _token(state: State, e: TokenPlaced) -> State:
    if e.family != "WIP":
        state = _family(state, e.family, lambda f: replace(f, tokens_used=f.tokens_used + 1))
    board = boardlink.token(state, e.family, e.hex, e.city, e.slot, extra_slot=e.extra_slot)
    return state if board is None else replace(state, board=board)


def evolve(state: State, event: Event) -> State:
    match event:
        case Started():
            return _started(state, event)
        case Paid(payer=payer, payee=payee, amount=amount):
            flow = (amount if payer == "bank" else 0) - (amount if payee == "bank" else 0)
            state = replace(state, bank_flow=state.bank_flow + flow)
            return _cash(_cash(state, payer, -amount), payee, amount)
        case SharesMoved(shares=ids, to=to):
            shares = tuple(replace(s, owner=to) if s.id in ids else s for s in state.shares)
            if state.options.rules < 2:  # rules 1 keeps no order (nor a changed digest)
                return replace(state, shares=shares)
            acquired = (*(i for i in state.acquired if i not in ids), *ids)
            return replace(state, shares=shares, acquired=acquired)
        case Parred(family=sym, row=row, col=col):
            n = state.arrivals + 1
            state = replace(state, arrivals=n, par_order=(*state.par_order, sym))
            return _family(
                state, sym, lambda f: replace(f, parred=True, row=row, col=col, arrival=n)
            )
        case PriceMoved(family=sym, row=row, col=col):
            n = state.arrivals + 1
            state = replace(state, arrivals=n)
            return _family(state, sym, lambda f: replace(f, row=row, col=col, arrival=n))
        case PowerMoved(power=pid, to=to):
            return replace(
                state,
                powers=tuple(replace(p, owner=to) if p.id == pid else p for p in state.powers),
                tickets=tuple(replace(t, owner=to) if t.id == pid else t for t in state.tickets),
            )
        case PowerUpdated(power=pid, uses=uses, data=data):
            return replace(
                state,
                powers=tuple(
                    replace(p, uses=uses, data=data) if p.id == pid else p for p in state.powers
                ),
            )
        case TileLaid():
            return _lay(state, event)
        case TokenPlaced():
            return _token(state, event)
        case BoardSet(board=board):
            return replace(state, board=board)
        case TrainMoved(train=tid, to=to, variant=variant):
            t = state.train(tid)
            return _train(
                state,
                tid,
                owner=to,
                variant=variant or t.variant,
                operated=False if to in ("depot", "discard") else t.operated,
                obsolete=t.obsolete and to not in ("depot", "discard"),
            )
        case TrainCreated(train=tid):
            name = tid.rsplit("-", 1)[0]
            return replace(state, trains=(*state.trains, TrainCard(tid, name, "depot", name)))
        case TrainFlagged(train=tid, obsolete=obsolete, operated=operated, disabled=disabled):
            return _train(state, tid, obsolete=obsolete, operated=operated, disabled=disabled)
        case PhaseChanged(phase=phase):
            return replace(state, phase=phase)
        case RunRecorded(family=sym, revenue=revenue, subsidy=subsidy):
            return replace(state, last_run=(sym, revenue, subsidy))
        case Penalised(seat=seat, amount=amount):
            p = state.players[seat]
            players = (
                *state.players[:seat],
                replace(p, penalty=p.penalty + amount),
                *state.players[seat + 1 :],
            )
            return replace(state, players=players)
        case FamilyMarked(family=sym, mark=mark):
            if mark.startswith("-"):
                gone = mark[1:]
                return _family(
                    state,
                    sym,
                    lambda f: replace(
                        f, marks=tuple(m for m in f.marks if m.split(":")[0] != gone)
                    ),
                )
            return _family(state, sym, lambda f: replace(f, marks=(*f.marks, mark)))
        case FlowChanged(flow=flow):
            return replace(state, flow=flow)
        case PriorityChanged(order=order):
            return replace(state, priority=order)
        case GameEnded(reason=reason):
            return replace(state, ended=reason)
    return state


def fold(state: State, events: Iterable[Event]) -> State:
    return reduce(evolve, events, state)
