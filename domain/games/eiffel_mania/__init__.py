"""Eiffel Mania: two-player negotiations (collaborate or betray) to build the Eiffel Tower."""

from __future__ import annotations

from typing import Any

from domain.games.eiffel_mania.evolve import evolve
from domain.games.eiffel_mania.legal import legal
from domain.games.eiffel_mania.messages import EiffelCommand, EiffelEvent, Options
from domain.games.eiffel_mania.rules import decide, start
from domain.games.eiffel_mania.scoring import result
from domain.games.eiffel_mania.state import State, initial_state, is_over
from domain.games.eiffel_mania.view import redact, view
from domain.kernel import Game


def initial(seats: int, options: Options) -> State:
    return initial_state(seats)


game: Game[State, Any, Any] = Game(
    name="eiffel_mania",
    title="Eiffel Mania",
    min_seats=3,
    max_seats=4,
    options_type=Options,
    command_type=EiffelCommand,
    event_type=EiffelEvent,
    initial=initial,
    setup=start,
    decide=decide,
    evolve=evolve,
    is_over=is_over,
    result=result,
    legal=legal,
    view=view,
    redact=redact,
)
