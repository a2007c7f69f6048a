"""Country management (P2): upkeep, scholars and factories, depollution, population, training."""

from __future__ import annotations

from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.state import Task
from domain.kernel import Reason
from tests.domain.vertigo.helpers import at, cells_of, country, position


def step(kind: str, *countries, **fields):  # type: ignore[no-untyped-def]
    return position(*countries, agenda=[Task(kind, seat=0), Task("pause")], **fields)


# --- a: upkeep -------------------------------------------------------------------------------


def test_upkeep_pays_diplomats_to_treasury_and_other_pawns_to_bank() -> None:
    state = step(
        "upkeep", country(R="PC........", ready=(1, 0, 0), diplomats=2, safe=10), country()
    )
    # engineers 1 + 2, idle 1, diplomats 2
    after = at(state).when(0, m.PayUpkeep()).then(m.UpkeepPaid(0, 4, 2))
    assert after.countries[0].safe == 4
    assert after.treasury == state.treasury + 2 and after.bank == 4


def test_upkeep_must_be_affordable_release_first() -> None:
    state = step("upkeep", country(R="PC........", ready=(1, 0, 0), diplomats=2, safe=3), country())
    at(state).when(0, m.PayUpkeep()).rejects(Reason.ILLEGAL, "you have 3$ but the upkeep")
    at(state).when(0, m.EndStep()).rejects(Reason.ILLEGAL, "pay_upkeep")
    after = at(state).when(0, m.ReleaseScholar("UN")).then(m.ScholarReleased(0, "UN"))
    assert after.countries[0].diplomats == 1
    after = at(state).when(0, m.AbandonFactory("R2")).then(m.FactoryAbandoned(0, "R2", "clean"))
    assert cells_of(after, 0, 0) == "Po........" and after.countries[0].scholars() == 4
    at(state).when(0, m.ReleaseScholar("C")).rejects(Reason.ILLEGAL, "no idle scholar")
    at(state).when(0, m.AbandonFactory("R3")).rejects(Reason.ILLEGAL, "none of your factories")


def test_upkeep_without_scholars_is_paid_automatically() -> None:
    state = position(
        country(R="o........."),
        country(R="o........."),
        agenda=[Task("law", seat=1), Task("end_turn"), Task("start_turn")],
    )
    events = at(state).when(1, m.PassLaw()).events
    assert events[5] == m.UpkeepPaid(1, 0, 0)  # after law, end, start, designation, order


def test_turn_one_has_no_upkeep_step() -> None:
    state = position(country(), country(), agenda=[Task("order")], turn=1)
    kinds = [t.kind for t in game.evolve(state, m.TurnOrderSet((0, 1))).agenda]
    assert "upkeep" not in kinds and kinds[:2] == ["build", "depollute"]
    state2 = position(country(), country(), agenda=[Task("order")], turn=2)
    kinds2 = [t.kind for t in game.evolve(state2, m.TurnOrderSet((0, 1))).agenda]
    assert kinds2[:5] == ["upkeep", "build", "depollute", "population", "training"]


# --- b/c: scholars and factories -------------------------------------------------------------


def test_move_scholar_to_another_box_or_the_un_once_per_turn() -> None:
    state = step("build", country(R="o.........", ready=(2, 0, 0)), country())
    after = at(state).when(0, m.MoveScholar("R", "UN")).then(m.ScholarMoved(0, "R", "UN"))
    assert after.countries[0].diplomats == 1 and after.countries[0].idle_ready == (1, 0, 0)
    after = at(state).when(0, m.MoveScholar("R", "L")).then(m.ScholarMoved(0, "R", "L"))
    assert after.countries[0].idle_acted == (0, 0, 1)
    at(state).when(0, m.MoveScholar("R", "R")).rejects(Reason.ILLEGAL, "another region")
    at(state).when(0, m.MoveScholar("C", "R")).rejects(Reason.ILLEGAL, "not acted")
    moved_on = at(after).when(0, m.MoveScholar("L", "C"))
    moved_on.rejects(Reason.ILLEGAL, "region L has no scholar that has not acted")


