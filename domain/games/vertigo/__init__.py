"""Vertigo (Rodriguez & des Pallières, 1990): govern a country, build factories, survive pollution.

Spec: shared/rules/vertigo.md. The package follows docs/adding-a-game.md; its rule modules are
starting_positions, management, pollution and laws, dispatched by the agenda in commands.
"""

from __future__ import annotations

from domain.games.vertigo.data import RULES
from domain.games.vertigo.decide import decide
from domain.games.vertigo.evolve import evolve
from domain.games.vertigo.legal import legal
from domain.games.vertigo.messages import Command, Event, Options
from domain.games.vertigo.position import positions
from domain.games.vertigo.redeal import redeal
from domain.games.vertigo.reveals import reveals
from domain.games.vertigo.scoring import is_over, result
from domain.games.vertigo.setup import initial, setup
from domain.games.vertigo.state import State
from domain.games.vertigo.view import redact, view
from domain.kernel import Game

game: Game[State, Command, Event] = Game(
    name="vertigo",
    title="Vertigo",
    min_seats=2,
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
    choice_fields=("to",),  # a pawn moved to any of the free provinces
    rules=RULES,
)
