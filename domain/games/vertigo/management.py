"""Country management (P2): upkeep, scholars and factories, depollution, population, training."""

from __future__ import annotations

from domain.games.vertigo import messages as m
from domain.games.vertigo.checks import afford, destination, province, region
from domain.games.vertigo.data import (
    BUILD_PRICE,
    DEPOLLUTE_WITH_PLANT_IN_COUNTRY,
    DEPOLLUTE_WITH_PLANT_IN_REGION,
    DEPOLLUTE_WITHOUT_PLANT,
    ENGINEERS,
    KINDS,
    MOVE_OTHER_REGION_PRICE,
    POPULATION_PRICE,
    REGIONS,
    TRAIN_PRICE,
    TRAINING_MIN_POPULATION,
    TRANSFORM_PRICE,
    TREATMENT,
    region_of,
)
from domain.games.vertigo.state import (
    CODE_KIND,
    FREE,
    POLLUTED,
    POP,
    POP_POLLUTING,
    Country,
    State,
    factory_stock,
    population_stock,
    scholar_stock,
)
from domain.kernel import illegal

Events = list[m.Event]


def upkeep_cost(c: Country) -> tuple[int, int]:
    """(to the bank, to the treasury): 1$ per idle scholar and engineer, 1$ per diplomat."""
    return c.scholars() - c.diplomats, c.diplomats


def decide_upkeep(s: State, seat: int, cmd: m.Command) -> Events:
    c = s.countries[seat]
    match cmd:
        case m.ReleaseScholar(source=source):
            r = destination(source)
            if r is None and c.diplomats == 0:
                illegal("you have no diplomat at the UN")
            if r is not None and c.idle(r) == 0:
                illegal(f"region {source} has no idle scholar")
            return [m.ScholarReleased(seat, source)]
        case m.AbandonFactory(province=pid):
            i = province(pid)
            if c.cells[i] < POP_POLLUTING:
                illegal(f"{pid} holds none of your factories")
            return [m.FactoryAbandoned(seat, pid, CODE_KIND[c.cells[i]])]
        case m.PayUpkeep():
            bank, treasury = upkeep_cost(c)
            if bank + treasury > c.safe:
                illegal(
                    f"you have {c.safe}$ but the upkeep of your {bank + treasury} scholar pawns "
                    f"costs {bank + treasury}$; release scholars or abandon factories first"
                )
            return [m.UpkeepPaid(seat, bank, treasury)]
    illegal("upkeep: release_scholar, abandon_factory, then pay_upkeep")


def factory_site(s: State, seat: int, pid: str, kind: str) -> int:
    """Refuse a factory the site or the supply cannot take (setup or build); its region."""
    c = s.countries[seat]
    i = province(pid)
    if kind not in KINDS:
        illegal(f"there is no factory kind {kind!r}; kinds are {', '.join(KINDS)}")
    if c.cells[i] != POP:
        illegal(f"{pid} must hold one of your population pawns and no factory")
    r = region_of(i)
    if kind == TREATMENT and c.has_treatment(r):
        illegal("a region holds at most one treatment plant")
    if factory_stock(s, kind) < 1:
        illegal(f"no {kind} factory is left in the supply")
    return r


def build_cost(s: State, seat: int, pid: str, kind: str) -> int:
    c = s.countries[seat]
    r = factory_site(s, seat, pid, kind)
    if c.idle_ready[r] < ENGINEERS[kind]:
        illegal(
            f"a {kind} factory needs {ENGINEERS[kind]} scholars of region {REGIONS[r]} that have "
            f"not acted this turn; it has {c.idle_ready[r]}"
        )
    afford(c.safe, BUILD_PRICE[kind], f"a {kind} factory")
    return BUILD_PRICE[kind]


