"""What each viewer sees: the whole public game (18ZOO hides only the order of the powers deck)."""

from __future__ import annotations

import msgspec
from msgspec import UNSET, UnsetType
from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink, market
from domain.games.zoo18.ctx import (
    future_powers,
    next_token_price,
    offered_powers,
    seat_id,
    ticket_value,
)
from domain.games.zoo18.data import (
    DAY_NAMES,
    FAMILY_NAMES,
    MARKET,
    POWER_NAME,
    POWER_PRICE,
    SR_POWERS,
    TOKEN_PRICES,
    draft_size,
)
from domain.games.zoo18.legal import legal
from domain.games.zoo18.messages import Event, Started
from domain.games.zoo18.rounds import acting_entity, acting_seat
from domain.games.zoo18.scoring import player_value
from domain.games.zoo18.state import State
from domain.games.zoo18.trains import depot_offer
from domain.kernel import Omniscient, Viewer


def redact(event: Event, viewer: Viewer) -> Event | None:
    if isinstance(event, Started) and not isinstance(viewer, Omniscient):
        # the draft offer and the next four are public; the rest of the deck order is not,
        # nor the seed it was dealt from (it tells the whole order)
        shown = draft_size(len(event.players)) + 4
        hidden = (None,) * (len(event.deck) - shown)
        return replace(event, deck=event.deck[:shown] + hidden, seed=None)
    return event


class PowerView(msgspec.Struct, frozen=True):
    id: str
    name: str
    price: int
    kind: str  # "SR" or "OR": when it is played


class RoundView(msgspec.Struct, frozen=True):
    kind: str  # setup, draft, sr, or, over
    day: str
    turn: int
    operating_round: int
    step: str
    order: list[str]  # the entities in turn order
    index: int  # whose turn it is in `order`


class Awaiting(msgspec.Struct, frozen=True):
    seat: int | None
    entity: str | None
    commands: list[str]  # the kinds of command the seat may send


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    name: str
    cash: int
    penalty: int
    shares: dict[str, int]  # percent by family
    certificates: list[str]
    powers: list[PowerView]
    tickets: list[str]
    value: int


class FamilyTrain(msgspec.Struct, frozen=True):
    id: str
    runs_as: str
    obsolete: bool
    ran: bool


class FamilyView(msgspec.Struct, frozen=True):
    sym: str
    name: str
    open: bool
    cash: int
    price: int | None
    cell: list[int] | None  # [row, column] of the market
    president: int | None
    trains: list[FamilyTrain]
    tokens_left: int
    next_token_price: int | None
    ipo: list[str]
    market_pool: list[str]
    powers: list[PowerView]
    marks: list[str]


class MarketCell(msgspec.Struct, frozen=True):
    id: str
    price: int
    threshold: int | None
    dividend: int
    president_bonus: int
    families: list[str]


class Powers(msgspec.Struct, frozen=True):
    offered: list[PowerView]
    future: list[PowerView]


class DepotTrain(msgspec.Struct, frozen=True):
    train: str
    name: str
    from_: str = msgspec.field(name="from")


class StopShown(msgspec.Struct, frozen=True):
    kind: str
    revenue: int
    slots: int
    hidden: bool
    city_id: str | None


class TokenShown(msgspec.Struct, frozen=True):
    city: int
    slot: int
    owner: str


class Reservation(msgspec.Struct, frozen=True):
    city: int
    slot: int
    family: str


class HexShown(msgspec.Struct, frozen=True):
    hex: str
    color: str
    type: str
    tile: str | None  # the laid copy ("7-0"), None on a printed or tunnel face
    face: str  # the tile name or printed id shown
    face_id: str  # copy or printed id, as in 18xx.games city ids
    rotation: int
    label: str | None
    # ends of the face before rotation: 0..5 edges, 6 + i the i-th stop, -1 the junction
    paths: list[list[int]]
    exits: list[int]
    stops: list[StopShown]
    revenue: list[int]
    tokens: list[TokenShown]
    reserved: list[Reservation]
    terrain: str | None
    lay_cost: int
    home_of: str | None


class LastRun(msgspec.Struct, frozen=True):
    family: str
    revenue: int
    subsidy: int


class Zoo18View(msgspec.Struct, frozen=True):
    """The game; before its start, `started` alone (every other field is left out)."""

    started: bool
    map: str | UnsetType = UNSET
    exportable: bool | UnsetType = UNSET
    phase: str | UnsetType = UNSET
    round: RoundView | UnsetType = UNSET
    awaiting: Awaiting | UnsetType = UNSET
    ticket_value: int | UnsetType = UNSET
    priority: list[int] | UnsetType = UNSET
    players: list[PlayerView] | UnsetType = UNSET
    families: list[FamilyView] | UnsetType = UNSET
    market: list[list[MarketCell]] | UnsetType = UNSET
    powers: Powers | UnsetType = UNSET
    depot: list[DepotTrain] | UnsetType = UNSET
    hexes: list[HexShown] | UnsetType = UNSET
    last_run: LastRun | UnsetType = UNSET
    ended: str | UnsetType = UNSET


