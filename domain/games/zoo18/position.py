"""The position as the log stores it (`domain.positions`): what an undo restores and a fork is
dealt, in forms of its own (the board engine's and the rounds machine's structs included). A
stored form never changes; a new one is added after it. The options are left out: the table's
opening holds them."""

from __future__ import annotations

import msgspec

from domain.games.zoo18.messages import Options
from domain.games.zoo18.state import State
from domain.kernel import Positions
from domain.positions import restored, taken


class _Form(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class LaidTileV1(_Form, frozen=True):
    hex: str
    tile: str
    rotation: int
    label: str | None


class TokenV1(_Form, frozen=True):
    hex: str
    city: int
    slot: int
    owner: str


class ReservationV1(_Form, frozen=True):
    hex: str
    city: int
    slot: int
    family: str


class BoardV1(_Form, frozen=True):
    map_id: str
    variant: str | None
    tiles: tuple[LaidTileV1, ...]
    tokens: tuple[TokenV1, ...]
    reservations: tuple[ReservationV1, ...]
    used: frozenset[str]
    extra_slots: tuple[tuple[str, int], ...]
    hole: tuple[str, str] | None
    row_zero: bool


class FlowV1(_Form, frozen=True):
    round: str
    turn: int
    or_num: int
    order: tuple[str, ...]
    index: int
    step: str
    passed: tuple[int, ...]
    acted: bool
    bought: bool
    sold_families: tuple[str, ...]
    sr_sold: tuple[str, ...]
    sr_bundles: tuple[str, ...]
    parred_this_sr: bool
    greek: bool
    midas: int
    lay_family: str
    bonus_left: int
    lays: int
    upgraded: bool
    laid_hexes: tuple[str, ...]
    tokened: bool
    ran: bool
    revenue: int
    subsidy: int
    helped: bool
    train_bonus_used: bool
    patch_family: str
    patch_trains: tuple[str, ...]
    spared: tuple[str, ...]
    limit_unchecked: str


class PlayerV1(_Form, frozen=True):
    name: str
    cash: int
    penalty: int


class FamilyV1(_Form, frozen=True):
    sym: str
    cash: int
    parred: bool
    row: int
    col: int
    arrival: int
    tokens_used: int
    marks: tuple[str, ...]


class ShareV1(_Form, frozen=True):
    id: str
    family: str
    percent: int
    owner: str


class HoldingV1(_Form, frozen=True):
    id: str
    owner: str
    uses: int
    data: str


class TrainCardV1(_Form, frozen=True):
    id: str
    name: str
    owner: str
    variant: str
    obsolete: bool
    operated: bool
    disabled: int


class RouteV1(_Form, frozen=True):
    train: str
    connections: tuple[tuple[str, ...], ...]
    revenue: int | None
    subsidy: int | None


class PositionV1(_Form, frozen=True):
    seats: int
    map: str
    players: tuple[PlayerV1, ...]
    families: tuple[FamilyV1, ...]
    shares: tuple[ShareV1, ...]
    powers: tuple[HoldingV1, ...]
    tickets: tuple[HoldingV1, ...]
    deck: tuple[str, ...]
    trains: tuple[TrainCardV1, ...]
    phase: str
    board: BoardV1 | None
    flow: FlowV1
    priority: tuple[int, ...]
    arrivals: int
    par_order: tuple[str, ...]
    bank_flow: int
    last_run: tuple[str, int, int]
    last_routes: tuple[RouteV1, ...]
    ended: str
    acquired: tuple[str, ...]


def position_of(state: State) -> PositionV1:
    return taken(state, PositionV1, left_out=("options",))


def state_of(position: PositionV1, options: Options) -> State:
    return restored(position, State, options=options)


positions: Positions[State] = Positions(forms=(PositionV1,), of=position_of, state=state_of)
