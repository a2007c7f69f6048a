"""Folding events into the state: facts only, no randomness, no rule, nothing that raises.

Every event says what happened and evolve writes it into the state: a tile lay (TilePlaced)
names the tile, rotation and label and the copy it replaced, a token (TokenPut) its slot, the
board powers what they changed (HoleOpened, SlotReserved); decide computed all of it with the
board engine (boardlink, board/), which evolve never calls. The rounds machine's changes are
facts too from rules 11 (a round begun, a turn ended, a step begun: `_FLOW_FACTS`); games of
rules 1 to 10 stored the whole Flow at each change (FlowChanged, its own form
messages.FlowRecord, converted by state.flow_of).

Each event's change is found by its type in a dict (`_CHANGES`): the fold of a stored game runs
through here at every event (bench scenario 4, `bench.ab OTHER --fold`).

Games of rules 1-3 stored the board moves as asked (TileLaid, TokenPlaced without a slot,
BoardSet with the whole board, see messages): `upgrade_lay` and `upgrade_token` turn each into
the fact it caused, from the board before it and the map facts of data (HILLS, CITY_SLOTS,
HOMES), as the board engine's replay of them did (tests/domain/zoo18/test_facts.py folds logs
stored by that code)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import reduce
from typing import Any

from msgspec.structs import replace

from domain.games.zoo18.data import (
    CITY_SLOTS,
    FLOW_FACTS,
    GRAPH_MEMO,
    HILLS,
    HOMES,
    MAP_FAMILIES,
    ROW_ZERO,
    SHARE_PERCENTS,
    SITE_SUPPLY,
    STARTING_CASH,
    TRAIN_COUNTS,
    after_lay,
    site_supply,
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
        board=initial_board(
            e.map,
            state.options.centre,
            state.options.rules >= ROW_ZERO,
            state.options.rules >= SITE_SUPPLY,
        ),
        priority=tuple(range(n)),
    )


def initial_board(
    map_id: str, centre: str | None = None, row_zero: bool = False, listed: bool = False
) -> Board:
    """The board before any lay: every home slot kept for its family (board.initial_board),
    on the centre the options chose (Base 2 / Base 3), row 0 joined from rules 8 on, the
    site's supply list kept from rules 18 on (`listed`)."""
    homes = sorted(HOMES.get(map_id, {}).items())
    reservations = tuple(Reservation(h, 0, 0, f) for f, h in homes)
    supply = site_supply() if listed else None
    return Board(
        map_id=map_id,
        variant=centre,
        reservations=reservations,
        row_zero=row_zero,
        supply=supply,
    )


# a seat's text: its number's decimal ("02" or "-1" name no seat)
_SEATS = {str(number): number for number in range(10)}


def _seat(seat: object, players: tuple[Player, ...]) -> int:
    """The index of the player of `seat` ("2" or 2), -1 for a seat the game has not."""
    text = str(seat)
    number = _SEATS.get(text)
    if number is None:  # ten seats or more: no game has them, read the same way
        number = int(text) if text.isascii() and text.isdigit() else -1
        number = number if str(number) == text else -1
    return number if number < len(players) else -1


def _player(state: State, seat: object, change: Callable[[Player], Player]) -> State:
    """`change` the player of `seat`; none changes for a seat the game has not."""
    at = _seat(seat, state.players)
    if at < 0:
        return state
    players = list(state.players)
    players[at] = change(players[at])
    return replace(state, players=tuple(players))


def _family(state: State, sym: str, change: Callable[[Family], Family]) -> State:
    # list comprehensions: Python 3.11 runs them faster than a generator in tuple()
    fams = tuple([change(f) if f.sym == sym else f for f in state.families])
    return replace(state, families=fams)


def _train(state: State, tid: str, **changes: object) -> State:
    trains = tuple([replace(t, **changes) if t.id == tid else t for t in state.trains])
    return replace(state, trains=trains)


def _board(state: State, change: object) -> State:
    if state.board is None:  # no board before the game starts
        return state
    return replace(state, board=change(state.board))  # type: ignore[operator]