def decide_build(s: State, seat: int, cmd: m.Command) -> Events:
    c = s.countries[seat]
    match cmd:
        case m.MoveScholar(source=source, to=to):
            r = region(source)
            target = destination(to)
            if target == r:
                illegal("a scholar must move to another region box or to the UN")
            if c.idle_ready[r] == 0:
                illegal(f"region {source} has no scholar that has not acted this turn")
            return [m.ScholarMoved(seat, source, to)]
        case m.BuildFactory(province=pid, kind=kind):
            return [m.FactoryBuilt(seat, pid, kind, build_cost(s, seat, pid, kind))]
        case m.TransformFactory(province=pid):
            i = province(pid)
            if c.cells[i] != POP_POLLUTING:
                illegal(f"{pid} holds none of your polluting factories")
            if c.idle_ready[region_of(i)] < 1:
                illegal("transforming needs one more scholar of that region who has not acted")
            if factory_stock(s, "clean") < 1:
                illegal("no clean factory is left in the supply")
            afford(c.safe, TRANSFORM_PRICE, "transforming a factory")
            return [m.FactoryTransformed(seat, pid, TRANSFORM_PRICE)]
        case m.EndStep():
            return [m.StepEnded(seat, "build")]
    illegal("now: move_scholar, build_factory, transform_factory, then end_step")


def depollution_price(c: Country, r: int) -> int:
    if c.has_treatment(r):
        return DEPOLLUTE_WITH_PLANT_IN_REGION
    if any(c.has_treatment(other) for other in range(3)):
        return DEPOLLUTE_WITH_PLANT_IN_COUNTRY
    return DEPOLLUTE_WITHOUT_PLANT


def decide_depollute(s: State, seat: int, cmd: m.Command) -> Events:
    c = s.countries[seat]
    match cmd:
        case m.Depollute(province=pid):
            i = province(pid)
            if c.cells[i] != POLLUTED:
                illegal(f"{pid} is not polluted")
            r = region_of(i)
            if c.polluted(r) <= s.level:
                illegal(
                    f"region {REGIONS[r]} is at {10 * c.polluted(r)}%, not above the planetary "
                    f"{10 * s.level}%"
                )
            cost = depollution_price(c, r)
            afford(c.safe, cost, "cleaning a province there")
            return [m.ProvinceDepolluted(seat, pid, cost)]
        case m.EndStep():
            return [m.StepEnded(seat, "depollute")]
    illegal("now: depollute, then end_step")


def decide_population(s: State, seat: int, cmd: m.Command) -> Events:
    c = s.countries[seat]
    match cmd:
        case m.BuyPopulation(province=pid):
            i = province(pid)
            if c.cells[i] != FREE:
                illegal(f"{pid} is not free")
            afford(c.safe, POPULATION_PRICE, "a population pawn")
            if population_stock(s) < 1:
                illegal("the population supply is empty")
            return [m.PopulationBought(seat, pid, POPULATION_PRICE)]
        case m.MovePopulation(source=src, to=dst):
            i, j = province(src), province(dst)
            if c.cells[i] != POP:
                illegal(f"{src} must hold one of your population pawns without a factory")
            if i in c.moved:
                illegal(f"the pawn on {src} already moved or arrived this turn")
            if c.cells[j] != FREE:
                illegal(f"{dst} is not free")
            cost = 0 if region_of(i) == region_of(j) else MOVE_OTHER_REGION_PRICE
            afford(c.safe, cost, "moving to another region")
            return [m.PopulationMoved(seat, src, dst, cost)]
        case m.EndStep():
            return [m.StepEnded(seat, "population")]
    illegal("now: buy_population, move_population, then end_step")


def decide_training(s: State, seat: int, cmd: m.Command) -> Events:
    c = s.countries[seat]
    match cmd:
        case m.TrainScholar(region=name):
            r = region(name)
            if c.population(r) < TRAINING_MIN_POPULATION:
                illegal(f"region {name} needs {TRAINING_MIN_POPULATION} population pawns to train")
            if r in c.trained:
                illegal(f"region {name} already trained a scholar this turn")
            if scholar_stock(s, seat) < 1:
                illegal("your 25 scholar pawns are all in play")
            afford(c.safe, TRAIN_PRICE, "training a scholar")
            return [m.ScholarTrained(seat, name, TRAIN_PRICE)]
        case m.EndStep():
            return [m.StepEnded(seat, "training")]
    illegal("now: train_scholar, then end_step")
