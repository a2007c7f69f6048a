"""Vertigo (Rodriguez & des Pallières, 1990): govern a country, build factories, survive pollution.

Spec: shared/rules/vertigo.md. The package splits into data (tables), messages (wire and storage),
state, evolve, rule modules (setup_rules, management, pollution, laws), steps (who decides what),
legal, flow (decide and automatic steps), scoring and view.
"""

from __future__ import annotations

from domain.games.vertigo import messages as m
from domain.games.vertigo.evolve import evolve
from domain.games.vertigo.flow import decide, setup
from domain.games.vertigo.legal import legal
from domain.games.vertigo.scoring import result
from domain.games.vertigo.state import State, initial_state
from domain.games.vertigo.view import redact, view
from domain.kernel import Game


def initial(seats: int, options: m.VertigoOptions) -> State:
    return initial_state(seats)


def is_over(s: State) -> bool:
    return s.over


game: Game[State, m.VertigoCommand, m.VertigoEvent] = Game(
    name="vertigo",
    title="Vertigo",
    min_seats=2,
    max_seats=4,
    options_type=m.VertigoOptions,
    command_type=m.VertigoCommand,
    event_type=m.VertigoEvent,
    initial=initial,
    setup=setup,
    decide=decide,
    evolve=evolve,
    is_over=is_over,
    result=result,
    legal=legal,
    view=view,
    redact=redact,
)
