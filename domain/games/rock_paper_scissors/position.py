"""The position as the log stores it (`domain.positions`): what an undo restores and a fork is
dealt, in forms of its own. A stored form never changes; a new one is added after it."""

from __future__ import annotations

from domain.games.rock_paper_scissors.messages import Options
from domain.games.rock_paper_scissors.state import State
from domain.kernel import Positions
from domain.positions import Form, restored, taken


class RevealedV1(Form, frozen=True):
    round: int
    hands: tuple[str, ...]
    winner: int | None


class PositionV1(Form, frozen=True):
    seats: int
    rounds: int
    round: int = 0
    chosen: tuple[bool, ...] = ()
    hands: tuple[str | None, ...] = ()
    scores: tuple[int, ...] = ()
    played: tuple[RevealedV1, ...] = ()
    over: bool = False


def position_of(state: State) -> PositionV1:
    return taken(state, PositionV1)


def state_of(position: PositionV1, options: Options) -> State:
    return restored(position, State)


positions: Positions[State] = Positions(forms=(PositionV1,), of=position_of, state=state_of)
