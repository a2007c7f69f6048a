"""Options, commands and events of 18ZOO (events are the storage format: plain fields only).

Events record facts: what a command caused, all of it, so that evolve writes it into the state
without a rule (a tile lay names the tile, rotation, label and the copy it replaced; a token
its slot; a board power what it changed). Stored forms are their own structs (FlowRecord for
the flow), never the state's (state.py), which the engines may change.

Rules 4 stores the board facts (TilePlaced, TokenPut, HoleOpened, SlotReserved). Games of
rules 1-3 stored board moves as asked (TileLaid, TokenPlaced, BoardSet with the whole board as
BoardV1): those tags are still decoded, evolve upgrades each to its fact (evolve.upgrade_lay,
upgrade_token), and such games keep storing them (ctx.Ctx.record), so that every stored
decision decides again to the events it stored. flow_changed kept its tag and its fields:
events stored by the code before decode into FlowRecord as they are.

Rules 11 stores each change of the rounds machine as the fact it is (RoundBegun,
StockTurnEnded, StepBegun, TrackLaid, ...: FlowFact), where rules 1-10 stored FlowChanged, a
copy of the whole Flow at every change; those games keep storing it (ctx.Ctx.fact).
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.games.zoo18.data import RULES, MapId


# The board as board_set events stored it (rules 1 to 3): the storage form, kept apart from
# the state's Board (state.py), which the board engine may change; evolve converts it.
class LaidTileV1(msgspec.Struct, frozen=True):
    """A tile copy (e.g. "7-0") laid on a hex; `label` is M/MM when laid on a hill/mountain."""

    hex: str
    tile: str
    rotation: int
    label: str | None = None


class TokenV1(msgspec.Struct, frozen=True):
    """Something in a city slot: a family's token, or the neutral WORK IN PROGRESS block ("WIP")."""

    hex: str
    city: int
    slot: int
    owner: str


class ReservationV1(msgspec.Struct, frozen=True):
    """A city slot kept for a family (its home, or THAT'S MINE)."""

    hex: str
    city: int
    slot: int
    family: str


class BoardV1(msgspec.Struct, frozen=True):
    """The whole changing board, as a board_set event stored it."""

    map_id: str
    variant: str | None = None
    tiles: tuple[LaidTileV1, ...] = ()
    tokens: tuple[TokenV1, ...] = ()
    reservations: tuple[ReservationV1, ...] = ()
    used: frozenset[str] = frozenset()
    extra_slots: tuple[tuple[str, int], ...] = ()
    hole: tuple[str, str] | None = None


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    map: MapId = "A"  # a map of MAPS: another one cannot be built (`board.load_map`)
    # Imported from 18xx.games: accept its manual `end_game` and its unchecked draft prices.
    imported: bool = False
    # the rules version the game was opened with (domain.rules: the table sets it)
    rules: Annotated[int, msgspec.Meta(ge=1, le=RULES)] = RULES
    # rules 2: deal the powers deck as 18xx.games does, from a seed below 2**31, so the finished
    # game can be replayed there. Off by default: the site's shuffle has so few decks that the
    # face-up powers let a viewer search out the hidden ones (docs/protocol.md)
    exportable: bool = False
    # 18xx.games' optional rules, named by its symbols (docs/18zoo.md). power_visible: every
    # power the days will bring is face up from the start (the deck order is then public)
    power_visible: bool = False
    # the centre of the map replaced by the site's "Base 2" (less money) or "Base 3" (more
    # money) hexes; with both, Base 3 only, as the site does
    base_2: bool = False
    base_3: bool = False

    @property
    def centre(self) -> str | None:
        """The map's centre variant (board.load_map): "base_3", "base_2" or None."""
        return "base_3" if self.base_3 else "base_2" if self.base_2 else None


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
    """`percent`, from rules 11 in an SR: less than the certificates' when the president's is
    sold in part (20% of it: the new president hands the seller a 20% certificate for it, as
    18xx.games' partial bundles); None sells them whole."""

    shares: tuple[str, ...]
    percent: int | None = None


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
    """`site_read`, from rules 16 in an imported game only: the run was recorded on 18xx.games
    without `nodes`, and each route pays the stops the site read it as (issue 42, situation 4:
    a tile of two ponds entered by their shared edge pays both)."""

    routes: tuple[RouteClaim, ...]
    site_read: bool = False


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


class TilePlaced(_Event, frozen=True, tag="tile_placed"):
    """A tile laid (rules 4): everything the lay decided. `tile` at `rotation` now shows on
    `hex` with `label` (M/MM: laid on a hill or mountain, kept by its upgrades); `replaced` is
    the copy it replaces, back in the supply (None on a first lay). Tokens stay in their slots;
    the terrain cost is the Paid event before it. `mode` names who laid it (the lay modes of
    the board engine: track, home, bonus, rabbits, moles, ancient_maps)."""

    family: str
    hex: str
    tile: str
    rotation: int
    mode: str
    label: str | None = None
    replaced: str | None = None


