"""The position as the log stores it (`domain.positions`): what an undo restores and a fork is
dealt, in forms of its own. A stored form never changes; a new one is added after it."""

from __future__ import annotations

from domain.games.vertigo.messages import Options
from domain.games.vertigo.state import State
from domain.kernel import Positions
from domain.positions import Form, restored, taken


class CountryV1(Form, frozen=True):
    # by province: free 0, polluted 1, populated 2; with a polluting, clean, treatment factory
    # 3, 4, 5
    cells: tuple[int, ...] = (0,) * 30
    moved: frozenset[int] = frozenset()
    idle_ready: tuple[int, int, int] = (0, 0, 0)
    idle_acted: tuple[int, int, int] = (0, 0, 0)
    diplomats: int = 0
    safe: int = 40
    trained: frozenset[int] = frozenset()
    laws_used: frozenset[int] = frozenset()
    active: bool = True
    eliminated: int = 0


class TaskV1(Form, frozen=True):
    kind: str
    seat: int = -1
    region: int = -1
    owner: int = -1
    count: int = 0
    from_die: bool = False
    adjacency: bool = False
    law: int = 0


class PositionV1(Form, frozen=True):
    seats: int
    countries: tuple[CountryV1, ...]
    treasury: int
    bank: int = 0
    level: int = 0
    witness: int = 0
    placed: int = 0
    turn: int = 0
    first: int = -1
    order: tuple[int, ...] = ()
    proposed: frozenset[int] = frozenset()
    dice: tuple[tuple[int, str, str], ...] = ()
    end_die: str | None = None
    agenda: tuple[TaskV1, ...] = ()
    vote_law: int = 0
    vote_proposer: int = -1
    voters: tuple[int, ...] = ()
    votes: tuple[tuple[int, str], ...] = ()
    cleaned: frozenset[int] = frozenset()
    eliminations: int = 0
    over: bool = False
    end_reason: str = ""
    rules: int = 1
    queued: bool = False


def position_of(state: State) -> PositionV1:
    return taken(state, PositionV1)


def state_of(position: PositionV1, options: Options) -> State:
    return restored(position, State)


positions: Positions[State] = Positions(forms=(PositionV1,), of=position_of, state=state_of)