def _placed(board: Board, e: TilePlaced) -> Board:
    laid = LaidTile(e.hex, e.tile, e.rotation, e.label)
    tiles = (*[t for t in board.tiles if t.hex != e.hex], laid)
    used = frozenset([t.tile for t in tiles])
    if board.supply is None:  # rules 1 to 17: the pieces on the board are the supply's count
        return replace(board, tiles=tiles, used=used)
    supply = after_lay(board.supply, e.tile, e.replaced, e.mode)  # rules 18: the site's list
    return replace(board, tiles=tiles, used=used, supply=supply)


def _memo_cleared(state: State, **changes: Any) -> State:
    """The board changed (`changes`, in the same new state): 18xx.games clears its graph's
    memo (rules 15, TokenStepWaited; rules 22, graphs_kept); a home token, placed without
    clearing it there, leaves it."""
    if state.token_waited or state.graphs_kept:
        return replace(state, token_waited=(), graphs_kept=(), graph_unseen=(), **changes)
    return replace(state, **changes) if changes else state


def _home_unseen(state: State, e: TokenPut) -> State:
    """Rules 22: a home token is not in the graphs the site keeps (it does not clear them)."""
    unseen = tuple((sym, e.family, e.hex, e.city) for sym in state.graphs_kept)
    return replace(state, graph_unseen=(*state.graph_unseen, *unseen)) if unseen else state


def _graph_computed(state: State, flow: Flow) -> State:
    """Rules 22, the state with its new `flow`: the site computes the graph of the family at
    its track step when it keeps none (its lays are asked), and afresh at its token step (a
    token question the graph's memo of lays does not answer): that graph has the board as it
    is."""
    if flow.round != "or" or flow.index >= len(flow.order) or flow.step not in _COMPUTING:
        return replace(state, flow=flow)
    sym = flow.order[flow.index]
    kept = state.graphs_kept if sym in state.graphs_kept else (*state.graphs_kept, sym)
    if flow.step == "track":
        return replace(state, flow=flow, graphs_kept=kept)
    unseen = tuple([u for u in state.graph_unseen if u[0] != sym])
    return replace(state, flow=flow, graphs_kept=kept, graph_unseen=unseen)


_COMPUTING = ("track", "token")  # the steps whose questions compute the family's graph


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
#
# Each fact's change of the Flow, found by the fact's type in a dict: a `match` of 23 class
# patterns tried in turn cost more than the change itself, and the facts are half the events
# of a game (bench scenario 4, 18ZOO).


def _round_begun(flow: Flow, e: RoundBegun) -> Flow:
    step = "track" if e.kind == "or" else ""
    return Flow(round=e.kind, turn=e.turn, or_num=e.number, order=e.order, step=step)


def _draft_turn_ended(flow: Flow, e: DraftTurnEnded) -> Flow:
    return replace(flow, index=flow.index + 1)


def _stock_turn_ended(flow: Flow, e: StockTurnEnded) -> Flow:
    seat, after = e.seat, e.next
    kept = tuple(s for s in flow.passed if s != seat)
    flow = replace(flow, passed=(*kept, seat) if e.passed else kept)
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


def _family_turn_begun(flow: Flow, e: FamilyTurnBegun) -> Flow:
    return Flow(
        round="or",
        turn=flow.turn,
        or_num=flow.or_num,
        order=flow.order,
        index=flow.index,
        step="track",
    )


def _family_turn_ended(flow: Flow, e: FamilyTurnEnded) -> Flow:
    return replace(flow, index=flow.index + 1, step="track")


def _step_begun(flow: Flow, e: StepBegun) -> Flow:
    return replace(flow, step=e.step)


def _home_lays_begun(flow: Flow, e: HomeLaysBegun) -> Flow:
    return replace(
        flow,
        bought=True,
        acted=True,
        parred_this_sr=True,
        lay_family=e.family,
        step="home",
        bonus_left=e.bonus,
    )


def _bonus_lays_left(flow: Flow, e: BonusLaysLeft) -> Flow:
    return replace(flow, bonus_left=e.left)


def _home_lays_done(flow: Flow, e: HomeLaysDone) -> Flow:
    return replace(flow, lay_family="", step="", bonus_left=0)


def _stock_bought(flow: Flow, e: StockBought) -> Flow:
    return replace(flow, bought=True, acted=True)


def _stock_sold(flow: Flow, e: StockSold) -> Flow:
    return replace(
        flow,
        acted=True,
        sold_families=(*flow.sold_families, e.family),
        sr_sold=(*flow.sr_sold, f"{e.seat}:{e.family}"),
        sr_bundles=(*flow.sr_bundles, e.bundle) if e.bundle else flow.sr_bundles,
    )


