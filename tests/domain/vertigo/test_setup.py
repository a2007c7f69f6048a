"""Setup (section 2, commands 4.1, D41, D47, D49)."""

from __future__ import annotations

from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.state import Task
from domain.kernel import Reason
from tests.domain.vertigo.helpers import EMPTY, Dice, at, country, position
from tests.given import given


def setup_position(*countries, setups=(0, 1)):  # type: ignore[no-untyped-def]
    agenda = [Task("setup", seat=p) for p in setups] + [Task("pause")]
    return position(*countries, agenda=agenda, turn=0)


def test_start_values_and_first_player_drawn_then_setup_clockwise_from_him() -> None:
    state = game.initial(4, m.Options(rules=1))
    assert state.treasury == 100 and all(c.safe == 40 for c in state.countries)
    events = game.setup(state, Dice(2))
    assert events == [m.FirstPlayerDrawn(2)]
    after = game.fold(events, state)
    assert [t.seat for t in after.agenda if t.kind == "setup"] == [2, 3, 0, 1]
    assert game.legal(after, 2) and not game.legal(after, 0)


def test_from_rules_2_the_setup_tasks_are_queued_by_an_event() -> None:
    state = game.initial(4, m.Options())
    events = game.setup(state, Dice(2))
    setups = tuple(m.QueuedTask("setup", seat=p) for p in (2, 3, 0, 1))
    assert events == [
        m.FirstPlayerDrawn(2, queued=True),
        m.TasksQueued(done=0, tasks=(*setups, m.QueuedTask("start_turn"))),
    ]
    after = game.fold(events, state)
    version_1 = game.initial(4, m.Options(rules=1))
    assert after.agenda == game.evolve(version_1, m.FirstPlayerDrawn(2)).agenda


def test_setup_population_costs_one_dollar() -> None:
    state = setup_position(country(), country())
    after = at(state).when(0, m.SetupPopulation("C5")).then(m.SetupPopulationPlaced(0, "C5", 1))
    assert after.countries[0].safe == 39 and after.countries[0].population() == 1
    assert after.bank == 1


def test_setup_population_needs_a_free_province() -> None:
    state = setup_position(country(C="....o....."), country())
    at(state).when(0, m.SetupPopulation("C5")).rejects(Reason.ILLEGAL, "C5 is not free")
    at(state).when(0, m.SetupPopulation("Z5")).rejects(Reason.ILLEGAL, "no province")


def test_population_supply_keeps_one_pawn_per_player_still_to_set_up() -> None:
    full = "o" * 10
    crowded = country(R=full, C=full, L=full)
    almost = country(R=full, C=full, L="ooooooooo.")
    # 89 pawns on boards, seat 1 still to set up: seat 0 may not take the last pawn
    state = setup_position(almost, country(), crowded, crowded, setups=(0, 1))
    at(state).when(0, m.SetupPopulation("L10")).rejects(Reason.ILLEGAL, "keep one pawn")
    state = setup_position(almost, country(), crowded, crowded, setups=(0,))
    at(state).when(0, m.SetupPopulation("L10")).then(m.SetupPopulationPlaced(0, "L10", 1))


def test_setup_scholar_to_a_region_box_or_the_un() -> None:
    state = setup_position(country(R="o........."), country())
    after = at(state).when(0, m.SetupScholar("UN")).then(m.SetupScholarPlaced(0, "UN", 5))
    assert after.countries[0].diplomats == 1 and after.countries[0].safe == 35
    after = at(state).when(0, m.SetupScholar("L")).then(m.SetupScholarPlaced(0, "L", 5))
    assert after.countries[0].idle_ready == (0, 0, 1)


def test_setup_scholar_must_leave_a_dollar_for_the_first_population_pawn() -> None:
    state = setup_position(country(safe=5), country())
    at(state).when(0, m.SetupScholar("R")).rejects(Reason.ILLEGAL, "keep 1$")
    state = setup_position(country(safe=6), country())
    at(state).when(0, m.SetupScholar("R")).then(m.SetupScholarPlaced(0, "R", 5))


def test_setup_factory_costs_price_plus_engineers() -> None:
    state = setup_position(country(R="ooo......."), country())
    at(state).when(0, m.SetupFactory("R1", "polluting")).then(
        m.SetupFactoryPlaced(0, "R1", "polluting", 10)
    )
    at(state).when(0, m.SetupFactory("R1", "clean")).then(
        m.SetupFactoryPlaced(0, "R1", "clean", 20)
    )
    after = (
        at(state)
        .when(0, m.SetupFactory("R2", "treatment"))
        .then(m.SetupFactoryPlaced(0, "R2", "treatment", 20))
    )
    assert after.countries[0].engineers() == 2 and after.countries[0].scholars() == 2


def test_setup_factory_placement_rules() -> None:
    state = setup_position(country(R="oT........", safe=15), country())
    at(state).when(0, m.SetupFactory("R3", "polluting")).rejects(Reason.ILLEGAL, "population")
    at(state).when(0, m.SetupFactory("R2", "polluting")).rejects(Reason.ILLEGAL, "no factory")
    at(state).when(0, m.SetupFactory("R1", "treatment")).rejects(Reason.ILLEGAL, "one treatment")
    at(state).when(0, m.SetupFactory("R1", "clean")).rejects(Reason.ILLEGAL, "you have 15$")


def test_end_setup_needs_a_population_pawn() -> None:
    state = setup_position(country(), country())
    at(state).when(0, m.EndStep()).rejects(Reason.ILLEGAL, "at least one population")
    state = setup_position(country(R="o........."), country())
    after = at(state).when(0, m.EndStep()).then(m.StepEnded(0, "setup"))
    assert game.legal(after, 1) and not game.legal(after, 0)


def test_other_seat_cannot_set_up_now() -> None:
    state = setup_position(country(), country())
    at(state).when(1, m.SetupPopulation("R1")).rejects(Reason.NOT_YOUR_TURN, "waiting for blue")


def test_last_setup_starts_turn_one_without_upkeep_and_skips_empty_substeps() -> None:
    state = position(
        country(R="o........."),
        country(R="o" * 10, C="x" * 10, L="x" * 10, safe=0),
        agenda=[Task("setup", seat=1), Task("start_turn")],
        turn=0,
        first=1,
        order=(1, 0),
    )
    at(state).when(1, m.EndStep()).then(
        m.StepEnded(1, "setup"),
        m.TurnStarted(1),
        m.TurnOrderSet((1, 0)),
        # seat 1 has no scholar and no money: each of its sub-steps is skipped (D45)
        m.StepEnded(1, "build"),
        m.StepEnded(1, "depollute"),
        m.StepEnded(1, "population"),
        m.StepEnded(1, "training"),
        # seat 0 has nothing to build or depollute; population awaits its choice
        m.StepEnded(0, "build"),
        m.StepEnded(0, "depollute"),
    )


def test_given_helper_folds_from_the_initial_state() -> None:
    after = given(game, m.FirstPlayerDrawn(1), seats=2).state
    assert after.first == 1 and after.order == (1, 0)
    assert EMPTY == "." * 10