def test_moved_scholar_cannot_become_an_engineer_this_turn() -> None:
    state = step("build", country(L="o.........", ready=(2, 0, 0)), country())
    after = at(state).when(0, m.MoveScholar("R", "L")).after
    at(after).when(0, m.BuildFactory("L1", "polluting")).rejects(Reason.ILLEGAL, "it has 0")


def test_build_factory_with_engineers_from_the_region_box() -> None:
    state = step("build", country(R="oo........", ready=(3, 0, 0)), country())
    after = (
        at(state)
        .when(0, m.BuildFactory("R1", "polluting"))
        .then(m.FactoryBuilt(0, "R1", "polluting", 5))
    )
    assert after.countries[0].idle_ready == (2, 0, 0) and after.countries[0].safe == 35
    after = (
        at(state).when(0, m.BuildFactory("R2", "clean")).then(m.FactoryBuilt(0, "R2", "clean", 10))
    )
    assert after.countries[0].idle_ready == (1, 0, 0) and after.countries[0].engineers() == 2
    at(state).when(0, m.BuildFactory("R3", "clean")).rejects(Reason.ILLEGAL, "population")


def test_build_factory_limits() -> None:
    state = step(
        "build", country(R="oT........", C="o.........", ready=(2, 1, 0), safe=9), country()
    )
    at(state).when(0, m.BuildFactory("R1", "treatment")).rejects(Reason.ILLEGAL, "one treatment")
    at(state).when(0, m.BuildFactory("R1", "clean")).rejects(Reason.ILLEGAL, "you have 9$")
    at(state).when(0, m.BuildFactory("C1", "clean")).rejects(Reason.ILLEGAL, "needs 2 scholars")
    at(state).when(0, m.BuildFactory("R2", "clean")).rejects(Reason.ILLEGAL, "no factory")
    # the 20 polluting factories are all on boards
    full = country(R="P" * 10, C="P" * 10)
    crowded = step("build", country(R="o.........", ready=(1, 0, 0)), full)
    at(crowded).when(0, m.BuildFactory("R1", "polluting")).rejects(Reason.ILLEGAL, "supply")


def test_transform_polluting_into_clean_with_one_more_engineer() -> None:
    state = step("build", country(C="P.........", ready=(0, 1, 0)), country())
    after = (
        at(state)
        .when(0, m.TransformFactory("C1"))
        .then(
            m.FactoryTransformed(0, "C1", 5),
            m.StepEnded(0, "build"),  # nothing else to do: the sub-step closes itself (D45)
        )
    )
    assert cells_of(after, 0, 1) == "C........." and after.countries[0].engineers() == 2
    assert after.countries[0].safe == 35
    empty = step("build", country(C="P.........", ready=(1, 0, 0)), country())
    at(empty).when(0, m.TransformFactory("C1")).rejects(Reason.ILLEGAL, "one more scholar")
    at(empty).when(0, m.TransformFactory("R1")).rejects(Reason.ILLEGAL, "none of your polluting")


# --- d: depollution --------------------------------------------------------------------------


def test_depollution_prices_follow_treatment_plants() -> None:
    board = country(R="xT........", C="x.........", L="x.........")
    state = step("depollute", board, country())
    at(state).when(0, m.Depollute("R1")).then(m.ProvinceDepolluted(0, "R1", 1))
    at(state).when(0, m.Depollute("C1")).then(m.ProvinceDepolluted(0, "C1", 5))
    plain = step("depollute", country(C="x........."), country())
    after = (
        at(plain)
        .when(0, m.Depollute("C1"))
        .then(m.ProvinceDepolluted(0, "C1", 10), m.StepEnded(0, "depollute"))
    )
    assert after.treasury == plain.treasury + 10 and after.countries[0].safe == 30
    assert cells_of(after, 0, 1) == ".........."


