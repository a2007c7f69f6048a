"""decide: check a command, record its events, then let the engine run its automatic steps."""

from __future__ import annotations

from domain.chance import Rng
from domain.games.eiffel_mania.commands import HANDLERS
from domain.games.eiffel_mania.flow import advance, fold, setup
from domain.games.eiffel_mania.messages import EiffelCommand, EiffelEvent
from domain.games.eiffel_mania.state import State
from domain.kernel import Reason, Rejected


def decide(state: State, seat: int, command: EiffelCommand, rng: Rng) -> list[EiffelEvent]:
    if state.phase == "over":
        raise Rejected(Reason.GAME_OVER)
    if state.phase == "setup":
        raise Rejected(Reason.ILLEGAL, "the game has not been set up yet")
    if not 0 <= seat < state.seats:
        raise Rejected(Reason.FORBIDDEN, f"there is no seat {seat} at this table")
    if state.inactive[seat]:
        # set at R8, after every obligation of the negotiation: nothing is left to ask of him
        raise Rejected(
            Reason.FORBIDDEN, "you betrayed 3 times and are out of the negotiations (chat only)"
        )
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise Rejected(Reason.UNKNOWN_COMMAND, f"Eiffel Mania has no command {command!r}")
    events = handler(state, seat, command, rng)
    return events + advance(fold(state, events), rng)


def start(state: State, rng: Rng) -> list[EiffelEvent]:
    """setup: the shuffle and the first principal, then the engine up to the first decision."""
    events = setup(state, rng)
    return events + advance(fold(state, events), rng)
