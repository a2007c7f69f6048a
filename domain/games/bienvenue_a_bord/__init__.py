"""Bienvenue à bord (Kaedama, 2019): a 2-player flip & write about filling a liner.

The package follows docs/adding-a-game.md; its rule modules are commands (split, take, resolve,
compensations), choices (every legal way to resolve a card) and resolution (what it records).
"""

from __future__ import annotations

from domain.games.bienvenue_a_bord.data import RULES
from domain.games.bienvenue_a_bord.decide import decide
from domain.games.bienvenue_a_bord.evolve import evolve
from domain.games.bienvenue_a_bord.legal import legal
from domain.games.bienvenue_a_bord.messages import Command, Event, Options
from domain.games.bienvenue_a_bord.position import positions
from domain.games.bienvenue_a_bord.redeal import redeal
from domain.games.bienvenue_a_bord.reveals import reveals
from domain.games.bienvenue_a_bord.scoring import is_over, result
from domain.games.bienvenue_a_bord.setup import initial, setup
from domain.games.bienvenue_a_bord.state import State
from domain.games.bienvenue_a_bord.view import redact, view
from domain.kernel import Game

game: Game[State, Command, Event] = Game(
    name="bienvenue_a_bord",
    title="Bienvenue à bord",
    min_seats=2,
    max_seats=2,
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
    rules=RULES,
)
