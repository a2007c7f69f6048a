"""The position as the log stores it (`domain.positions`): what an undo restores and a fork is
dealt, in forms of its own. A stored form never changes; a new one is added after it. The
options are left out: the table's opening holds them."""

from __future__ import annotations

from domain.games.bienvenue_a_bord.messages import Options
from domain.games.bienvenue_a_bord.state import State
from domain.kernel import Positions
from domain.positions import Form, restored, taken


class CabinV1(Form, frozen=True):
    id: str
    status: str = "closed"
    passenger: str | None = None
    vp: int | None = None
    symbol: str | None = None
    love: int | None = None
    love_source: str | None = None


class ObjectiveV1(Form, frozen=True):
    card: str
    symbol: str | None = None


class SheetV1(Form, frozen=True):
    cabins: tuple[CabinV1, ...]
    satisfied: int = 0
    unhappy: int = 0
    objectives: tuple[ObjectiveV1, ...] = ()
    sun_slots: tuple[int, ...] = ()
    majorities: tuple[str, ...] = ()
    bonus: str | None = None


class PositionV1(Form, frozen=True):
    seats: int
    sheets: tuple[SheetV1, ...]
    phase: str = "setup"
    pile: tuple[str | None, ...] = ()
    tokens: tuple[str, ...] = ()
    turn: int = 0
    splitter: int = 0
    revealed: tuple[str, ...] = ()
    single: str | None = None
    taken: str | None = None
    hands: tuple[tuple[str, ...], ...] = ((), ())
    received: tuple[tuple[str, ...], ...] = ((), ())
    stopovers: tuple[str, ...] = ()
    pending: tuple[tuple[int, str], ...] = ()
    discard: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    ranks: tuple[int, ...] = ()


def position_of(state: State) -> PositionV1:
    return taken(state, PositionV1, left_out=("options",))


def state_of(position: PositionV1, options: Options) -> State:
    return restored(position, State, options=options)


positions: Positions[State] = Positions(forms=(PositionV1,), of=position_of, state=state_of)
