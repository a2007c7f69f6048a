"""Folding events into the state: facts only, no randomness, no rule, nothing that raises.

Every event says what happened and evolve writes it into the state: a tile lay (TilePlaced)
names the tile, rotation and label and the copy it replaced, a token (TokenPut) its slot, the
board powers what they changed (HoleOpened, SlotReserved); decide computed all of it with the
board engine (boardlink, board/), which evolve never calls. The rounds machine's changes are
facts too from rules 11 (a round begun, a turn ended, a step begun: `_flow`); games of rules
1 to 10 stored the whole Flow at each change (FlowChanged, its own form messages.FlowRecord,
converted by state.flow_of).

Games of rules 1-3 stored the board moves as asked (TileLaid, TokenPlaced without a slot,
BoardSet with the whole board, see messages): `upgrade_lay` and `upgrade_token` turn each into
the fact it caused, from the board before it and the map facts of data (HILLS, CITY_SLOTS,
HOMES), as the board engine's replay of them did (tests/domain/zoo18/test_facts.py folds logs
stored by that code)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

from msgspec.structs import replace

from domain.games.zoo18.data import (
    CITY_SLOTS,
    FLOW_FACTS,
    HILLS,
    HOMES,
    MAP_FAMILIES,
    ROW_ZERO,
    SHARE_PERCENTS,
    STARTING_CASH,
    TRAIN_COUNTS,
    tickets_per_player,
)
from domain.games.zoo18.messages import (
    BoardSet,
    BonusLaysLeft,
    DraftTurnEnded,
    Event,
    FamilyMarked,
    FamilyTokened,
    FamilyTurnBegun,
    FamilyTurnEnded,
    FlowChanged,
    FlowFact,
    GameEnded,
    GreekClaimed,
    HoleOpened,
    HomeLaysBegun,
    HomeLaysDone,
    LimitUnchecked,
    MidasClaimed,
    OrderChanged,
    Paid,
    Parred,
    PatchDecided,
    PatchOffered,
    Penalised,
    PhaseChanged,
    PowerMoved,
    PowerUpdated,
    PresidentHelped,
    PriceMoved,
    PriorityChanged,
    RoundBegun,
    RunRecorded,
    SharesMoved,
    SlotReserved,
    Started,
    StepBegun,
    StockBought,
    StockSold,
    StockTurnEnded,
    SubsidyRaised,
    TileLaid,
    TilePlaced,
    TokenPlaced,
    TokenPut,
    TokenStepWaited,
    TrackLaid,
    TrainBonusUsed,
    TrainCreated,
    TrainFlagged,
    TrainMoved,
    TrainSpared,
)
from domain.games.zoo18.state import (
    Board,
    Family,
    Flow,
    Holding,
    LaidTile,
    Player,
    Reservation,
    Share,
    State,
    Token,
    TrainCard,
    board_of,
    flow_of,
)

WIP = "WIP"  # WORK IN PROGRESS's block in a city slot


def initial_trains(players: int) -> tuple[TrainCard, ...]:
    cards = [TrainCard(f"2S-{i}", "2S", "depot", "2S") for i in range(players)]
    for name, count in TRAIN_COUNTS:
        cards += [TrainCard(f"{name}-{i}", name, "depot", name) for i in range(count)]
    cards.append(TrainCard("1S-0", "1S", "reserved", "1S"))
    return tuple(cards)


def _started(state: State, e: Started) -> State:
    n = len(e.players)
    cash = STARTING_CASH.get(e.map, {}).get(n, 0)  # setup names a map and count it has
    fams = MAP_FAMILIES.get(e.map, ())
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
        board=initial_board(e.map, state.options.centre, state.options.rules >= ROW_ZERO),
        priority=tuple(range(n)),
    )


def initial_board(map_id: str, centre: str | None = None, row_zero: bool = False) -> Board:
    """The board before any lay: every home slot kept for its family (board.initial_board),
    on the centre the options chose (Base 2 / Base 3), row 0 joined from rules 8 on."""
    homes = sorted(HOMES.get(map_id, {}).items())
    reservations = tuple(Reservation(h, 0, 0, f) for f, h in homes)
    return Board(map_id=map_id, variant=centre, reservations=reservations, row_zero=row_zero)


def _cash(state: State, who: str, delta: int) -> State:
    if who == "bank":
        return state
    if who.startswith("p"):
        return _player(state, who[1:], lambda p: replace(p, cash=p.cash + delta))
    return _family(state, who, lambda f: replace(f, cash=f.cash + delta))


def _player(state: State, seat: object, change: object) -> State:
    """`change` the player of `seat` ("2" or 2); none changes for a seat the game has not."""
    players = tuple(
        change(p) if str(n) == str(seat) else p  # type: ignore[operator]
        for n, p in enumerate(state.players)
    )
    return replace(state, players=players)


def _family(state: State, sym: str, change: object) -> State:
    fams = tuple(change(f) if f.sym == sym else f for f in state.families)  # type: ignore[operator]
    return replace(state, families=fams)


def _train(state: State, tid: str, **changes: object) -> State:
    return replace(
        state, trains=tuple(replace(t, **changes) if t.id == tid else t for t in state.trains)
    )


def _board(state: State, change: object) -> State:
    if state.board is None:  # no board before the game starts
        return state
    return replace(state, board=change(state.board))  # type: ignore[operator]


def _placed(board: Board, e: TilePlaced) -> Board:
    laid = LaidTile(e.hex, e.tile, e.rotation, e.label)
    tiles = (*(t for t in board.tiles if t.hex != e.hex), laid)
    return replace(board, tiles=tiles, used=frozenset(t.tile for t in tiles))


def _memo_cleared(state: State) -> State:
    """The board changed: 18xx.games clears its graph's memo (rules 15, TokenStepWaited);
    a home token, placed without clearing it there, leaves it."""
    return replace(state, token_waited=()) if state.token_waited else state


def _put(state: State, e: TokenPut) -> State:
    if e.family != WIP:
        state = _family(state, e.family, lambda f: replace(f, tokens_used=f.tokens_used + 1))

    def put(board: Board) -> Board:
        at = (e.hex, e.city, e.slot)
        mine = (e.hex, e.city, e.family) if e.released else None
        # the token takes its slot: only a home token over a WORK IN PROGRESS block finds one
        # there (rules 10); no token of an earlier rules version shares a slot
        kept = tuple(t for t in board.tokens if (t.hex, t.city, t.slot) != at or e.extra_slot)
        return replace(
            board,
            tokens=(*kept, Token(*at, e.family)),
            reservations=tuple(
                r
                for r in board.reservations
                if (r.hex, r.city, r.slot) != at and (r.hex, r.city, r.family) != mine
            ),
            extra_slots=(*board.extra_slots, (e.hex, e.city))
            if e.extra_slot
            else board.extra_slots,
        )

    return _board(state, put)


# ---- upgrades of the board events of rules 1-3


def _laid_on(board: Board, hex_: str) -> LaidTile | None:
    return next((t for t in board.tiles if t.hex == hex_), None)


def upgrade_lay(board: Board, e: TileLaid) -> TilePlaced:
    """The fact of a lay stored as asked: the label is the replaced tile's, else (a lay in the
    OR or by a power) that of the hill or mountain it goes on (board.lays._apply)."""
    laid = _laid_on(board, e.hex)
    if e.mode in ("home", "bonus"):
        label = laid.label if laid else None
    elif laid is not None and laid.label:
        label = laid.label
    else:
        label = HILLS.get(board.map_id, {}).get(e.hex)
    replaced = laid.tile if laid else None
    return TilePlaced(e.family, e.hex, e.tile, e.rotation, e.mode, label, replaced)


def _slots(board: Board, hex_: str, city: int) -> int:
    """The slots of a city now: its tile's (one on a printed hex), with its ON A DIET ones."""
    laid = _laid_on(board, hex_)
    base = CITY_SLOTS.get(laid.tile.rpartition("-")[0], ()) if laid else ()
    slots = base[city] if 0 <= city < len(base) else 1
    return slots + sum(1 for extra in board.extra_slots if extra == (hex_, city))


