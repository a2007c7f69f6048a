"""Rock-paper-scissors over several rounds: a simultaneous secret choice, revealed together.

The smallest game in the template of docs/adding-a-game.md, written by following it.
"""

from __future__ import annotations

from domain.games.rock_paper_scissors.decide import decide
from domain.games.rock_paper_scissors.evolve import evolve
from domain.games.rock_paper_scissors.legal import legal
from domain.games.rock_paper_scissors.messages import Command, Event, Options
from domain.games.rock_paper_scissors.position import positions
from domain.games.rock_paper_scissors.redeal import redeal
from domain.games.rock_paper_scissors.reveals import reveals
from domain.games.rock_paper_scissors.scoring import is_over, result
from domain.games.rock_paper_scissors.setup import initial, setup
from domain.games.rock_paper_scissors.state import State
from domain.games.rock_paper_scissors.view import redact, view
from domain.kernel import Game

game: Game[State, Command, Event] = Game(
    name="rock_paper_scissors",
    title="Rock paper scissors",
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
)
