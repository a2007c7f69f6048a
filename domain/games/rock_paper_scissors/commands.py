"""The rule of the one command: each seat chooses one hand per round, once."""

from __future__ import annotations

from domain.games.rock_paper_scissors.data import HANDS
from domain.games.rock_paper_scissors.messages import Command, Event, HandChosen
from domain.games.rock_paper_scissors.state import State, waiting_for
from domain.kernel import Reason, Rejected, illegal


def judge(state: State, seat: int, command: Command) -> list[Event]:
    """The events of the command itself, before the reveal that may follow."""
    if state.chosen[seat]:
        others = ", ".join(f"seat {n}" for n in waiting_for(state))
        raise Rejected(
            Reason.NOT_YOUR_TURN,
            f"you chose your hand for round {state.round}; waiting for {others}",
        )
    if command.hand not in HANDS:
        illegal(f"a hand is rock, paper or scissors, not {command.hand!r}")
    return [HandChosen(seat=seat, round=state.round, hand=command.hand)]
