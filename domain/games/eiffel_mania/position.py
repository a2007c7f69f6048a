"""The position as the log stores it (`domain.positions`): what an undo restores and a fork is
dealt, in forms of its own. A stored form never changes; a new one is added after it."""

from __future__ import annotations

from domain.games.eiffel_mania.messages import Options
from domain.games.eiffel_mania.state import State
from domain.kernel import Positions
from domain.positions import Form, restored, taken


class OfferV1(Form, frozen=True):
    partner_picks_first: bool
    gift_card: str | None
    status: str = "pending"


class PositionV1(Form, frozen=True):
    seats: int
    phase: str = "setup"
    pile: tuple[str | None, ...] = ()
    pile_ids: tuple[str, ...] = ()
    office_seer: int | None = None
    lot_owner: tuple[int | None, ...] = (None,) * 12
    held: tuple[tuple[str, ...], ...] = ()
    discarded: tuple[str, ...] = ()
    betrayals: tuple[int, ...] = ()
    inactive: tuple[bool, ...] = ()
    next_from: int = 0
    negotiation: int = 0
    principal: int = 0
    partner: int = 0
    queue: tuple[int, ...] = ()
    revealed: tuple[str, ...] = ()
    offers: tuple[OfferV1, ...] = ()
    stances: tuple[str | None, str | None] = (None, None)  # (principal, partner)
    committed: tuple[bool, bool] = (False, False)
    stances_revealed: bool = False
    denouncer: int | None = None
    denounced: int | None = None
    denunciation_correct: bool | None = None
    effective: tuple[int, int] = (0, 0)
    effective_stances: tuple[str | None, str | None] = (None, None)
    outcome: str | None = None
    awaiting: int | None = None
    give_to: int | None = None
    give_reason: str = ""
    end_reason: str | None = None


def position_of(state: State) -> PositionV1:
    return taken(state, PositionV1)


def state_of(position: PositionV1, options: Options) -> State:
    return restored(position, State)


positions: Positions[State] = Positions(forms=(PositionV1,), of=position_of, state=state_of)
