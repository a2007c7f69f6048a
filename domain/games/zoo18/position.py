"""The position as the log stores it (`domain.positions`): what an undo restores and a fork is
dealt, in forms of its own (the board engine's and the rounds machine's structs included). A
stored form never changes; a new one is added after it. The options are left out: the table's
opening holds them."""

from __future__ import annotations

from domain.games.zoo18.messages import Options
from domain.games.zoo18.state import State
from domain.kernel import Positions
from domain.positions import Form, restored, taken


class LaidTileV1(Form, frozen=True):
    hex: str
    tile: str
    rotation: int
    label: str | None = None


class TokenV1(Form, frozen=True):
    hex: str
    city: int
    slot: int
    owner: str


class ReservationV1(Form, frozen=True):
    hex: str
    city: int
    slot: int
    family: str


class BoardV1(Form, frozen=True):
    map_id: str
    variant: str | None = None
    tiles: tuple[LaidTileV1, ...] = ()
    tokens: tuple[TokenV1, ...] = ()
    reservations: tuple[ReservationV1, ...] = ()
    used: frozenset[str] = frozenset()
    extra_slots: tuple[tuple[str, int], ...] = ()
    hole: tuple[str, str] | None = None
    row_zero: bool = False


class FlowV1(Form, frozen=True):
    round: str = "setup"
    turn: int = 1
    or_num: int = 0
    order: tuple[str, ...] = ()
    index: int = 0
    step: str = ""
    passed: tuple[int, ...] = ()
    acted: bool = False
    bought: bool = False
    sold_families: tuple[str, ...] = ()
    sr_sold: tuple[str, ...] = ()
    sr_bundles: tuple[str, ...] = ()
    parred_this_sr: bool = False
    greek: bool = False
    midas: int = -1
    lay_family: str = ""
    bonus_left: int = 0
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
    spared: tuple[str, ...] = ()
    limit_unchecked: str = ""


class PlayerV1(Form, frozen=True):
    name: str
    cash: int
    penalty: int = 0


class FamilyV1(Form, frozen=True):
    sym: str
    cash: int = 0
    parred: bool = False
    row: int = -1
    col: int = -1
    arrival: int = 0
    tokens_used: int = 0
    marks: tuple[str, ...] = ()


class ShareV1(Form, frozen=True):
    id: str
    family: str
    percent: int
    owner: str


class HoldingV1(Form, frozen=True):
    id: str
    owner: str
    uses: int = 0
    data: str = ""


class TrainCardV1(Form, frozen=True):
    id: str
    name: str
    owner: str
    variant: str = ""
    obsolete: bool = False
    operated: bool = False
    disabled: int = 0


class RouteV1(Form, frozen=True):
    train: str
    connections: tuple[tuple[str, ...], ...]
    revenue: int | None = None
    subsidy: int | None = None


class PositionV1(Form, frozen=True):
    seats: int
    flow: FlowV1
    map: str = ""
    players: tuple[PlayerV1, ...] = ()
    families: tuple[FamilyV1, ...] = ()
    shares: tuple[ShareV1, ...] = ()
    powers: tuple[HoldingV1, ...] = ()
    tickets: tuple[HoldingV1, ...] = ()
    deck: tuple[str, ...] = ()
    trains: tuple[TrainCardV1, ...] = ()
    phase: str = "2S"
    board: BoardV1 | None = None
    priority: tuple[int, ...] = ()
    arrivals: int = 0
    par_order: tuple[str, ...] = ()
    bank_flow: int = 0
    last_run: tuple[str, int, int] = ("", 0, 0)
    last_routes: tuple[RouteV1, ...] = ()
    ended: str = ""
    acquired: tuple[str, ...] = ()


class PositionV2(PositionV1, frozen=True):
    """Rules 15: the families waiting at a token step the site remembers (`token_waited`)."""

    token_waited: tuple[str, ...] = ()


class BoardV2(BoardV1, frozen=True):
    """Rules 18: the site's supply list of tiles (`Board.supply`)."""

    supply: tuple[str, ...] | None = None


class PositionV3(PositionV2, frozen=True):
    """Rules 18: the board with the site's supply list (`BoardV2`)."""

    board: BoardV2 | None = None


class PositionV4(PositionV3, frozen=True):
    """Rules 22: the site's memoized graphs (`graphs_kept`, `graph_unseen`)."""

    graphs_kept: tuple[str, ...] = ()
    graph_unseen: tuple[tuple[str, str, str, int], ...] = ()


def position_of(state: State) -> PositionV4:
    return taken(state, PositionV4, left_out=("options",))


def state_of(position: PositionV1, options: Options) -> State:
    return restored(position, State, options=options)


positions: Positions[State] = Positions(
    forms=(PositionV1, PositionV2, PositionV3, PositionV4), of=position_of, state=state_of
)
