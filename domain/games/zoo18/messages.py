"""Options, commands and events of 18ZOO (events are the storage format: plain fields only)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.games.zoo18.data import RULES


# The changing board, which the board engine (domain.games.zoo18.board) works on: part of the
# storage format, as the board_set event carries it.
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
    """

    map_id: str
    variant: str | None = None
    tiles: tuple[LaidTile, ...] = ()
    tokens: tuple[Token, ...] = ()
    reservations: tuple[Reservation, ...] = ()
    used: frozenset[str] = frozenset()
    extra_slots: tuple[tuple[str, int], ...] = ()
    hole: tuple[str, str] | None = None


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    map: str = "A"
    # Imported from 18xx.games: accept its manual `end_game` and its unchecked draft prices.
    imported: bool = False
    # the rules version the game was opened with (domain.rules: the table sets it)
    rules: Annotated[int, msgspec.Meta(ge=1, le=RULES)] = RULES
    # rules 2: deal the powers deck as 18xx.games does, from a seed below 2**31, so the finished
    # game can be replayed there. Off by default: the site's shuffle has so few decks that the
    # face-up powers let a viewer search out the hidden ones (docs/protocol.md)
    exportable: bool = False


# ---------------------------------------------------------------- commands


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class Bid(_Command, frozen=True, tag="bid"):
    """Draft: buy one of the offered powers at its price."""

    power: str
    price: int


class Pass(_Command, frozen=True, tag="pass"):
    """End the current step (draft pick, SR turn, a family's OR step)."""


class Par(_Command, frozen=True, tag="par"):
    family: str
    price: int


class BuyShares(_Command, frozen=True, tag="buy_shares"):
    shares: tuple[str, ...]


class SellShares(_Command, frozen=True, tag="sell_shares"):
    shares: tuple[str, ...]


class BuyPower(_Command, frozen=True, tag="buy_power"):
    """SR: a player buys a power from the bank. OR: the operating family buys one from a player."""

    power: str
    price: int


class LayTile(_Command, frozen=True, tag="lay_tile"):
    hex: str
    tile: str
    rotation: int
    power: str | None = None  # RABBITS / MOLES / ANCIENT_MAPS


class PlaceToken(_Command, frozen=True, tag="place_token"):
    city: str
    slot: int | None = None
    power: str | None = None  # ON_A_DIET / THAT_S_MINE


