"""The position as the log stores it (`domain.positions`): what an undo restores and a fork is
dealt, in forms of its own. A stored form never changes; a new one is added after it."""

from __future__ import annotations

import msgspec

from domain.games.vertigo.messages import Options
from domain.games.vertigo.state import State
from domain.kernel import Positions
from domain.positions import restored, taken


class CountryV1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # by province: free 0, polluted 1, populated 2; with a polluting, clean, treatment factory
    # 3, 4, 5
    cells: tuple[int, ...]
    moved: frozenset[int]
    idle_ready: tuple[int, int, int]
    idle_acted: tuple[int, int, int]
    diplomats: int
    safe: int
    trained: frozenset[int]
    laws_used: frozenset[int]
    active: bool
    eliminated: int


class TaskV1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str
    seat: int
    region: int
    owner: int
    count: int
    from_die: bool
    adjacency: bool
    law: int


class PositionV1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seats: int
    countries: tuple[CountryV1, ...]
    treasury: int
    bank: int
    level: int
    witness: int
    placed: int
    turn: int
    first: int
    order: tuple[int, ...]
    proposed: frozenset[int]
    dice: tuple[tuple[int, str, str], ...]
    end_die: str | None
    agenda: tuple[TaskV1, ...]
    vote_law: int
    vote_proposer: int
    voters: tuple[int, ...]
    votes: tuple[tuple[int, str], ...]
    cleaned: frozenset[int]
    eliminations: int
    over: bool
    end_reason: str
    rules: int
    queued: bool


def position_of(state: State) -> PositionV1:
    return taken(state, PositionV1)


def state_of(position: PositionV1, options: Options) -> State:
    return restored(position, State)


positions: Positions[State] = Positions(forms=(PositionV1,), of=position_of, state=state_of)