def _first_free(board: Board, hex_: str, city: int, who: str) -> int:
    """The first slot not taken and not kept for another (board.tokens._free_slot: the
    recorded token was accepted there, so such a slot exists)."""
    taken = {t.slot for t in board.tokens if (t.hex, t.city) == (hex_, city)}
    kept = {r.slot: r.family for r in board.reservations if (r.hex, r.city) == (hex_, city)}
    slot = 0
    while slot in taken or kept.get(slot, who) != who:
        slot += 1
    return slot


def upgrade_token(board: Board, e: TokenPlaced) -> TokenPut:
    """The fact of a token stored as asked: a home token without a slot takes the one its home
    keeps, an ON A DIET token the city's new slot, one without a slot the first free one
    (board.place_home_token, board.check_token)."""
    home = HOMES.get(board.map_id, {}).get(e.family)
    if e.family != WIP and e.hex == home and e.slot is None:
        kept = (r.slot for r in board.reservations if r.family == e.family and r.hex == home)
        slot = next(kept, None)
        return TokenPut(
            e.family, home, 0, _first_free(board, home, 0, e.family) if slot is None else slot
        )
    if e.extra_slot:
        slot = _slots(board, e.hex, e.city)
        return TokenPut(e.family, e.hex, e.city, slot, extra_slot=True, asked_slot=e.slot)
    slot = _first_free(board, e.hex, e.city, e.family) if e.slot is None else e.slot
    return TokenPut(e.family, e.hex, e.city, slot, asked_slot=e.slot)


