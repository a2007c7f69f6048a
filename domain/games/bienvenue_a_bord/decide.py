"""decide: the checks every command shares, the command's own events, then the engine's steps.

No command of Bienvenue à bord draws: the pile was shuffled at setup, so `rng` is unused."""

from __future__ import annotations

from domain.chance import Rng
from domain.games.bienvenue_a_bord.commands import judge
from domain.games.bienvenue_a_bord.evolve import fold
from domain.games.bienvenue_a_bord.flow import advance
from domain.games.bienvenue_a_bord.messages import Command, Event
from domain.games.bienvenue_a_bord.state import State
from domain.kernel import Reason, Rejected


def decide(state: State, seat: int, command: Command, rng: Rng) -> list[Event]:
    if state.phase == "over":
        raise Rejected(Reason.GAME_OVER)
    if not 0 <= seat < state.seats:
        raise Rejected(Reason.FORBIDDEN, f"there is no seat {seat} at this table")
    events = judge(state, seat, command)
    return events + advance(fold(state, events))
