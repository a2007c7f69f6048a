"""decide: the checks every command shares, the command's own events, then the engine's steps."""

from __future__ import annotations

from domain.chance import Rng
from domain.games.eiffel_mania.commands import judge
from domain.games.eiffel_mania.evolve import fold
from domain.games.eiffel_mania.flow import advance
from domain.games.eiffel_mania.messages import Command, Event
from domain.games.eiffel_mania.state import State
from domain.kernel import Reason, Rejected, illegal


def decide(state: State, seat: int, command: Command, rng: Rng) -> list[Event]:
    if state.phase == "over":
        raise Rejected(Reason.GAME_OVER)
    if state.phase == "setup":
        illegal("the game has not been set up yet")
    if not 0 <= seat < state.seats:
        raise Rejected(Reason.FORBIDDEN, f"there is no seat {seat} at this table")
    if state.inactive[seat]:
        # set at R8, after every obligation of the negotiation: nothing is left to ask of him
        raise Rejected(
            Reason.FORBIDDEN, "you betrayed 3 times and are out of the negotiations (chat only)"
        )
    events = judge(state, seat, command, rng)
    return events + advance(fold(state, events), rng)