def _order_changed(flow: Flow, e: OrderChanged) -> Flow:
    return replace(flow, order=e.order)


def _midas_claimed(flow: Flow, e: MidasClaimed) -> Flow:
    return replace(flow, midas=e.seat)


def _greek_claimed(flow: Flow, e: GreekClaimed) -> Flow:
    return replace(flow, greek=e.claimed)


def _track_laid(flow: Flow, e: TrackLaid) -> Flow:
    return replace(
        flow,
        lays=flow.lays + 1,
        upgraded=flow.upgraded or e.upgrade,
        laid_hexes=(*flow.laid_hexes, e.hex),
    )


def _family_tokened(flow: Flow, e: FamilyTokened) -> Flow:
    return replace(flow, tokened=True)


def _president_helped(flow: Flow, e: PresidentHelped) -> Flow:
    return replace(flow, helped=True)


def _train_bonus_used(flow: Flow, e: TrainBonusUsed) -> Flow:
    return replace(flow, train_bonus_used=True)


def _subsidy_raised(flow: Flow, e: SubsidyRaised) -> Flow:
    return replace(flow, subsidy=flow.subsidy + e.amount)


def _patch_offered(flow: Flow, e: PatchOffered) -> Flow:
    return replace(flow, patch_family=e.family, patch_trains=e.trains)


def _patch_decided(flow: Flow, e: PatchDecided) -> Flow:
    return replace(flow, patch_family="", patch_trains=())


def _train_spared(flow: Flow, e: TrainSpared) -> Flow:
    return replace(flow, spared=(*flow.spared, e.train))


def _limit_unchecked(flow: Flow, e: LimitUnchecked) -> Flow:
    return replace(flow, limit_unchecked=e.family)


_FLOW_FACTS: dict[type, Callable[[Flow, Any], Flow]] = {
    RoundBegun: _round_begun,
    DraftTurnEnded: _draft_turn_ended,
    StockTurnEnded: _stock_turn_ended,
    FamilyTurnBegun: _family_turn_begun,
    FamilyTurnEnded: _family_turn_ended,
    StepBegun: _step_begun,
    HomeLaysBegun: _home_lays_begun,
    BonusLaysLeft: _bonus_lays_left,
    HomeLaysDone: _home_lays_done,
    StockBought: _stock_bought,
    StockSold: _stock_sold,
    OrderChanged: _order_changed,
    MidasClaimed: _midas_claimed,
    GreekClaimed: _greek_claimed,
    TrackLaid: _track_laid,
    FamilyTokened: _family_tokened,
    PresidentHelped: _president_helped,
    TrainBonusUsed: _train_bonus_used,
    SubsidyRaised: _subsidy_raised,
    PatchOffered: _patch_offered,
    PatchDecided: _patch_decided,
    TrainSpared: _train_spared,
    LimitUnchecked: _limit_unchecked,
}


def _on_flow(change: Callable[[Flow, Any], Flow]) -> Callable[[State, Any], State]:
    """The state's change by a flow fact: its Flow's (what the rounds machine wrote at that
    change in the games of rules 1-10: tests/domain/zoo18/test_flow_facts.py plays games
    both ways)."""

    def changed(state: State, e: FlowFact) -> State:
        return replace(state, flow=change(state.flow, e))

    return changed


def _on_turn_flow(change: Callable[[Flow, Any], Flow]) -> Callable[[State, Any], State]:
    """A flow fact that may begin a family's track or token step (rules 22 reads the site's
    graph computed then)."""

    def changed(state: State, e: FlowFact) -> State:
        flow = change(state.flow, e)
        if state.options.rules < GRAPH_MEMO:
            return replace(state, flow=flow)
        return _graph_computed(state, flow)

    return changed


_TURN_FACTS = (FamilyTurnBegun, StepBegun)  # a turn's end is followed by the next's beginning


# ---- the state's change by each event