def view(state: State, viewer: Viewer) -> Zoo18View:
    if not state.players:
        return Zoo18View(started=False)
    flow = state.flow
    seat = acting_seat(state)
    commands = sorted({type(c).__name__ for c in legal(state, seat)}) if seat is not None else []
    return Zoo18View(
        started=True,
        map=state.map,
        exportable=state.options.exportable,
        phase=state.phase,
        round=RoundView(
            kind=flow.round,
            day=DAY_NAMES.get(flow.turn, ""),
            turn=flow.turn,
            operating_round=flow.or_num,
            step=flow.step,
            order=list(flow.order),
            index=flow.index,
        ),
        awaiting=Awaiting(seat=seat, entity=acting_entity(state), commands=commands),
        ticket_value=ticket_value(state),
        priority=list(state.priority),
        players=[_player(state, n) for n in range(len(state.players))],
        families=[_family(state, f.sym) for f in state.families],
        market=_market(state),
        powers=Powers(
            offered=[_power(p) for p in offered_powers(state)],
            future=[_power(p) for p in future_powers(state) if not p.startswith("hidden")],
        ),
        depot=[DepotTrain(t.id, t.name, t.owner) for t in depot_offer(state)],
        hexes=_hexes(state),
        last_run=LastRun(*state.last_run),
        ended=state.ended,
    )


def _power(pid: str) -> PowerView:
    return PowerView(
        id=pid,
        name=POWER_NAME.get(pid, pid),
        price=POWER_PRICE.get(pid, 0),
        kind="SR" if pid in SR_POWERS else "OR",
    )


def _player(state: State, n: int) -> PlayerView:
    me = seat_id(n)
    p = state.players[n]
    return PlayerView(
        seat=n,
        name=p.name,
        cash=p.cash,
        penalty=p.penalty,
        shares={
            f.sym: state.percent_of(me, f.sym)
            for f in state.families
            if state.percent_of(me, f.sym)
        },
        certificates=[s.id for s in state.shares if s.owner == me],
        powers=[_power(h.id) for h in state.owned_powers(me)],
        tickets=[t.id for t in state.owned_tickets(me)],
        value=player_value(state, n),
    )


def _family(state: State, sym: str) -> FamilyView:
    f = state.family(sym)
    return FamilyView(
        sym=sym,
        name=FAMILY_NAMES[sym],
        open=f.parred,
        cash=f.cash,
        price=market.price((f.row, f.col)) if f.parred else None,
        cell=[f.row, f.col] if f.parred else None,
        president=state.president(sym),
        trains=[
            FamilyTrain(t.id, t.variant or t.name, t.obsolete, t.operated)
            for t in state.family_trains(sym)
        ],
        tokens_left=len(TOKEN_PRICES[sym]) - f.tokens_used,
        next_token_price=next_token_price(state, sym),
        ipo=[s.id for s in state.family_shares(sym) if s.owner == "ipo"],
        market_pool=[s.id for s in state.family_shares(sym) if s.owner == "market"],
        powers=[_power(h.id) for h in state.owned_powers(sym)],
        marks=list(f.marks),
    )


def _market(state: State) -> list[list[MarketCell]]:
    here: dict[tuple[int, int], list[tuple[int, str]]] = {}
    for f in state.families:
        if f.parred:
            here.setdefault((f.row, f.col), []).append((f.arrival, f.sym))
    return [
        [
            MarketCell(
                id=market.cell_id((c.row, c.col)),
                price=c.price,
                threshold=c.threshold,
                dividend=c.dividend,
                president_bonus=c.bonus,
                families=[sym for _, sym in sorted(here.get((c.row, c.col), []))],
            )
            for c in row
        ]
        for row in MARKET
    ]


def _hexes(state: State) -> list[HexShown]:
    """Every hex as the board engine describes it: the face shown (laid tile, HOLE tunnel tile
    or printed hex), its track, its stops paying now with slots, tokens and reservations."""
    board = state.board
    if board is None:
        return []
    return [_hex(board, h) for h in B.describe(board, boardlink.colours(state.phase))]


def _hex(board: B.Board, h: B.HexView) -> HexShown:
    tile, _, face_id = B.face(board, h.hex)
    return HexShown(
        hex=h.hex,
        color=h.color,
        type=h.type,
        tile=h.tile,
        face=h.face,
        face_id=face_id,
        rotation=h.rotation,
        label=h.label,
        paths=[list(p) for p in tile.paths],
        exits=sorted({int(end[4:]) for p in h.paths for end in p if end.startswith("edge")}),
        stops=[
            StopShown(
                kind=stop.kind,
                revenue=stop.revenue,
                slots=stop.slots,
                hidden=stop.hidden,
                city_id=B.city_id(board, h.hex, i) if stop.kind == "city" else None,
            )
            for i, stop in enumerate(h.stops)
        ],
        revenue=[stop.revenue for stop in h.stops],
        tokens=[
            TokenShown(city=i, slot=slot, owner=owner)
            for i, stop in enumerate(h.stops)
            for slot, owner in stop.tokens
        ],
        reserved=[
            Reservation(city=i, slot=slot, family=family)
            for i, stop in enumerate(h.stops)
            for slot, family in stop.reserved
        ],
        terrain=h.terrain,
        lay_cost=h.lay_cost,
        home_of=h.home_of,
    )
