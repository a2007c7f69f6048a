"""The position as the log stores it (`domain.positions`): what an undo restores and a fork is
dealt, in forms of its own. A stored form never changes; a new one is added after it. The
options are left out: the table's opening holds them."""

from __future__ import annotations

import msgspec

from domain.games.bienvenue_a_bord.messages import Options
from domain.games.bienvenue_a_bord.state import State
from domain.kernel import Positions
from domain.positions import restored, taken


class CabinV1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    status: str
    passenger: str | None
    vp: int | None
    symbol: str | None
    love: int | None
    love_source: str | None


class ObjectiveV1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    card: str
    symbol: str | None


class SheetV1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    cabins: tuple[CabinV1, ...]
    satisfied: int
    unhappy: int
    objectives: tuple[ObjectiveV1, ...]
    sun_slots: tuple[int, ...]
    majorities: tuple[str, ...]
    bonus: str | None


class PositionV1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seats: int
    phase: str
    pile: tuple[str | None, ...]
    tokens: tuple[str, ...]
    turn: int
    splitter: int
    revealed: tuple[str, ...]
    single: str | None
    taken: str | None
    hands: tuple[tuple[str, ...], ...]
    received: tuple[tuple[str, ...], ...]
    sheets: tuple[SheetV1, ...]
    stopovers: tuple[str, ...]
    pending: tuple[tuple[int, str], ...]
    discard: tuple[str, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]


def position_of(state: State) -> PositionV1:
    return taken(state, PositionV1, left_out=("options",))


def state_of(position: PositionV1, options: Options) -> State:
    return restored(position, State, options=options)


positions: Positions[State] = Positions(forms=(PositionV1,), of=position_of, state=state_of)
