"""The immutable state of an 18ZOO game.

The state's structs are the engine's own (the board engine in board/ works on `Board`, the
rounds machine on `Flow`): events never store them. An event stores its own form
(messages.FlowRecord, the facts of a lay or a token), which evolve writes into these; the
conversions from the stored forms are here.
"""

from __future__ import annotations

import msgspec

from domain.games.zoo18.messages import BoardV1, FlowRecord, Options, RouteClaim


# The changing board, which the board engine (domain.games.zoo18.board) works on.
class LaidTile(msgspec.Struct, frozen=True):
    """A tile copy (e.g. "7-0") laid on a hex; `label` is M/MM when laid on a hill/mountain."""

    hex: str
    tile: str
    rotation: int
    label: str | None = None


class Token(msgspec.Struct, frozen=True):
    """Something in a city slot: a family's token, or the neutral WORK IN PROGRESS block ("WIP")."""

    hex: str
    city: int
    slot: int
    owner: str


class Reservation(msgspec.Struct, frozen=True):
    """A city slot kept for a family (its home, or THAT'S MINE)."""

    hex: str
    city: int
    slot: int
    family: str


class Board(msgspec.Struct, frozen=True):
    """The changing board: laid tiles, tokens, reservations, used tile copies, the HOLE tunnel.

    `used` lists the tile copies on the board (kept equal to the copies in `tiles`); a physical
    piece has two faces (7 / X7), so the supply is counted per piece (see lays.supply).
    `extra_slots` lists (hex, city) pairs that gained an ON A DIET slot.
    `hole` is the sorted pair of R areas linked by the HOLE power, when it was used.
    `row_zero` joins row 0 to the board (rules 8).
    `supply` (rules 18) is the site's own list of the tile copies in the supply, in its order
    (a copy once, where it first stands in the site's list): 18xx.games keeps it by hand and
    it stops matching the pieces on the board (data.after_lay); from rules 18 a lay
    takes its copy from it. None in a game of rules 1 to 17, which count the pieces.
    """

    map_id: str
    variant: str | None = None
    tiles: tuple[LaidTile, ...] = ()
    tokens: tuple[Token, ...] = ()
    reservations: tuple[Reservation, ...] = ()
    used: frozenset[str] = frozenset()
    extra_slots: tuple[tuple[str, int], ...] = ()
    hole: tuple[str, str] | None = None
    # rules 8: the hexes of row 0 neighbour their others (geometry.neighbour); a board of rules
    # 1 to 7 leaves them apart, as Plateau did then
    row_zero: bool = False
    # rules 18: the site's supply list (data.after_lay); None before
    supply: tuple[str, ...] | None = None


class Flow(msgspec.Struct, frozen=True):
    """Round, turn and step bookkeeping of the rounds machine (the awaited entity is
    order[index]): evolve derives it from the facts of rules 11 (messages.FlowFact); games of
    rules 1-10 stored it whole (messages.FlowRecord)."""

    round: str = "setup"  # setup | draft | sr | or | over
    turn: int = 1
    or_num: int = 0
    order: tuple[str, ...] = ()
    index: int = 0
    step: str = ""
    # stock round
    passed: tuple[int, ...] = ()
    acted: bool = False
    bought: bool = False
    sold_families: tuple[str, ...] = ()
    sr_sold: tuple[str, ...] = ()  # "seat:family" sold this SR (no rebuy)
    sr_bundles: tuple[str, ...] = ()  # non-president bundles sold this SR ("GI_1,GI_2")
    parred_this_sr: bool = False
    greek: bool = False
    midas: int = -1
    lay_family: str = ""
    bonus_left: int = 0
    # operating round
    lays: int = 0
    upgraded: bool = False
    laid_hexes: tuple[str, ...] = ()
    tokened: bool = False
    ran: bool = False
    revenue: int = 0
    subsidy: int = 0
    helped: bool = False
    train_bonus_used: bool = False
    patch_family: str = ""
    patch_trains: tuple[str, ...] = ()
    spared: tuple[str, ...] = ()  # obsolete trains kept at this dividend (spec 18.8)
    # A family PATCH patched by choice (rules 7): 18xx.games keeps the list of families over
    # the train limit from before the patch until a train next moves, so its 1S is not counted
    # against the limit until then (E 4 21096 #350).
    limit_unchecked: str = ""


# Flow and FlowRecord declare the same fields in the same order today, so a stored Flow is
# read field for field: by keyword it cost more than all the rest of a FlowChanged's fold
_SAME_FIELDS = Flow.__struct_fields__ == FlowRecord.__struct_fields__


def flow_of(record: FlowRecord) -> Flow:
    """The state's Flow of a stored one (the same fields today: a field renamed or split in
    Flow is mapped here, never in the stored form)."""
    if _SAME_FIELDS:
        return Flow(*msgspec.structs.astuple(record))
    return Flow(**msgspec.structs.asdict(record))


def flow_record(flow: Flow) -> FlowRecord:
    """The stored form of the state's Flow."""
    return FlowRecord(**msgspec.structs.asdict(flow))