class RouteClaim(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    train: str
    connections: tuple[tuple[str, ...], ...]
    revenue: int | None = None
    subsidy: int | None = None


class RunRoutes(_Command, frozen=True, tag="run_routes"):
    routes: tuple[RouteClaim, ...]


class Dividend(_Command, frozen=True, tag="dividend"):
    kind: str  # "payout" | "withhold"


class BuyTrain(_Command, frozen=True, tag="buy_train"):
    train: str
    price: int
    variant: str | None = None


class DiscardTrain(_Command, frozen=True, tag="discard_train"):
    train: str


class SellTicket(_Command, frozen=True, tag="sell_ticket"):
    """SR: full value to the owner. OR: `price` to the operating family, the rest to the owner."""

    ticket: str
    price: int | None = None


class UsePower(_Command, frozen=True, tag="use_power"):
    """Activate a power: days_off, midas, greek, whatsup, two_barrels, patch, remove_patch."""

    power: str
    kind: str
    family: str | None = None
    train: str | None = None
    variant: str | None = None
    price: int | None = None


class ProtectTrain(_Command, frozen=True, tag="protect_train"):
    """PATCH decision while trains rust: the train to save, or None to let them all rust."""

    train: str | None = None


class Assign(_Command, frozen=True, tag="assign"):
    power: str
    hex: str


class EndGame(_Command, frozen=True, tag="end_game"):
    """Manual end (imported games only)."""


Command = (
    Bid
    | Pass
    | Par
    | BuyShares
    | SellShares
    | BuyPower
    | LayTile
    | PlaceToken
    | RunRoutes
    | Dividend
    | BuyTrain
    | DiscardTrain
    | SellTicket
    | UsePower
    | ProtectTrain
    | Assign
    | EndGame
)

# ---------------------------------------------------------------- events


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class Started(_Event, frozen=True, tag="zoo_started"):
    map: str
    players: tuple[str, ...]
    deck: tuple[str | None, ...]  # the powers in draw order (None where a viewer may not look)
    # the 18xx.games seed the deck was dealt from (rules 2, imports): it tells the whole deck,
    # so no viewer is shown it (None for them, and in games stored before seeds)
    seed: int | None = None


class Paid(_Event, frozen=True, tag="paid"):
    """Money moves: "bank", "p<seat>" or a family sym."""

    payer: str
    payee: str
    amount: int


class SharesMoved(_Event, frozen=True, tag="shares_moved"):
    shares: tuple[str, ...]
    to: str  # "p<seat>", "market" (the pool) or "ipo"


class Parred(_Event, frozen=True, tag="parred"):
    family: str
    row: int
    col: int


class PriceMoved(_Event, frozen=True, tag="price_moved"):
    family: str
    row: int
    col: int


class PowerMoved(_Event, frozen=True, tag="power_moved"):
    power: str
    to: str  # "p<seat>", family sym, "bank" or "closed"


class PowerUpdated(_Event, frozen=True, tag="power_updated"):
    power: str
    uses: int
    data: str = ""


class TileLaid(_Event, frozen=True, tag="tile_laid"):
    family: str
    hex: str
    tile: str
    rotation: int
    mode: str


class TokenPlaced(_Event, frozen=True, tag="token_placed"):
    family: str  # or "WIP"
    hex: str
    city: int
    slot: int | None
    extra_slot: bool = False


class BoardSet(_Event, frozen=True, tag="board_set"):
    """A board change made by a power (HOLE tunnel, THAT'S MINE reservation)."""

    board: Board


class TrainMoved(_Event, frozen=True, tag="train_moved"):
    train: str
    to: str  # family sym, "depot", "discard", "rusted", "aside"
    variant: str | None = None


class TrainCreated(_Event, frozen=True, tag="train_created"):
    train: str


class TrainFlagged(_Event, frozen=True, tag="train_flagged"):
    train: str
    obsolete: bool
    operated: bool
    disabled: int = 0


class PhaseChanged(_Event, frozen=True, tag="phase_changed"):
    phase: str


class RunRecorded(_Event, frozen=True, tag="run_recorded"):
    family: str
    revenue: int
    subsidy: int
    trains: tuple[str, ...]
    # the routes as claimed (rules 2): what an export to 18xx.games needs to run them again
    routes: tuple[RouteClaim, ...] = ()


class Penalised(_Event, frozen=True, tag="penalised"):
    seat: int
    amount: int


class FamilyMarked(_Event, frozen=True, tag="family_marked"):
    family: str
    mark: str  # e.g. "wheat:N10", "barrel", "-barrel"


class FlowChanged(_Event, frozen=True, tag="flow_changed"):
    """The rounds machine moved on: where the game stands and who is awaited."""

    flow: Flow


class PriorityChanged(_Event, frozen=True, tag="priority_changed"):
    order: tuple[int, ...]  # seats, first = priority


class GameEnded(_Event, frozen=True, tag="game_ended"):
    reason: str


class Flow(msgspec.Struct, frozen=True):
    """Round, turn and step bookkeeping (the awaited entity is order[index])."""

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


Event = (
    Started
    | Paid
    | SharesMoved
    | Parred
    | PriceMoved
    | PowerMoved
    | PowerUpdated
    | TileLaid
    | TokenPlaced
    | BoardSet
    | TrainMoved
    | TrainCreated
    | TrainFlagged
    | PhaseChanged
    | RunRecorded
    | Penalised
    | FamilyMarked
    | FlowChanged
    | PriorityChanged
    | GameEnded
)
