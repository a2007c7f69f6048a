"""What each viewer may know: `view` (the board) and `redact` (the event log)."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.games.eiffel_mania.data import (
    ALL_CARDS,
    COLOURS,
    LOT_POINTS,
    MAX_OFFERS,
    PLAN_ROWS_TOP_TO_BOTTOM,
    SPECIAL_TYPE,
    lot_id,
)
from domain.games.eiffel_mania.legal import awaited
from domain.games.eiffel_mania.messages import (
    Event,
    OfficePlayed,
    PileReordered,
    PileShuffled,
    StanceCommitted,
)
from domain.games.eiffel_mania.scoring import ScoreLine, score_lines
from domain.games.eiffel_mania.state import (
    Offer,
    State,
    accepted_offer,
    owned_lots,
    pending_offer,
)
from domain.kernel import Omniscient, Seat, Viewer, sees_seat

AWAITED_FOR = {
    "office": "play_or_pass_office",
    "reorder": "set_pile_order",
    "denounce": "denounce_or_pass",
    "pick": "pick_card",
    "give": "give_card",
    "clause": "invoke_or_pass_clause",
}


class PlanLot(msgspec.Struct, frozen=True):
    card: str
    number: int
    points: int
    row: int  # 0 = top of the tower
    owner: int | None
    colour: str | None


class Special(msgspec.Struct, frozen=True):
    card: str
    kind: str


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    colour: str
    betrayals: int  # = warning card orientation
    active: bool
    lots: list[str]
    specials: list[Special]
    role: str | None  # "principal", "partner", "outsider" during a negotiation


class Awaited(msgspec.Struct, frozen=True):
    seat: int
    decision: str


class NegotiationView(msgspec.Struct, frozen=True):
    number: int
    principal: int
    partner: int
    effective_principal: int
    effective_partner: int
    revealed: list[str]
    offers: list[Offer]
    pending_offer: Offer | None
    accepted_offer: Offer | None
    offers_left: int
    committed: dict[str, bool]  # "principal"/"partner" -> has committed
    my_stance: str | None
    stances: dict[str, str] | None  # public after R1 (R1 reveal)
    effective_stances: dict[str, str] | None
    denounce_window: list[int]
    office_window: list[int]
    denouncer: int | None
    denounced: int | None
    denunciation_correct: bool | None
    outcome: str | None
    give_to: int | None
    give_reason: str


class EiffelView(msgspec.Struct, frozen=True):
    phase: str
    seats: int
    players: list[PlayerView]
    plan: list[PlanLot]
    plan_rows: list[list[int]]
    pile_count: int
    pile_ids: list[str]
    pile_cards: list[str]  # the public multiset of cards still in the pile (sorted)
    pile_order: list[str] | None  # top first, only for the current Office user
    office_user: int | None
    discarded: list[str]
    negotiation: NegotiationView | None
    awaited: list[Awaited]
    over: bool
    end_reason: str | None
    scores: list[ScoreLine] | None


def _pile_cards(state: State) -> list[str]:
    elsewhere = set(state.discarded) | set(state.revealed)
    for seat in range(state.seats):
        elsewhere |= set(owned_lots(state, seat)) | set(state.held[seat])
    return sorted(card for card in ALL_CARDS if card not in elsewhere)


def _negotiation(state: State, viewer: Viewer) -> NegotiationView | None:
    if state.phase in ("setup", "check", "over") or state.negotiation == 0:
        return None
    mine: str | None = None  # a seat sees its own stance (the Omniscient one sees `stances`)
    for index, seat in enumerate((state.principal, state.partner)):
        if isinstance(viewer, Seat) and viewer.n == seat:
            mine = state.stances[index]
    stances: dict[str, str] | None = None
    effective: dict[str, str] | None = None
    if state.stances_revealed:
        stances = {"principal": state.stances[0] or "", "partner": state.stances[1] or ""}
        effective = {
            "principal": state.effective_stances[0] or "",
            "partner": state.effective_stances[1] or "",
        }
    elif isinstance(viewer, Omniscient):
        stances = {k: s for k, s in zip(("principal", "partner"), state.stances, strict=True) if s}
    return NegotiationView(
        number=state.negotiation,
        principal=state.principal,
        partner=state.partner,
        effective_principal=state.effective[0],
        effective_partner=state.effective[1],
        revealed=list(state.revealed),
        offers=list(state.offers),
        pending_offer=pending_offer(state),
        accepted_offer=accepted_offer(state),
        offers_left=max(0, MAX_OFFERS - len(state.offers)),
        committed={
            "principal": state.committed[0],
            "partner": state.committed[1],
        },
        my_stance=mine,
        stances=stances,
        effective_stances=effective,
        denounce_window=list(state.queue) if state.phase == "denounce" else [],
        office_window=list(state.queue) if state.phase == "office" else [],
        denouncer=state.denouncer,
        denounced=state.denounced,
        denunciation_correct=state.denunciation_correct,
        outcome=state.outcome,
        give_to=state.give_to,
        give_reason=state.give_reason,
    )


def _role(state: State, seat: int) -> str | None:
    if state.negotiation == 0 or state.phase in ("check", "over"):
        return None
    if seat == state.principal:
        return "principal"
    if seat == state.partner:
        return "partner"
    return "outsider"


def _awaited(state: State) -> list[Awaited]:
    out = []
    for seat in awaited(state):
        if state.phase == "talk":
            decision = "negotiate_and_commit" if seat == state.principal else "answer_and_commit"
        else:
            decision = AWAITED_FOR[state.phase]
        out.append(Awaited(seat=seat, decision=decision))
    return out


def view(state: State, viewer: Viewer) -> EiffelView:
    plan = []
    for row, numbers in enumerate(PLAN_ROWS_TOP_TO_BOTTOM):
        for number in numbers:
            owner = state.lot_owner[number - 1]
            card = lot_id(number)
            plan.append(
                PlanLot(
                    card=card,
                    number=number,
                    points=LOT_POINTS[card],
                    row=row,
                    owner=owner,
                    colour=None if owner is None else COLOURS[owner],
                )
            )
    players = [
        PlayerView(
            seat=seat,
            colour=COLOURS[seat],
            betrayals=state.betrayals[seat],
            active=not state.inactive[seat],
            lots=list(owned_lots(state, seat)),
            specials=[Special(card=c, kind=SPECIAL_TYPE[c]) for c in state.held[seat]],
            role=_role(state, seat),
        )
        for seat in range(state.seats)
    ]
    seer = state.office_seer
    entitled = isinstance(viewer, Omniscient) or (seer is not None and sees_seat(viewer, seer))
    over = state.phase == "over"
    return EiffelView(
        phase=state.phase,
        seats=state.seats,
        players=players,
        plan=plan,
        plan_rows=[list(row) for row in PLAN_ROWS_TOP_TO_BOTTOM],
        pile_count=len(state.pile),
        pile_ids=list(state.pile_ids),
        pile_cards=_pile_cards(state),
        pile_order=[c or "" for c in state.pile] if entitled else None,
        office_user=seer,
        discarded=list(state.discarded),
        negotiation=_negotiation(state, viewer),
        awaited=_awaited(state),
        over=over,
        end_reason=state.end_reason,
        scores=score_lines(state.lot_owner, state.held, state.betrayals) if over else None,
    )


def redact(event: Event, viewer: Viewer) -> Event | None:
    if isinstance(viewer, Omniscient):
        return event
    match event:
        case PileShuffled(cards=cards):
            return replace(event, cards=tuple(None for _ in cards))
        case OfficePlayed(seat=seat, pile=pile) if not sees_seat(viewer, seat):
            return replace(event, pile=tuple(None for _ in pile))
        case PileReordered(seat=seat, order=order) if not sees_seat(viewer, seat):
            return replace(event, order=tuple(None for _ in order))
        case StanceCommitted(seat=seat) if not sees_seat(viewer, seat):
            return replace(event, stance=None)
    return event
