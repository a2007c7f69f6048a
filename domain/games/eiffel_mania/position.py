"""The position as the log stores it (`domain.positions`): what an undo restores and a fork is
dealt, in forms of its own. A stored form never changes; a new one is added after it."""

from __future__ import annotations

import msgspec

from domain.games.eiffel_mania.messages import Options
from domain.games.eiffel_mania.state import State
from domain.kernel import Positions
from domain.positions import restored, taken


class OfferV1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    partner_picks_first: bool
    gift_card: str | None
    status: str


class PositionV1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seats: int
    phase: str
    pile: tuple[str | None, ...]
    pile_ids: tuple[str, ...]
    office_seer: int | None
    lot_owner: tuple[int | None, ...]
    held: tuple[tuple[str, ...], ...]
    discarded: tuple[str, ...]
    betrayals: tuple[int, ...]
    inactive: tuple[bool, ...]
    next_from: int
    negotiation: int
    principal: int
    partner: int
    queue: tuple[int, ...]
    revealed: tuple[str, ...]
    offers: tuple[OfferV1, ...]
    stances: tuple[str | None, str | None]  # (principal, partner)
    committed: tuple[bool, bool]
    stances_revealed: bool
    denouncer: int | None
    denounced: int | None
    denunciation_correct: bool | None
    effective: tuple[int, int]
    effective_stances: tuple[str | None, str | None]
    outcome: str | None
    awaiting: int | None
    give_to: int | None
    give_reason: str
    end_reason: str | None


def position_of(state: State) -> PositionV1:
    return taken(state, PositionV1)


def state_of(position: PositionV1, options: Options) -> State:
    return restored(position, State)


positions: Positions[State] = Positions(forms=(PositionV1,), of=position_of, state=state_of)