# ---- the rounds machine's facts (rules 11)


def _flow(flow: Flow, e: FlowFact) -> Flow:
    """The Flow after one of its facts: what the rounds machine wrote at that change in the
    games of rules 1-10 (tests/domain/zoo18/test_flow_facts.py plays games both ways)."""
    match e:
        case RoundBegun(kind=kind, turn=turn, number=number, order=order):
            step = "track" if kind == "or" else ""
            return Flow(round=kind, turn=turn, or_num=number, order=order, step=step)
        case DraftTurnEnded():
            return replace(flow, index=flow.index + 1)
        case StockTurnEnded(seat=seat, passed=passed, next=after):
            kept = tuple(s for s in flow.passed if s != seat)
            flow = replace(flow, passed=(*kept, seat) if passed else kept)
            if after is None:
                return flow
            index = flow.order.index(str(after)) if str(after) in flow.order else flow.index
            return replace(
                flow,
                index=index,
                acted=False,
                bought=False,
                sold_families=(),
                greek=False,
                lay_family="",
                step="",
                bonus_left=0,
            )
        case FamilyTurnBegun():
            return Flow(
                round="or",
                turn=flow.turn,
                or_num=flow.or_num,
                order=flow.order,
                index=flow.index,
                step="track",
            )
        case FamilyTurnEnded():
            return replace(flow, index=flow.index + 1, step="track")
        case StepBegun(step=step):
            return replace(flow, step=step)
        case HomeLaysBegun(family=sym, bonus=bonus):
            return replace(
                flow,
                bought=True,
                acted=True,
                parred_this_sr=True,
                lay_family=sym,
                step="home",
                bonus_left=bonus,
            )
        case BonusLaysLeft(left=left):
            return replace(flow, bonus_left=left)
        case HomeLaysDone():
            return replace(flow, lay_family="", step="", bonus_left=0)
        case StockBought():
            return replace(flow, bought=True, acted=True)
        case StockSold(seat=seat, family=sym, bundle=bundle):
            return replace(
                flow,
                acted=True,
                sold_families=(*flow.sold_families, sym),
                sr_sold=(*flow.sr_sold, f"{seat}:{sym}"),
                sr_bundles=(*flow.sr_bundles, bundle) if bundle else flow.sr_bundles,
            )
        case OrderChanged(order=order):
            return replace(flow, order=order)
        case MidasClaimed(seat=seat):
            return replace(flow, midas=seat)
        case GreekClaimed(claimed=claimed):
            return replace(flow, greek=claimed)
        case TrackLaid(hex=hex_, upgrade=upgrade):
            return replace(
                flow,
                lays=flow.lays + 1,
                upgraded=flow.upgraded or upgrade,
                laid_hexes=(*flow.laid_hexes, hex_),
            )
        case FamilyTokened():
            return replace(flow, tokened=True)
        case PresidentHelped():
            return replace(flow, helped=True)
        case TrainBonusUsed():
            return replace(flow, train_bonus_used=True)
        case SubsidyRaised(amount=amount):
            return replace(flow, subsidy=flow.subsidy + amount)
        case PatchOffered(family=sym, trains=trains):
            return replace(flow, patch_family=sym, patch_trains=trains)
        case PatchDecided():
            return replace(flow, patch_family="", patch_trains=())
        case TrainSpared(train=tid):
            return replace(flow, spared=(*flow.spared, tid))
        case LimitUnchecked(family=sym):
            return replace(flow, limit_unchecked=sym)
    return flow


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
        case TilePlaced():
            return _board(_memo_cleared(state), lambda board: _placed(board, event))
        case TokenPut():
            home = state.flow.round == "sr" and event.family != WIP
            return _put(state if home else _memo_cleared(state), event)
        case HoleOpened(areas=areas):
            return _board(_memo_cleared(state), lambda board: replace(board, hole=areas))
        case TokenStepWaited(family=sym):
            return replace(state, token_waited=(*state.token_waited, sym))
        case SlotReserved(hex=hex_, city=city, slot=slot, family=sym):
            kept = Reservation(hex_, city, slot, sym)
            return _board(state, lambda b: replace(b, reservations=(*b.reservations, kept)))
        case TileLaid() if state.board is not None:
            return evolve(state, upgrade_lay(state.board, event))
        case TokenPlaced() if state.board is not None:
            return evolve(state, upgrade_token(state.board, event))
        case BoardSet(board=board):
            return replace(state, board=board_of(board))
        case TrainMoved(train=tid, to=to, variant=variant):
            t = next((t for t in state.trains if t.id == tid), None)
            if t is None:  # a train the game has not made
                return state
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
        case RunRecorded(family=sym, revenue=revenue, subsidy=subsidy, routes=routes):
            # rules 5 keeps the routes for the dividend (patch_subsidy); older games' states,
            # and so their digests, stay as they were
            claims = routes if state.options.rules >= 5 else ()
            state = replace(state, last_run=(sym, revenue, subsidy), last_routes=claims)
            if state.options.rules < FLOW_FACTS:  # a FlowChanged event follows it
                return state
            ran = replace(state.flow, ran=True, revenue=revenue, subsidy=subsidy)
            return replace(state, flow=ran)
        case Penalised(seat=seat, amount=amount):
            return _player(state, seat, lambda p: replace(p, penalty=p.penalty + amount))
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
            return replace(state, flow=flow_of(flow))
        case PriorityChanged(order=order):
            return replace(state, priority=order)
        case GameEnded(reason=reason):
            if state.options.rules < FLOW_FACTS:  # a FlowChanged event follows it
                return replace(state, ended=reason)
            return replace(state, ended=reason, flow=replace(state.flow, round="over"))
        case (
            RoundBegun()
            | DraftTurnEnded()
            | StockTurnEnded()
            | FamilyTurnBegun()
            | FamilyTurnEnded()
            | StepBegun()
            | HomeLaysBegun()
            | BonusLaysLeft()
            | HomeLaysDone()
            | StockBought()
            | StockSold()
            | OrderChanged()
            | MidasClaimed()
            | GreekClaimed()
            | TrackLaid()
            | FamilyTokened()
            | PresidentHelped()
            | TrainBonusUsed()
            | SubsidyRaised()
            | PatchOffered()
            | PatchDecided()
            | TrainSpared()
            | LimitUnchecked()
        ):
            return replace(state, flow=_flow(state.flow, event))
    return state


def fold(state: State, events: Iterable[Event]) -> State:
    return reduce(evolve, events, state)