def test_worked_example_depollution_down_to_the_planetary_level() -> None:
    state = step("depollute", country(C="xxxxT....."), country(), level=2)
    first = at(state).when(0, m.Depollute("C1")).then(m.ProvinceDepolluted(0, "C1", 1))
    legal = [m.Depollute(p) for p in ("C2", "C3", "C4")] + [m.EndStep()]
    assert game.legal(first, 0) == legal
    second = (
        at(first)
        .when(0, m.Depollute("C2"))
        .then(m.ProvinceDepolluted(0, "C2", 1), m.StepEnded(0, "depollute"))
    )
    assert second.treasury == state.treasury + 2 and cells_of(second, 0, 1) == "..xxT....."
    at_level = step("depollute", country(C="xx..T.....", L="x........."), country(), level=2)
    at(at_level).when(0, m.Depollute("C1")).rejects(Reason.ILLEGAL, "not above the planetary 20%")


# --- e: population ---------------------------------------------------------------------------


def test_buy_population_on_a_free_province_for_five_dollars() -> None:
    state = step("population", country(R="x........."), country())
    after = at(state).when(0, m.BuyPopulation("R2")).then(m.PopulationBought(0, "R2", 5))
    assert after.countries[0].population() == 1 and after.bank == 5
    at(state).when(0, m.BuyPopulation("R1")).rejects(Reason.ILLEGAL, "not free")
    at(after).when(0, m.MovePopulation("R2", "R3")).rejects(Reason.ILLEGAL, "already moved")


def test_move_population_free_inside_a_region_one_dollar_elsewhere_once_per_turn() -> None:
    state = step("population", country(R="oP........"), country())
    after = (
        at(state).when(0, m.MovePopulation("R1", "R5")).then(m.PopulationMoved(0, "R1", "R5", 0))
    )
    assert cells_of(after, 0, 0) == ".P..o....."
    at(after).when(0, m.MovePopulation("R5", "R6")).rejects(Reason.ILLEGAL, "already moved")
    after = (
        at(state).when(0, m.MovePopulation("R1", "L1")).then(m.PopulationMoved(0, "R1", "L1", 1))
    )
    assert after.countries[0].safe == 39
    at(state).when(0, m.MovePopulation("R2", "R5")).rejects(Reason.ILLEGAL, "without a factory")
    at(state).when(0, m.MovePopulation("R1", "R2")).rejects(Reason.ILLEGAL, "not free")


# --- f: training -----------------------------------------------------------------------------


def test_training_needs_five_pawns_once_per_region_per_turn() -> None:
    state = step("training", country(R="ooooP.....", C="oooo......", L="ooooo....."), country())
    after = at(state).when(0, m.TrainScholar("R")).then(m.ScholarTrained(0, "R", 5))
    c = after.countries[0]
    assert c.idle_acted == (1, 0, 0) and c.idle_ready == (0, 0, 0) and c.safe == 35
    at(after).when(0, m.TrainScholar("R")).rejects(Reason.ILLEGAL, "already trained")
    at(state).when(0, m.TrainScholar("C")).rejects(Reason.ILLEGAL, "needs 5 population")


def test_scholar_supply_is_limited_to_25_per_colour() -> None:
    state = step("training", country(R="ooooo.....", diplomats=25), country())
    at(state).when(0, m.TrainScholar("R")).rejects(Reason.ILLEGAL, "25 scholar pawns")


def test_each_substep_closes_with_end_step_and_passes_to_the_next() -> None:
    state = position(
        country(R="ooooo....."),
        country(),
        agenda=[Task("population", seat=0), Task("training", seat=0), Task("pause")],
    )
    after = at(state).when(0, m.EndStep()).then(m.StepEnded(0, "population"))
    assert after.agenda[0] == Task("training", seat=0)
    assert m.TrainScholar("R") in game.legal(after, 0) and game.legal(after, 1) == []
