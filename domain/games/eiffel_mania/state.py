"""The folded state of a game of Eiffel Mania and the read-only questions asked of it."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.games.eiffel_mania.data import SPECIAL_TYPE, lot_id
from domain.games.eiffel_mania.messages import Stance

# Phases where the engine acts alone ("auto") and phases where a seat is asked.
Phase = Literal[
    "setup",
    "check",  # N0
    "office_window",  # N1 opening
    "office",  # N1, queue[0] asked
    "reorder",  # N1, the Office user orders the pile
    "reveal",  # N2
    "talk",  # N3
    "denounce_window",  # N4 opening
    "denounce",  # N4, queue[0] asked
    "r1",
    "r2",
    "r3",
    "pick",
    "r4",
    "clause",
    "give",
    "r7",
    "over",
]
ASKING_PHASES: frozenset[str] = frozenset(
    {"office", "reorder", "talk", "denounce", "pick", "clause", "give"}
)

OfferStatus = Literal["pending", "accepted", "rejected", "withdrawn", "replaced", "lapsed"]


class Offer(msgspec.Struct, frozen=True):
    partner_picks_first: bool
    gift_card: str | None
    status: OfferStatus = "pending"


class State(msgspec.Struct, frozen=True):
    seats: int
    phase: Phase = "setup"
    # contract pile, top first; `pile_ids` are the public opaque ids of its cards
    pile: tuple[str | None, ...] = ()
    pile_ids: tuple[str, ...] = ()
    office_seer: int | None = None  # who sees the pile order (D29)
    lot_owner: tuple[int | None, ...] = (None,) * 12  # index = lot number - 1
    held: tuple[tuple[str, ...], ...] = ()  # special cards held, per seat
    discarded: tuple[str, ...] = ()
    betrayals: tuple[int, ...] = ()
    inactive: tuple[bool, ...] = ()
    # rotation and roles
    next_from: int = 0
    negotiation: int = 0
    principal: int = 0
    partner: int = 0
    queue: tuple[int, ...] = ()  # seats still to ask in an Office/Denunciation window
    revealed: tuple[str, ...] = ()
    offers: tuple[Offer, ...] = ()
    stances: tuple[Stance | None, Stance | None] = (None, None)  # (principal, partner)
    committed: tuple[bool, bool] = (False, False)  # public even where a stance is redacted
    stances_revealed: bool = False
    denouncer: int | None = None
    denounced: int | None = None
    denunciation_correct: bool | None = None
    effective: tuple[int, int] = (0, 0)  # who holds the principal and partner roles after R2
    effective_stances: tuple[Stance | None, Stance | None] = (None, None)
    outcome: str | None = None
    # the single seat asked in pick / give / clause / reorder
    awaiting: int | None = None
    give_to: int | None = None
    give_reason: str = ""
    end_reason: str | None = None


def is_active(state: State, seat: int) -> bool:
    return not state.inactive[seat]


def active_seats(state: State) -> tuple[int, ...]:
    return tuple(s for s in range(state.seats) if not state.inactive[s])


def clockwise_from(state: State, start: int) -> tuple[int, ...]:
    """All seats clockwise, starting with `start`."""
    return tuple((start + i) % state.seats for i in range(state.seats))


def next_active(state: State, start: int, *, inclusive: bool) -> int | None:
    for seat in clockwise_from(state, start):
        if (inclusive or seat != start) and is_active(state, seat):
            return seat
    return None


def holds(state: State, seat: int, kind: str) -> tuple[str, ...]:
    """Special cards of type `kind` held by `seat`."""
    return tuple(card for card in state.held[seat] if SPECIAL_TYPE[card] == kind)


def owned_lots(state: State, seat: int) -> tuple[str, ...]:
    return tuple(lot_id(i + 1) for i, owner in enumerate(state.lot_owner) if owner == seat)


def owned_cards(state: State, seat: int) -> tuple[str, ...]:
    """'One of your cards' (D17): lots owned on the plan and special cards held."""
    return owned_lots(state, seat) + state.held[seat]


def pending_offer(state: State) -> Offer | None:
    if state.offers and state.offers[-1].status == "pending":
        return state.offers[-1]
    return None


def accepted_offer(state: State) -> Offer | None:
    for offer in state.offers:
        if offer.status == "accepted":
            return offer
    return None


def any_committed(state: State) -> bool:
    return any(state.committed)


def role_index(state: State, seat: int) -> int | None:
    """0 for the principal, 1 for the partner of the current negotiation, else None."""
    if seat == state.principal:
        return 0
    if seat == state.partner:
        return 1
    return None
