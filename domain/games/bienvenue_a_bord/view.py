"""What a viewer may know: the whole public state; the pile order only for Omniscient."""

from __future__ import annotations

import msgspec
from msgspec import UNSET, UnsetType

from domain.games.bienvenue_a_bord.data import (
    CRUISE,
    CRUISE_IDS,
    LEVELS,
    OBJECTIVE_SLOTS,
    STOPOVER,
    STOPOVER_TURNS,
    TURNS,
    CabinCard,
    PassengerCard,
    Symbol,
)
from domain.games.bienvenue_a_bord.legal import legal
from domain.games.bienvenue_a_bord.messages import Event, PileBuilt
from domain.games.bienvenue_a_bord.scoring import OBJECTIVE, breakdown, objective_points
from domain.games.bienvenue_a_bord.state import Sheet, State
from domain.kernel import Omniscient, Viewer


def redact(event: Event, viewer: Viewer) -> Event | None:
    """Only the shuffle is secret: its order is hidden from every seat and spectator."""
    if isinstance(event, PileBuilt) and not isinstance(viewer, Omniscient):
        return msgspec.structs.replace(event, cards=tuple(None for _ in event.cards))
    return event


class CardView(msgspec.Struct, frozen=True):
    """A cruise card: its printed fields (those of its kind only, `kind` last)."""

    id: str
    open: tuple[int, ...] | UnsetType = UNSET  # a cabin's
    special_total: int | UnsetType | None = UNSET  # a cabin's
    effect: str | UnsetType = UNSET  # a passenger's
    level: int | UnsetType | None = UNSET  # a passenger's
    code: str | UnsetType = UNSET  # an objective's
    scoring: str | UnsetType = UNSET  # an objective's
    vp: int | UnsetType = UNSET  # a passenger's or an objective's
    symbol: Symbol | UnsetType | None = UNSET  # a passenger's or an objective's
    requires: Symbol | UnsetType | None = UNSET  # a passenger's
    kind: str = "cabin"  # "cabin", "passenger" or "objective"


class CabinView(msgspec.Struct, frozen=True):
    id: str
    level: int
    status: str
    passenger: str | None
    vp: int | None
    symbol: str | None
    love: int | None


class Symbols(msgspec.Struct, frozen=True):
    fun: int
    sun: int
    game: int
    love: int


class ObjectiveView(msgspec.Struct, frozen=True):
    card: str
    code: str
    scoring: str
    symbol: str | None
    points: int


class MajoritySlot(msgspec.Struct, frozen=True):
    stopover: int
    card: str | None
    won: bool | None


class SheetView(msgspec.Struct, frozen=True):
    levels: dict[str, list[CabinView]]  # by level
    symbols: Symbols
    bonus_symbol: str | None
    satisfied: int
    unhappy: int
    objective_slots: int
    objectives: list[ObjectiveView]
    sun_slots: list[int | None]
    majority_slots: list[MajoritySlot]
    score: dict[str, int]  # points by category


def card_view(card_id: str) -> CardView:
    card = CRUISE[card_id]
    if isinstance(card, CabinCard):
        return CardView(card.id, open=card.open, special_total=card.special_total)
    if isinstance(card, PassengerCard):
        return CardView(
            card.id,
            effect=card.effect,
            level=card.level,
            vp=card.vp,
            symbol=card.symbol,
            requires=card.requires,
            kind="passenger",
        )
    return CardView(
        card.id,
        code=card.code,
        scoring=card.scoring,
        vp=card.vp,
        symbol=card.symbol,
        kind="objective",
    )


def sheet_view(sheet: Sheet, revealed_stopovers: tuple[str, ...]) -> SheetView:
    return SheetView(
        levels={
            str(level): [
                CabinView(c.id, c.level, c.status, c.passenger, c.vp, c.symbol, c.love)
                for c in sheet.cabins
                if c.level == level
            ]
            for level in LEVELS
        },
        symbols=Symbols(
            fun=sheet.symbols("fun"),
            sun=sheet.symbols("sun"),
            game=sheet.symbols("game"),
            love=sheet.loves(),
        ),
        bonus_symbol=sheet.bonus,
        satisfied=sheet.satisfied,
        unhappy=sheet.unhappy,
        objective_slots=OBJECTIVE_SLOTS,
        objectives=[
            ObjectiveView(
                card=o.card,
                code=OBJECTIVE[o.card].code,
                scoring=OBJECTIVE[o.card].scoring,
                symbol=o.symbol or OBJECTIVE[o.card].symbol,
                points=objective_points(sheet, o),
            )
            for o in sheet.objectives
        ],
        sun_slots=[
            sheet.sun_slots[n] if n < len(sheet.sun_slots) else None
            for n in range(len(STOPOVER_TURNS))
        ],
        majority_slots=[
            MajoritySlot(
                stopover=n + 1,
                card=revealed_stopovers[n] if n < len(revealed_stopovers) else None,
                won=revealed_stopovers[n] in sheet.majorities
                if n < len(revealed_stopovers)
                else None,
            )
            for n in range(len(STOPOVER_TURNS))
        ],
        score=breakdown(sheet),
    )


