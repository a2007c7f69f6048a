"""Issue 42, situation 4, rules 16: a route through a hex of two ponds entered by the edge
they share. E 5p seed 20142 (exported at 5ef902c, tests/data/18zoo/exports), BB's run at #351:
the X26 on E6 has pond 0 on edges 4-1 and pond 1 on edges 4-3, edge 4 facing F5. BB's 2S runs
H1-H3, then H3-G4-F5-E6 into E6 by edge 4 and E6-E4-D5 out by edge 3: it stops at pond 1 only.
18xx.games reads a run recorded without `nodes` connection pair by connection pair
(`Route#connection_data`): the first pair takes the first walk into E6 by edge 4, to pond 0,
the second needs pond 1 to leave by edge 3, and it pays both ponds (tests/oracle: 180; with
`nodes`, 170). Recorded games are what players agreed on: from rules 16 an imported run
recorded without `nodes` (`RunRoutes.site_read`) pays what the site read; a run Plateau's
players make pays the stops it runs through, and its export names them."""

from __future__ import annotations

import json
import random

import pytest
from msgspec.structs import replace

from domain.exchange.zoo18.importer import import_game
from domain.games.zoo18 import game
from domain.games.zoo18.messages import RouteClaim, RunRecorded, RunRoutes
from domain.games.zoo18.state import State
from domain.kernel import Rejected
from tests.paths import ZOO18_TWICE_IN_A_HEX

BY_THE_SHARED_EDGE = (("H1", "I2", "H3"), ("H3", "G4", "F5", "E6"), ("E6", "E4", "D5"))
OTHER_TRAIN = RouteClaim("3S-2", (("G6", "H5", "I6"), ("I6", "I8", "H9", "H11")))
RUN = (RouteClaim("2S-1", BY_THE_SHARED_EDGE), OTHER_TRAIN)
SITE_CLAIM = (RouteClaim("2S-1", BY_THE_SHARED_EDGE, revenue=100), OTHER_TRAIN)  # the 2S's 100


def before_the_run(rules: int = 16) -> tuple[State, int]:
    data = json.loads(ZOO18_TWICE_IN_A_HEX.read_text())
    data["actions"] = data["actions"][:351]
    imported = import_game(data)
    assert imported.error == ""
    state = game.fold(imported.events, State(imported.seats, imported.options))
    assert (state.flow.step, state.flow.order[state.flow.index]) == ("route", "BB")
    seat = state.president("BB")
    assert seat is not None
    return replace(state, options=replace(state.options, rules=rules)), seat


def paid(state: State, seat: int, run: RunRoutes) -> int:
    (recorded,) = [
        e for e in game.decide(state, seat, run, random.Random(0)) if isinstance(e, RunRecorded)
    ]
    return recorded.revenue


def test_rules_16_pays_both_ponds_of_an_imported_run_read_as_the_site_read_it() -> None:
    state, seat = before_the_run()
    assert paid(state, seat, RunRoutes(RUN, site_read=True)) == 180
    # H1, H3, E6's pond 1 and D5 with the 3S's route: a run recorded with its `nodes`
    assert paid(state, seat, RunRoutes(RUN)) == 170
    assert paid(state, seat, RunRoutes(SITE_CLAIM, site_read=True)) == 180


def test_rules_15_paid_the_stops_the_route_runs_through() -> None:
    state, seat = before_the_run(15)
    assert paid(state, seat, RunRoutes(RUN, site_read=True)) == 170
    with pytest.raises(Rejected, match="pays 90, not the 100 claimed"):
        game.decide(state, seat, RunRoutes(SITE_CLAIM, site_read=True), random.Random(0))


def test_only_an_imported_run_is_read_as_the_site_read_it() -> None:
    state, seat = before_the_run()
    played_here = replace(state, options=replace(state.options, imported=False))
    with pytest.raises(Rejected, match="imported"):
        game.decide(played_here, seat, RunRoutes(RUN, site_read=True), random.Random(0))
