"""decide: the checks every command shares, the command's own events, then the engine's steps.

Nothing in rock-paper-scissors is drawn: `rng` is unused."""

from __future__ import annotations

from domain.chance import Rng
from domain.games.rock_paper_scissors.commands import judge
from domain.games.rock_paper_scissors.evolve import fold
from domain.games.rock_paper_scissors.flow import advance
from domain.games.rock_paper_scissors.messages import Command, Event
from domain.games.rock_paper_scissors.state import State
from domain.kernel import Reason, Rejected, illegal


def decide(state: State, seat: int, command: Command, rng: Rng) -> list[Event]:
    if state.over:
        raise Rejected(Reason.GAME_OVER)
    if state.round == 0:
        illegal("the game has not been set up yet")
    if not 0 <= seat < state.seats:
        raise Rejected(Reason.FORBIDDEN, f"there is no seat {seat} at this table")
    events = judge(state, seat, command)
    return events + advance(fold(state, events))