def _paid(state: State, e: Paid) -> State:
    """Money moves from the payer to the payee ("bank", "p<seat>" or a family sym), in one
    new state: a third of a game's events, most of them between two families."""
    payer, payee, amount = e.payer, e.payee, e.amount
    if payer == payee:  # nothing moves, the bank's flow neither
        return state
    players, fams, flow = state.players, state.families, 0
    if "bank" not in (payer, payee) and not payer.startswith("p") and not payee.startswith("p"):
        # between two families (most payments): one pass over them
        fams = tuple(
            [
                replace(f, cash=f.cash - amount)
                if f.sym == payer
                else replace(f, cash=f.cash + amount)
                if f.sym == payee
                else f
                for f in fams
            ]
        )
        return replace(state, families=fams)
    for who, delta in ((payer, -amount), (payee, amount)):
        if who == "bank":
            flow -= delta  # money the bank paid out, minus what it received
        elif not who.startswith("p"):
            fams = tuple([replace(f, cash=f.cash + delta) if f.sym == who else f for f in fams])
        elif (at := _seat(who[1:], players)) >= 0:
            changed = list(players)
            changed[at] = replace(players[at], cash=players[at].cash + delta)
            players = tuple(changed)
    return replace(state, bank_flow=state.bank_flow + flow, players=players, families=fams)


def _shares_moved(state: State, e: SharesMoved) -> State:
    ids, to = e.shares, e.to
    shares = tuple([replace(s, owner=to) if s.id in ids else s for s in state.shares])
    if state.options.rules < 2:  # rules 1 keeps no order (nor a changed digest)
        return replace(state, shares=shares)
    acquired = (*[i for i in state.acquired if i not in ids], *ids)
    return replace(state, shares=shares, acquired=acquired)


def _parred(state: State, e: Parred) -> State:
    row, col, n = e.row, e.col, state.arrivals + 1
    state = replace(state, arrivals=n, par_order=(*state.par_order, e.family))
    return _family(state, e.family, lambda f: replace(f, parred=True, row=row, col=col, arrival=n))


def _price_moved(state: State, e: PriceMoved) -> State:
    row, col, n = e.row, e.col, state.arrivals + 1
    state = replace(state, arrivals=n)
    return _family(state, e.family, lambda f: replace(f, row=row, col=col, arrival=n))


def _power_moved(state: State, e: PowerMoved) -> State:
    pid, to = e.power, e.to
    return replace(
        state,
        powers=tuple([replace(p, owner=to) if p.id == pid else p for p in state.powers]),
        tickets=tuple([replace(t, owner=to) if t.id == pid else t for t in state.tickets]),
    )


def _power_updated(state: State, e: PowerUpdated) -> State:
    pid, uses, data = e.power, e.uses, e.data
    powers = tuple([replace(p, uses=uses, data=data) if p.id == pid else p for p in state.powers])
    return replace(state, powers=powers)


def _tile_placed(state: State, e: TilePlaced) -> State:
    board = state.board
    return _memo_cleared(state) if board is None else _memo_cleared(state, board=_placed(board, e))


def _token_put(state: State, e: TokenPut) -> State:
    home = state.flow.round == "sr" and e.family != WIP
    return _put(_home_unseen(state, e) if home else _memo_cleared(state), e)


def _hole_opened(state: State, e: HoleOpened) -> State:
    return _board(_memo_cleared(state), lambda board: replace(board, hole=e.areas))


def _token_step_waited(state: State, e: TokenStepWaited) -> State:
    return replace(state, token_waited=(*state.token_waited, e.family))


def _slot_reserved(state: State, e: SlotReserved) -> State:
    kept = Reservation(e.hex, e.city, e.slot, e.family)
    return _board(state, lambda b: replace(b, reservations=(*b.reservations, kept)))


def _tile_laid(state: State, e: TileLaid) -> State:
    if state.board is None:
        return state
    return _tile_placed(state, upgrade_lay(state.board, e))


def _token_placed(state: State, e: TokenPlaced) -> State:
    if state.board is None:
        return state
    return _token_put(state, upgrade_token(state.board, e))


def _board_set(state: State, e: BoardSet) -> State:
    return replace(state, board=board_of(e.board))