class TokenPut(_Event, frozen=True, tag="token_put"):
    """A token in a city slot (rules 4): `slot` is the slot it took (an ON A DIET one when
    `extra_slot`: the city gains it), any reservation of that slot is used up (from rules 5
    also the family's own in that city, evolve._put). `family` is the
    token's owner, "WIP" for WORK IN PROGRESS's block (a family's own token counts as used).
    `asked_slot` is the slot the command named (None: it left it to the rules), which evolve
    does not read: an export to 18xx.games gives the command back as it was sent."""

    family: str
    hex: str
    city: int
    slot: int
    extra_slot: bool = False
    asked_slot: int | None = None
    # rules 5, as 18xx.games (City#place_token): every other slot of that city kept for the
    # token's family is free again (a THAT'S MINE slot, when the token went elsewhere there)
    released: bool = False


class HoleOpened(_Event, frozen=True, tag="hole_opened"):
    """HOLE (rules 4): the tunnel between two R areas is open (the sorted pair)."""

    areas: tuple[str, str]


class SlotReserved(_Event, frozen=True, tag="slot_reserved"):
    """THAT'S MINE (rules 4): slot `slot` of city `city` on `hex` is kept for `family`."""

    hex: str
    city: int
    slot: int
    family: str


# ---- the board events of rules 1 to 3, still decoded: evolve upgrades them to the facts
# above (evolve.upgrade_lay, upgrade_token), and games of those versions keep storing them


class TileLaid(_Event, frozen=True, tag="tile_laid"):
    """Rules 1-3: a tile laid, without what the lay decided (see TilePlaced)."""

    family: str
    hex: str
    tile: str
    rotation: int
    mode: str


class TokenPlaced(_Event, frozen=True, tag="token_placed"):
    """Rules 1-3: a token placed; `slot` None when the command named none (see TokenPut)."""

    family: str  # or "WIP"
    hex: str
    city: int
    slot: int | None
    extra_slot: bool = False


class BoardSet(_Event, frozen=True, tag="board_set"):
    """Rules 1-3: the whole board after a power's change (HOLE tunnel, THAT'S MINE)."""

    board: BoardV1


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

    flow: FlowRecord


# ---- the rounds machine (rules 11): each change of it is the fact a player saw happen, which
# evolve applies to the state's Flow; games of rules 1 to 10 store FlowChanged instead (ctx.Ctx)


class RoundBegun(_Event, frozen=True, tag="round_begun"):
    """A round begins: the draft, a stock round of day `turn`, or operating round `number` of
    day `turn`, played in `order` (seats for the draft and a stock round, families for an
    operating round; the first plays first). Nothing of the rounds before it is kept."""

    kind: str  # draft | sr | or
    turn: int = 1
    number: int = 0
    order: tuple[str, ...] = ()


class DraftTurnEnded(_Event, frozen=True, tag="draft_turn_ended"):
    """Player `seat` bought a power or passed in the draft: the next player picks."""

    seat: int


class StockTurnEnded(_Event, frozen=True, tag="stock_turn_ended"):
    """Player `seat`'s stock-round turn ended, a pass when `passed`; `next` plays now (the same
    seat after IT'S ALL GREEK TO ME), None when every player passed in a row (the round ends)."""

    seat: int
    passed: bool
    next: int | None = None


class FamilyTurnBegun(_Event, frozen=True, tag="family_turn_begun"):
    """`family`, the next in the operating order, begins its turn at its track step."""

    family: str


class FamilyTurnEnded(_Event, frozen=True, tag="family_turn_ended"):
    """`family`'s operating turn ended: the next family in the order is awaited."""

    family: str


class StepBegun(_Event, frozen=True, tag="step_begun"):
    """The turn moves to `step`: track, token, route, dividend, discard, buy_train, done in
    an operating round; bonus (the opened family's bonus lays) in a stock round."""

    step: str


class HomeLaysBegun(_Event, frozen=True, tag="home_lays_begun"):
    """A player opened `family` in its stock-round turn: the family lays its home tile, then
    up to `bonus` bonus tiles, before the turn goes on."""

    family: str
    bonus: int


class BonusLaysLeft(_Event, frozen=True, tag="bonus_lays_left"):
    """The opened family may lay `left` more bonus tiles (0: it passed)."""

    left: int


class HomeLaysDone(_Event, frozen=True, tag="home_lays_done"):
    """`family`'s home and bonus lays are over: its opener's turn goes on."""

    family: str


