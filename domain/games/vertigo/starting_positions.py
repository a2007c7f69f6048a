"""Starting positions (section 2.4 / 4.1): single purchases, then `end_step`."""

from __future__ import annotations

from domain.games.vertigo import messages as m
from domain.games.vertigo.checks import afford, destination, province
from domain.games.vertigo.data import (
    ENGINEERS,
    SETUP_FACTORY_PRICE,
    SETUP_POPULATION_PRICE,
    SETUP_SCHOLAR_PRICE,
)
from domain.games.vertigo.management import factory_site
from domain.games.vertigo.state import (
    FREE,
    State,
    population_stock,
    scholar_stock,
)
from domain.kernel import illegal


def waiting_setups(s: State) -> int:
    """Players after the current one who have not started their setup yet."""
    return sum(1 for t in s.agenda[1:] if t.kind == "setup")


def setup_cost(kind: str) -> int:
    return SETUP_FACTORY_PRICE[kind] + SETUP_SCHOLAR_PRICE * ENGINEERS[kind]


def decide_setup(s: State, seat: int, cmd: m.Command) -> list[m.Event]:
    c = s.countries[seat]
    match cmd:
        case m.SetupPopulation(province=pid):
            i = province(pid)
            if c.cells[i] != FREE:
                illegal(f"{pid} is not free")
            afford(c.safe, SETUP_POPULATION_PRICE, "a population pawn")
            if population_stock(s) - 1 < waiting_setups(s):
                illegal("the population supply must keep one pawn for each player still to set up")
            return [m.SetupPopulationPlaced(seat, pid, SETUP_POPULATION_PRICE)]
        case m.SetupScholar(to=to):
            destination(to)
            afford(c.safe, SETUP_SCHOLAR_PRICE, "a scholar")
            if scholar_stock(s, seat) < 1:
                illegal("your 25 scholar pawns are all in play")
            if c.population() == 0 and c.safe - SETUP_SCHOLAR_PRICE < SETUP_POPULATION_PRICE:
                illegal("keep 1$ for the population pawn you must place")
            return [m.SetupScholarPlaced(seat, to, SETUP_SCHOLAR_PRICE)]
        case m.SetupFactory(province=pid, kind=kind):
            return [m.SetupFactoryPlaced(seat, pid, kind, check_factory_site(s, seat, pid, kind))]
        case m.EndStep():
            if c.population() == 0:
                illegal("you must place at least one population pawn before ending your setup")
            return [m.StepEnded(seat, "setup")]
    illegal("during setup you may buy population, scholars or factories, then end_step")


def check_factory_site(s: State, seat: int, pid: str, kind: str) -> int:
    """Refuse an illegal setup factory; return its full price (factory + engineers)."""
    c = s.countries[seat]
    factory_site(s, seat, pid, kind)
    if scholar_stock(s, seat) < ENGINEERS[kind]:
        illegal(f"a {kind} factory needs {ENGINEERS[kind]} engineers from your scholar supply")
    cost = setup_cost(kind)
    afford(c.safe, cost, f"a {kind} factory with its engineers")
    return cost