def board_of(stored: BoardV1) -> Board:
    """The state's Board of one a board_set event stored (rules 1-3)."""
    return Board(
        map_id=stored.map_id,
        variant=stored.variant,
        tiles=tuple(LaidTile(t.hex, t.tile, t.rotation, t.label) for t in stored.tiles),
        tokens=tuple(Token(t.hex, t.city, t.slot, t.owner) for t in stored.tokens),
        reservations=tuple(
            Reservation(r.hex, r.city, r.slot, r.family) for r in stored.reservations
        ),
        used=stored.used,
        extra_slots=stored.extra_slots,
        hole=stored.hole,
    )


class Player(msgspec.Struct, frozen=True):
    name: str
    cash: int
    penalty: int = 0


class Family(msgspec.Struct, frozen=True):
    sym: str
    cash: int = 0
    parred: bool = False
    row: int = -1
    col: int = -1
    arrival: int = 0  # order of arrival in its market cell (operating-order tie break)
    tokens_used: int = 0  # placed tokens, home included
    marks: tuple[str, ...] = ()  # power markers: "wheat:HEX", "barrel", "wings", ...


class Share(msgspec.Struct, frozen=True):
    id: str  # "GI_0" (40% president) .. "GI_4" (the cousin)
    family: str
    percent: int
    owner: str  # "ipo", "market" or "p<seat>"


class Holding(msgspec.Struct, frozen=True):
    """A power or a ZOOTicket: who holds it and its counters."""

    id: str
    owner: str  # "bank", "p<seat>", a family sym, or "closed"
    uses: int = 0
    data: str = ""


class TrainCard(msgspec.Struct, frozen=True):
    id: str  # "3S Long-0"
    name: str  # "3S Long"
    owner: str  # "depot", a family sym, "discard", "rusted", "aside"
    variant: str = ""
    obsolete: bool = False
    operated: bool = False
    disabled: int = 0  # WHATSUP: 1 = skip the family's next OR turn


class State(msgspec.Struct, frozen=True):
    seats: int
    options: Options
    map: str = ""
    players: tuple[Player, ...] = ()
    families: tuple[Family, ...] = ()
    shares: tuple[Share, ...] = ()
    powers: tuple[Holding, ...] = ()
    tickets: tuple[Holding, ...] = ()
    deck: tuple[str, ...] = ()
    trains: tuple[TrainCard, ...] = ()
    phase: str = "2S"
    board: Board | None = None
    flow: Flow = Flow()
    priority: tuple[int, ...] = ()
    arrivals: int = 0
    par_order: tuple[str, ...] = ()  # families in the order they were opened
    bank_flow: int = 0  # money the bank paid out minus money it received
    last_run: tuple[str, int, int] = ("", 0, 0)
    last_routes: tuple[RouteClaim, ...] = ()  # the last run's routes (kept from rules 5 on)
    ended: str = ""
    # share ids, the latest moved last: 18xx.games keeps each holder's certificates in the
    # order they came, and a presidency swap hands back the first ones (rules 2)
    acquired: tuple[str, ...] = ()
    # rules 15: the families whose token step waited since the board last changed, which the
    # site's memoized graph still finds able to token (messages.TokenStepWaited)
    token_waited: tuple[str, ...] = ()
    # rules 22: the families whose graph the site computed since the board last changed, and
    # the home tokens put since, which such a family's graph has not got: (family, owner, hex,
    # city) each (evolve._graph_computed, boardlink.seen_board)
    graphs_kept: tuple[str, ...] = ()
    graph_unseen: tuple[tuple[str, str, str, int], ...] = ()

    # ---- lookups
    def family(self, sym: str) -> Family:
        for f in self.families:
            if f.sym == sym:
                return f
        raise KeyError(sym)

    def power(self, pid: str) -> Holding:
        for p in self.powers:
            if p.id == pid:
                return p
        for t in self.tickets:
            if t.id == pid:
                return t
        raise KeyError(pid)

    def share(self, sid: str) -> Share:
        for s in self.shares:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def train(self, tid: str) -> TrainCard:
        for t in self.trains:
            if t.id == tid:
                return t
        raise KeyError(tid)

    def family_shares(self, sym: str) -> tuple[Share, ...]:
        return tuple(s for s in self.shares if s.family == sym)

    def percent_of(self, owner: str, sym: str) -> int:
        total = 0
        for s in self.shares:
            if s.owner == owner and s.family == sym:
                total += s.percent
        return total

    def president(self, sym: str) -> int | None:
        for s in self.shares:
            if s.family == sym and s.percent == 40 and s.owner.startswith("p"):
                return int(s.owner[1:])
        return None

    def family_trains(self, sym: str) -> tuple[TrainCard, ...]:
        return tuple(t for t in self.trains if t.owner == sym)

    def owned_powers(self, owner: str) -> tuple[Holding, ...]:
        return tuple(p for p in self.powers if p.owner == owner)

    def owned_tickets(self, owner: str) -> tuple[Holding, ...]:
        return tuple(t for t in self.tickets if t.owner == owner)