def undrawn_cruise(state: State) -> list[str]:
    """The multiset (sorted: it says nothing of the order) of cruise cards still face down."""
    if state.phase == "setup":
        return []
    drawn = set(state.discard) | set(state.revealed)
    for hand in state.hands:
        drawn |= set(hand)
    return sorted(c for c in CRUISE_IDS if c not in drawn)


class Awaited(msgspec.Struct, frozen=True):
    """A seat the game waits for, and what for (with its cards or its stopover, for those)."""

    seat: int
    for_: str = msgspec.field(name="for")
    cards: list[str] | UnsetType = UNSET  # resolving: the cards to place
    stopover: str | UnsetType = UNSET  # a compensation: for which stopover


class TableView(msgspec.Struct, frozen=True):
    revealed: list[CardView]
    single: str | None
    pair: list[str] | None
    taken_by_chooser: str | None
    received: list[list[str]]


class Compensation(msgspec.Struct, frozen=True):
    seat: int
    stopover: str


class PileView(msgspec.Struct, frozen=True):
    size: int
    face_down: list[str]
    stopovers_face_down: int
    undrawn_cruise: list[str]
    cards: list[str | None] | UnsetType = UNSET  # its order: the omniscient viewer only


class StopoverView(msgspec.Struct, frozen=True):
    number: int
    card: str
    metric: str
    compensation: str


class Standing(msgspec.Struct, frozen=True):
    scores: list[int]
    ranks: list[int]


class BienvenueView(msgspec.Struct, frozen=True):
    phase: str
    turn: int
    turns: int
    stopover_after_turns: list[int]
    splitter: int
    chooser: int
    awaiting: list[Awaited]
    table: TableView
    hands: list[list[CardView]]
    pending_compensations: list[Compensation]
    pile: PileView
    stopovers: list[StopoverView]
    sheets: list[SheetView]
    discard: list[str]
    result: Standing | UnsetType = UNSET  # once over


WHAT = {"split": "split", "choose": "take_pile", "resolve": "resolve", "stopover": "compensation"}


def awaiting(state: State) -> list[Awaited]:
    out: list[Awaited] = []
    for seat in range(state.seats):
        if legal(state, seat):
            cards = list(state.hands[seat]) if state.phase == "resolve" else UNSET
            stopover = (
                next(s for r, s in state.pending if r == seat)
                if state.phase == "stopover"
                else UNSET
            )
            out.append(Awaited(seat, WHAT[state.phase], cards, stopover))
    return out


def view(state: State, viewer: Viewer) -> BienvenueView:
    pair = [c for c in state.revealed if c != state.single] if state.single else None
    stopovers_left = len(STOPOVER_TURNS) - len(state.stopovers) if state.phase != "setup" else 0
    over = state.phase == "over"
    return BienvenueView(
        phase=state.phase,
        turn=state.turn,
        turns=TURNS,
        stopover_after_turns=list(STOPOVER_TURNS),
        splitter=state.splitter,
        chooser=state.chooser,
        awaiting=awaiting(state),
        table=TableView(
            revealed=[card_view(c) for c in state.revealed],
            single=state.single,
            pair=pair,
            taken_by_chooser=state.taken,
            received=[list(r) for r in state.received],
        ),
        hands=[[card_view(c) for c in hand] for hand in state.hands],
        pending_compensations=[Compensation(seat=s, stopover=e) for s, e in state.pending],
        pile=PileView(
            size=len(state.pile),
            face_down=list(state.tokens),
            stopovers_face_down=stopovers_left,
            undrawn_cruise=undrawn_cruise(state),
            cards=list(state.pile) if isinstance(viewer, Omniscient) else UNSET,
        ),
        stopovers=[
            StopoverView(
                number=n + 1,
                card=card,
                metric=STOPOVER[card].metric,
                compensation=STOPOVER[card].compensation,
            )
            for n, card in enumerate(state.stopovers)
        ],
        sheets=[sheet_view(sheet, state.stopovers) for sheet in state.sheets],
        discard=list(state.discard),
        result=Standing(list(state.scores), list(state.ranks)) if over else UNSET,
    )