class StockBought(_Event, frozen=True, tag="stock_bought"):
    """Player `seat` bought this turn (a share or a power): no more buying until the next."""

    seat: int


class StockSold(_Event, frozen=True, tag="stock_sold"):
    """Player `seat` sold `family` this turn (not to be bought again this round); `bundle`
    names the certificates of a sale without the president's ("GI_1,GI_2/40"), "" otherwise."""

    seat: int
    family: str
    bundle: str = ""


class OrderChanged(_Event, frozen=True, tag="order_changed"):
    """The operating order, as prices changed within the round (the families yet to play)."""

    order: tuple[str, ...]


class MidasClaimed(_Event, frozen=True, tag="midas_claimed"):
    """MIDAS: player `seat` takes the priority at the round's end (-1: the claim is lost)."""

    seat: int


class GreekClaimed(_Event, frozen=True, tag="greek_claimed"):
    """IT'S ALL GREEK TO ME: the player plays again after this turn (False: the turn is lost)."""

    claimed: bool


class TrackLaid(_Event, frozen=True, tag="track_laid"):
    """The operating family laid track on `hex` (`upgrade`: over a tile) in its track step."""

    hex: str
    upgrade: bool


class FamilyTokened(_Event, frozen=True, tag="family_tokened"):
    """The operating family placed its turn's token."""

    family: str


class PresidentHelped(_Event, frozen=True, tag="president_helped"):
    """The president paid toward `family`'s train this turn (no more powers bought then)."""

    family: str


class TrainBonusUsed(_Event, frozen=True, tag="train_bonus_used"):
    """`family`'s first train from the depot this turn moved its price: the next does not."""

    family: str


class SubsidyRaised(_Event, frozen=True, tag="subsidy_raised"):
    """The run's subsidy grows by `amount` before its dividend (A SQUEEZE bought then)."""

    amount: int


class PatchOffered(_Event, frozen=True, tag="patch_offered"):
    """Trains rust and PATCH may save one of `trains`, held by `family`'s side: PATCH's
    holder decides before anything else."""

    family: str
    trains: tuple[str, ...]


class PatchDecided(_Event, frozen=True, tag="patch_decided"):
    """PATCH's holder decided which train, if any, it saves."""


class TrainSpared(_Event, frozen=True, tag="train_spared"):
    """`train`, obsolete, stays through this dividend: PATCH's 1S ran in its place."""

    train: str


class LimitUnchecked(_Event, frozen=True, tag="limit_unchecked"):
    """`family`, patched by choice, counts against the train limit only once a train moves
    (rules 7); "" when one moved and every family counts again."""

    family: str = ""


class TokenStepWaited(_Event, frozen=True, tag="token_step_waited"):
    """Rules 15: `family`'s token step waited, the site's graph having found a city it may
    token. 18xx.games memoizes that answer (`Graph#can_token?`) until the graph is cleared (a
    lay, a token other than a home one, the HOLE, a WORK IN PROGRESS block): a THAT'S MINE
    reservation does not clear it, and the family's token step keeps waiting with only a pass
    to offer (B 5p seed 48211 #481 of the explorer)."""

    family: str


class PriorityChanged(_Event, frozen=True, tag="priority_changed"):
    order: tuple[int, ...]  # seats, first = priority


class GameEnded(_Event, frozen=True, tag="game_ended"):
    reason: str


class FlowRecord(msgspec.Struct, frozen=True):
    """Where the game stands, as a flow_changed event stores it: round, turn and step
    bookkeeping (the awaited entity is order[index]). The storage form of the state's Flow
    (state.py), kept apart from it: names here are stored and never change; a field added
    takes a default; state.flow_of and flow_record convert."""

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
    limit_unchecked: str = ""  # patched by choice, recounted when a train next moves (rules 7)


# the rounds machine's facts (rules 11), which ctx.Ctx.fact turns into FlowChanged before
FlowFact = (
    RoundBegun
    | DraftTurnEnded
    | StockTurnEnded
    | FamilyTurnBegun
    | FamilyTurnEnded
    | StepBegun
    | HomeLaysBegun
    | BonusLaysLeft
    | HomeLaysDone
    | StockBought
    | StockSold
    | OrderChanged
    | MidasClaimed
    | GreekClaimed
    | TrackLaid
    | FamilyTokened
    | PresidentHelped
    | TrainBonusUsed
    | SubsidyRaised
    | PatchOffered
    | PatchDecided
    | TrainSpared
    | LimitUnchecked
)

Event = (
    Started
    | Paid
    | SharesMoved
    | Parred
    | PriceMoved
    | PowerMoved
    | PowerUpdated
    | TilePlaced
    | TokenPut
    | HoleOpened
    | SlotReserved
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
    | TokenStepWaited
    | GameEnded
    | FlowFact
)
