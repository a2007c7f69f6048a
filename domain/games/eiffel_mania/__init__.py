"""Eiffel Mania: two-player negotiations (collaborate or betray) to build the Eiffel Tower.

The package follows docs/adding-a-game.md; its rule modules are commands (the players'
decisions, N1-N5) and resolution (the engine's share of N5, R1-R8).
"""

from __future__ import annotations

from domain.games.eiffel_mania.decide import decide
from domain.games.eiffel_mania.evolve import evolve
from domain.games.eiffel_mania.legal import legal
from domain.games.eiffel_mania.messages import Command, Event, Options
from domain.games.eiffel_mania.position import positions
from domain.games.eiffel_mania.redeal import redeal
from domain.games.eiffel_mania.reveals import reveals
from domain.games.eiffel_mania.scoring import is_over, result
from domain.games.eiffel_mania.setup import initial, setup
from domain.games.eiffel_mania.state import State
from domain.games.eiffel_mania.view import redact, view
from domain.kernel import Game

game: Game[State, Command, Event] = Game(
    name="eiffel_mania",
    title="Eiffel Mania",
    min_seats=3,
    max_seats=4,
    options_type=Options,
    command_type=Command,
    event_type=Event,
    initial=initial,
    setup=setup,
    decide=decide,
    evolve=evolve,
    is_over=is_over,
    result=result,
    legal=legal,
    view=view,
    redact=redact,
    redeal=redeal,
    reveals=reveals,
    positions=positions,
)