def _train_moved(state: State, e: TrainMoved) -> State:
    trains, tid, to = state.trains, e.train, e.to
    ids = [t.id for t in trains]  # searched by C loops: a sixth of a game's events
    if tid not in ids:  # a train the game has not made
        return state
    at = ids.index(tid)
    t = trains[at]  # the first of that id, which says what each of that id becomes
    gone = to in ("depot", "discard")
    variant, operated, obsolete = e.variant or t.variant, not gone and t.operated, t.obsolete
    if ids.count(tid) > 1:  # no game makes two trains of an id: each would move, as ever
        return _train(
            state, tid, owner=to, variant=variant, operated=operated, obsolete=obsolete and not gone
        )
    moved = list(trains)
    moved[at] = replace(
        t, owner=to, variant=variant, operated=operated, obsolete=obsolete and not gone
    )
    return replace(state, trains=tuple(moved))


def _train_created(state: State, e: TrainCreated) -> State:
    tid = e.train
    name = tid.rsplit("-", 1)[0]
    return replace(state, trains=(*state.trains, TrainCard(tid, name, "depot", name)))


def _train_flagged(state: State, e: TrainFlagged) -> State:
    return _train(state, e.train, obsolete=e.obsolete, operated=e.operated, disabled=e.disabled)


def _phase_changed(state: State, e: PhaseChanged) -> State:
    return replace(state, phase=e.phase)


def _run_recorded(state: State, e: RunRecorded) -> State:
    revenue, subsidy = e.revenue, e.subsidy
    # rules 5 keeps the routes for the dividend (patch_subsidy); older games' states, and so
    # their digests, stay as they were
    claims = e.routes if state.options.rules >= 5 else ()
    state = replace(state, last_run=(e.family, revenue, subsidy), last_routes=claims)
    if state.options.rules < FLOW_FACTS:  # a FlowChanged event follows it
        return state
    ran = replace(state.flow, ran=True, revenue=revenue, subsidy=subsidy)
    return replace(state, flow=ran)


def _penalised(state: State, e: Penalised) -> State:
    amount = e.amount
    return _player(state, e.seat, lambda p: replace(p, penalty=p.penalty + amount))


def _family_marked(state: State, e: FamilyMarked) -> State:
    mark = e.mark
    if mark.startswith("-"):
        gone = mark[1:]
        return _family(
            state,
            e.family,
            lambda f: replace(f, marks=tuple(m for m in f.marks if m.split(":")[0] != gone)),
        )
    return _family(state, e.family, lambda f: replace(f, marks=(*f.marks, mark)))


def _flow_changed(state: State, e: FlowChanged) -> State:
    return replace(state, flow=flow_of(e.flow))


def _priority_changed(state: State, e: PriorityChanged) -> State:
    return replace(state, priority=e.order)


def _game_ended(state: State, e: GameEnded) -> State:
    if state.options.rules < FLOW_FACTS:  # a FlowChanged event follows it
        return replace(state, ended=e.reason)
    return replace(state, ended=e.reason, flow=replace(state.flow, round="over"))


# Each event's change, found by its type: every event class is a leaf of messages._Event, so
# its exact type names it (a `match` tried ~30 class patterns in turn for the flow facts).
_CHANGES: dict[type, Callable[[State, Any], State]] = {
    Started: _started,
    Paid: _paid,
    SharesMoved: _shares_moved,
    Parred: _parred,
    PriceMoved: _price_moved,
    PowerMoved: _power_moved,
    PowerUpdated: _power_updated,
    TilePlaced: _tile_placed,
    TokenPut: _token_put,
    HoleOpened: _hole_opened,
    TokenStepWaited: _token_step_waited,
    SlotReserved: _slot_reserved,
    TileLaid: _tile_laid,
    TokenPlaced: _token_placed,
    BoardSet: _board_set,
    TrainMoved: _train_moved,
    TrainCreated: _train_created,
    TrainFlagged: _train_flagged,
    PhaseChanged: _phase_changed,
    RunRecorded: _run_recorded,
    Penalised: _penalised,
    FamilyMarked: _family_marked,
    FlowChanged: _flow_changed,
    PriorityChanged: _priority_changed,
    GameEnded: _game_ended,
    **{fact: _on_flow(change) for fact, change in _FLOW_FACTS.items()},
    **{fact: _on_turn_flow(_FLOW_FACTS[fact]) for fact in _TURN_FACTS},
}


def evolve(state: State, event: Event) -> State:
    change = _CHANGES.get(type(event))
    return state if change is None else change(state, event)


def fold(state: State, events: Iterable[Event]) -> State:
    return reduce(evolve, events, state)
