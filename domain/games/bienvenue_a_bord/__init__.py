"""Bienvenue à bord (Kaedama, 2019): a 2-player flip & write about filling a liner."""

from __future__ import annotations

from domain.games.bienvenue_a_bord.evolve import evolve
from domain.games.bienvenue_a_bord.flow import decide, setup
from domain.games.bienvenue_a_bord.legal import legal
from domain.games.bienvenue_a_bord.messages import (
    BienvenueCommand,
    BienvenueEvent,
    Event,
    Options,
)
from domain.games.bienvenue_a_bord.scoring import breakdown
from domain.games.bienvenue_a_bord.state import State, initial
from domain.games.bienvenue_a_bord.view import redact, view
from domain.kernel import Game, Result


def is_over(state: State) -> bool:
    return state.phase == "over"


def result(state: State) -> Result:
    return Result(
        scores=state.scores,
        ranks=state.ranks,
        reason="most points after 20 turns; ties: more Satisfied, then fewer Unhappy",
        details={
            "breakdown": [breakdown(sheet) for sheet in state.sheets],
            "satisfied": [sheet.satisfied for sheet in state.sheets],
            "unhappy": [sheet.unhappy for sheet in state.sheets],
        },
    )


game: Game[State, BienvenueCommand, Event] = Game(
    name="bienvenue_a_bord",
    title="Bienvenue à bord",
    min_seats=2,
    max_seats=2,
    options_type=Options,
    command_type=BienvenueCommand,
    event_type=BienvenueEvent,
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
