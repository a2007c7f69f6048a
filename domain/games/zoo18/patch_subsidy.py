"""Rules 5, as 18xx.games: the subsidy of a run whose first train was PATCH's 1S, when the patch
came off between the run and the dividend.

The site counts the subsidy at the dividend (`routes_subsidy`) from the owner of the first
route's train. Taken off, the patch hands the 1S back to the bank with no owner, so the site
then sees no family: TWO BARRELS (asked of that owner) no longer cancels the ponds' subsidy, and
A SQUEEZE adds its 3 when it has no owner either (still in the deck, or closed), not when the
family holds it. The run's revenue stays as it was recorded. Found by the differential harness
(D 3 2015 #253: 2 + 2 paid where the site pays 2 + 5; E 4 3040 #234 with TWO BARRELS).

The other way round, a train that ran and was then set aside by PATCH keeps its owner on the
site (`assign_bandage` only takes it off the family's list): from rules 19 that run is the
family's as it was (A 5 49242 #448 of the explorer: TWO BARRELS still cancels the pond's 1).
Rules 5 to 18 read the set-aside train as ownerless.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink
from domain.games.zoo18.board.routes import SQUEEZE_BONUS
from domain.games.zoo18.ctx import offered_powers
from domain.games.zoo18.data import ASIDE_KEEPS_OWNER
from domain.games.zoo18.state import State
from domain.kernel import Rejected

A_SQUEEZE = "A_SQUEEZE"


def orphaned(state: State, sym: str) -> bool:
    """Whether `sym`'s last run began with a train the family no longer holds (the 1S)."""
    if state.options.rules < 5 or not state.flow.ran or state.last_run[0] != sym:
        return False
    routes = state.last_routes
    if not routes:
        return False
    owner = state.train(routes[0].train).owner
    if owner == "aside" and state.options.rules >= ASIDE_KEEPS_OWNER:
        return False  # set aside by PATCH, which moved to the family that ran it (patch.apply)
    return owner != sym


def subsidy(state: State, sym: str, modifiers: B.Modifiers) -> int:
    """The subsidy the dividend pays: the flow's, or the site's reading of an orphaned run."""
    if not orphaned(state, sym) or state.board is None:
        return state.flow.subsidy
    trains = tuple(
        B.Train(r.train, state.train(r.train).variant or state.train(r.train).name)
        for r in state.last_routes
    )
    specs = tuple(B.RouteSpec(r.train, r.connections) for r in state.last_routes)
    plain = replace(modifiers, two_barrels=False, a_squeeze=False)
    try:
        result = B.route_revenue(
            state.board,
            boardlink.map_def(state),
            sym,
            trains,
            specs,
            boardlink.colours(state.phase),
            plain,
        )
    except Rejected:  # the board changed under the run since: keep what the run counted
        return state.flow.subsidy
    ponds = result.subsidy
    return ponds + SQUEEZE_BONUS if ponds > 0 and _ownerless(state, A_SQUEEZE) else ponds


def _ownerless(state: State, power: str) -> bool:
    """No owner in the site's terms: closed, or in the deck (not on offer in the bank)."""
    try:
        owner = state.power(power).owner
    except KeyError:
        return True
    return owner == "closed" or (owner == "bank" and power not in offered_powers(state))
