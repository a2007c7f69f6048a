"""Pollution (P3): sources, the four faces, placement, witnesses, global increase and decrease."""

from __future__ import annotations

from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.state import Task
from domain.kernel import Reason
from tests.domain.vertigo.helpers import (
    ARROW,
    ONE,
    SUN,
    TWO,
    Dice,
    at,
    cells_of,
    country,
    position,
)

FULL = "x" * 10


def rolling(*countries, regions=((0, 0),), **fields):  # type: ignore[no-untyped-def]
    """Seat 0 ends its training, then the listed (seat, region) sources are resolved."""
    agenda = [Task("training", seat=0)]
    agenda += [Task("sources", seat=p, region=r) for p, r in regions]
    agenda.append(Task("pause"))
    return position(*countries, agenda=agenda, **fields)


def test_worked_example_three_rolls_two_clouds_then_arrow_and_global_increase() -> None:
    blue = country(R="PPoooo....", safe=0)
    yellow = country(R="xxxxxxxxx.", C="xxxxxxxxx.", L="xxxxxxxx.o")
    red = country(C=".o..xo..o.", L="o........x")
    state = rolling(blue, yellow, red, regions=((0, 0), (0, 1)), level=1)
    after = (
        at(state)
        .when(0, m.EndStep(), Dice(SUN, TWO))
        .then(
            m.StepEnded(0, "training"),
            m.PollutionSourcesCounted(0, "R", 3),  # 2 polluting factories + overpopulated
            m.PollutionDieRolled(0, "R", "sun"),
            m.PollutionDieRolled(0, "R", "two_clouds"),
        )
    )
    assert game.legal(after, 0) == [m.PlacePollution(p) for p in ("R7", "R8", "R9", "R10")]
    after = at(after).when(0, m.PlacePollution("R7")).then(m.PollutionPlaced(0, 0, "R7", True))
    assert after.witness == 1
    after = (
        at(after)
        .when(0, m.PlacePollution("R8"), Dice(ARROW))
        .then(m.PollutionPlaced(0, 0, "R8", True), m.PollutionDieRolled(0, "R", "cloud_arrow"))
    )
    assert after.witness == 2
    after = (
        at(after)
        .when(0, m.ChoosePollutionTarget(2, "C"))
        .then(m.PollutionTargetChosen(0, 2, "C", placer=0, adjacency=True))
    )
    assert game.legal(after, 0) == [m.PlacePollution(p) for p in ("C1", "C4", "C8")]
    at(after).when(0, m.PlacePollution("C3")).rejects(Reason.ILLEGAL, "C1, C4, C8")
    after = (
        at(after)
        .when(0, m.PlacePollution("C4"))
        .then(m.PollutionPlaced(0, 2, "C4", True), m.GlobalIncrease(20))
    )
    assert (after.level, after.witness) == (2, 0)
    # Blue, Yellow, Red each add one marker per region R, C, L (no witnesses)
    placers = []
    while after.agenda[0].kind == "place":
        task = after.agenda[0]
        placers.append((task.seat, task.region))
        options = game.legal(after, task.seat)
        after = at(after).when(task.seat, options[0], Dice()).after
    # Yellow's single choices are automatic; Red places in its three regions
    assert placers == [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]
    assert after.witness == 0 and after.placed == 3 and after.level == 2
    assert [cells_of(after, 1, r) for r in range(3)] == ["x" * 10, "x" * 10, "x" * 9 + "o"]
    assert sum(cells_of(after, 2, r).count("x") for r in range(3)) == 2 + 1 + 3
    assert sum(cells_of(after, 0, r).count("x") for r in range(3)) == 2 + 3
    assert after.agenda[0] == Task("pause")  # Blue's region C had no source


def test_one_cloud_places_one_marker_free_first_automatically_when_single() -> None:
    state = rolling(country(R="P.oooooooo"), country(R="o........."))
    after = (
        at(state)
        .when(0, m.EndStep(), Dice(ONE, SUN))
        .then(
            m.StepEnded(0, "training"),
            m.PollutionSourcesCounted(0, "R", 2),
            m.PollutionDieRolled(0, "R", "one_cloud"),
            m.PollutionPlaced(0, 0, "R2", True),  # the only free province: placed automatically
            m.PollutionDieRolled(0, "R", "sun"),
        )
    )
    assert cells_of(after, 0, 0) == "Pxoooooooo" and after.placed == 1 and after.witness == 1


def test_no_free_province_left_destroys_population_and_factory() -> None:
    state = rolling(country(R="Pxxxxxxxoo", C="o........."), country(R="o........."))
    after = at(state).when(0, m.EndStep(), Dice(ONE)).after
    assert game.legal(after, 0) == [m.PlacePollution(p) for p in ("R1", "R9", "R10")]
    after = (
        at(after)
        .when(0, m.PlacePollution("R1"))
        .then(m.PollutionPlaced(0, 0, "R1", True, destroyed="polluting"))
    )
    assert after.countries[0].factories() == 0 and after.countries[0].scholars() == 0


def test_two_clouds_place_two_markers_one_after_the_other() -> None:
    state = rolling(country(R="Pxxxxxxx.."), country(R="o........."))
    after = (
        at(state)
        .when(0, m.EndStep(), Dice(TWO))
        .then(
            m.StepEnded(0, "training"),
            m.PollutionSourcesCounted(0, "R", 1),
            m.PollutionDieRolled(0, "R", "two_clouds"),
            # first marker: two free provinces, so the roller chooses
        )
    )
    at(after).when(0, m.PlacePollution("R9")).then(
        m.PollutionPlaced(0, 0, "R9", True),
        m.PollutionPlaced(0, 0, "R10", True),  # second marker: one free province left
    )


def test_fully_polluted_region_loses_the_marker_without_witness() -> None:
    full = country(C="P" + "x" * 9, R="o.........")
    state = rolling(full, country(R="o........."), regions=((0, 1),))
    after = (
        at(state)
        .when(0, m.EndStep(), Dice(TWO))
        .then(
            m.StepEnded(0, "training"),
            m.PollutionSourcesCounted(0, "C", 1),
            m.PollutionDieRolled(0, "C", "two_clouds"),
            m.PollutionPlaced(0, 0, "C1", True, destroyed="polluting"),
            m.MarkerLost(0, "C"),
        )
    )
    assert after.witness == 1 and after.placed == 1 and cells_of(after, 0, 1) == FULL


def test_arrow_on_an_unpolluted_region_is_placed_freely_by_its_owner() -> None:
    state = rolling(country(R="P........."), country(R="o.........", C="oo........"))
    after = at(state).when(0, m.EndStep(), Dice(ARROW)).after
    assert m.ChoosePollutionTarget(0, "R") not in game.legal(after, 0)
    after = (
        at(after)
        .when(0, m.ChoosePollutionTarget(1, "C"))
        .then(m.PollutionTargetChosen(0, 1, "C", placer=1, adjacency=False))
    )
    assert game.legal(after, 0) == [] and len(game.legal(after, 1)) == 8
    at(after).when(0, m.PlacePollution("C5")).rejects(Reason.NOT_YOUR_TURN)
    at(after).when(1, m.PlacePollution("C1")).rejects(Reason.ILLEGAL, "must go on one of C3")


def test_arrow_adjacency_is_waived_when_no_pool_province_is_adjacent() -> None:
    state = rolling(country(R="P........."), country(C="ooxoooooo."))
    after = at(state).when(0, m.EndStep(), Dice(ARROW)).after
    # the only free province (C10) is not adjacent to C3: free-first wins, then adjacency waived
    at(after).when(0, m.ChoosePollutionTarget(1, "C")).then(
        m.PollutionTargetChosen(0, 1, "C", placer=0, adjacency=True),
        m.PollutionPlaced(0, 1, "C10", True),
    )


def test_arrow_with_a_single_target_is_automatic_and_with_none_is_lost() -> None:
    state = rolling(country(R="P........."), country(R="o" + "x" * 9, C=FULL, L=FULL))
    events = at(state).when(0, m.EndStep(), Dice(ARROW)).events
    assert events[-4:] == [
        m.PollutionTargetChosen(0, 1, "R", placer=0, adjacency=True),
        m.PollutionPlaced(0, 1, "R1", True, destroyed="population"),
        m.PlayerEliminated(1, 40),
        m.GameEnded("last_player_standing"),
    ]
    none = rolling(country(R="P........."), country(R=FULL, C=FULL, L=FULL))
    assert at(none).when(0, m.EndStep(), Dice(ARROW)).events[-1] == m.ArrowLost(0)


def test_last_population_lost_eliminates_and_skips_remaining_rolls() -> None:
    blue = country(R="PPxxxxxxxx", C=FULL, L=FULL, safe=17)
    state = rolling(blue, country(R="o........."), country(R="o........."), regions=((0, 0),))
    after = at(state).when(0, m.EndStep(), Dice(TWO)).after
    after = (
        at(after)
        .when(0, m.PlacePollution("R1"))
        .then(
            m.PollutionPlaced(0, 0, "R1", True, destroyed="polluting"),
            m.PollutionPlaced(0, 0, "R2", True, destroyed="polluting"),
            m.PlayerEliminated(0, 17),
        )
    )
    assert not after.countries[0].active and after.treasury == state.treasury + 17
    assert after.agenda == (Task("pause"),)  # the second roll of region R is skipped


def test_elimination_leaving_one_player_ends_the_game() -> None:
    blue = country(R="Pxxxxxxxxx", C=FULL, L=FULL)
    state = rolling(blue, country(R="o........."))
    after = (
        at(state)
        .when(0, m.EndStep(), Dice(ONE))
        .then(
            m.StepEnded(0, "training"),
            m.PollutionSourcesCounted(0, "R", 1),
            m.PollutionDieRolled(0, "R", "one_cloud"),
            m.PollutionPlaced(0, 0, "R1", True, destroyed="polluting"),
            m.PlayerEliminated(0, 40),
            m.GameEnded("last_player_standing"),
        )
    )
    assert after.over and game.result(after).ranks == (2, 1)


def test_four_players_need_four_witnesses_and_increase_markers_make_none() -> None:
    blue = country(R="Pxxxxxxxx.", C="oo........")
    boards = [blue, country(R="o" * 9 + "."), country(R="o........."), country(R="o.........")]
    after = at(rolling(*boards, witness=3, level=9)).when(0, m.EndStep(), Dice(ONE)).after
    assert after.witness == 0 and after.level == 10  # the fourth witness: the tenth step, 100 %
    # Blue's own increase marker in R had one spot left (its factory); now Blue chooses in C
    assert cells_of(after, 0, 0) == "x" * 10
    assert after.agenda[0] == Task("place", seat=0, owner=0, region=1)
    assert [(t.seat, t.region) for t in after.agenda if t.kind == "place"][1:4] == [
        (0, 2),
        (1, 0),
        (1, 1),
    ]
    after = at(rolling(*boards, witness=2, level=3)).when(0, m.EndStep(), Dice(ONE)).after
    assert after.witness == 3 and after.level == 3


def test_increase_at_100_percent_still_adds_markers() -> None:
    boards = [country(R="P" + "x" * 8 + ".", C="o........."), country(R="o" * 10, C=FULL, L=FULL)]
    state = rolling(*boards, witness=2, level=10)
    after = at(state).when(0, m.EndStep(), Dice(ONE)).after
    assert after.level == 10 and after.witness == 0
    assert [(t.seat, t.region) for t in after.agenda if t.kind == "place"] == [
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 1),
        (1, 2),
    ]


def test_decrease_when_no_marker_was_placed_then_optional_cleanup() -> None:
    boards = [country(R="xx........", C="x.........", L="o........."), country(R="o.........")]
    state = position(
        *boards, agenda=[Task("training", seat=1), Task("decrease"), Task("pause")], level=3
    )
    after = (
        at(state)
        .when(1, m.EndStep())
        .then(m.StepEnded(1, "training"), m.PollutionPhaseEnded(True, 20))
    )
    assert after.agenda[0] == Task("cleanup", seat=0)
    after = at(after).when(0, m.CleanProvince("R1")).then(m.ProvinceCleaned(0, "R1"))
    at(after).when(0, m.CleanProvince("R2")).rejects(Reason.ILLEGAL, "already cleaned")
    after = (
        at(after)
        .when(0, m.CleanProvince("C1"))
        .then(
            m.ProvinceCleaned(0, "C1"),
            m.StepEnded(0, "cleanup"),  # nothing left to clean
            m.StepEnded(1, "cleanup"),  # seat 1 has no pollution
        )
    )
    assert cells_of(after, 0, 0) == ".x........" and after.level == 2


def test_decrease_at_zero_stays_zero_but_cleanup_happens() -> None:
    boards = [country(R="xo........"), country(R="o.........")]
    state = position(
        *boards, agenda=[Task("training", seat=1), Task("decrease"), Task("pause")], level=0
    )
    after = (
        at(state)
        .when(1, m.EndStep())
        .then(m.StepEnded(1, "training"), m.PollutionPhaseEnded(True, 0))
    )
    assert game.legal(after, 0) == [m.CleanProvince("R1"), m.EndStep()]


def test_no_decrease_when_a_die_placed_a_marker() -> None:
    boards = [country(R="xo........"), country(R="o.........")]
    state = position(
        *boards, agenda=[Task("training", seat=1), Task("decrease"), Task("pause")], level=4,
        placed=1,
    )  # fmt: skip
    at(state).when(1, m.EndStep()).then(
        m.StepEnded(1, "training"), m.PollutionPhaseEnded(False, 40)
    )


def test_sources_are_tested_per_player_in_turn_order_and_regions_r_c_l() -> None:
    state = position(country(), country(), country(), agenda=[Task("order")], turn=3, first=1)
    after = game.evolve(state, m.TurnOrderSet((1, 2, 0)))
    sources = [(t.seat, t.region) for t in after.agenda if t.kind == "sources"]
    assert sources == [(p, r) for p in (1, 2, 0) for r in (0, 1, 2)]


def test_sources_are_a_snapshot_a_destroyed_factory_still_rolls() -> None:
    # R: two polluting factories and nothing free: the first roll destroys one, both still roll
    blue = country(R="PPxxxxxxxx", C="o.........")
    state = rolling(blue, country(R="o........."))
    after = at(state).when(0, m.EndStep(), Dice(ONE)).after
    after = (
        at(after)
        .when(0, m.PlacePollution("R1"), Dice(ONE))
        .then(
            m.PollutionPlaced(0, 0, "R1", True, destroyed="polluting"),
            m.PollutionDieRolled(0, "R", "one_cloud"),
            m.PollutionPlaced(0, 0, "R2", True, destroyed="polluting"),
        )
    )
    assert after.countries[0].factories() == 0 and after.placed == 2


def test_with_two_players_the_arrow_target_player_is_forced() -> None:
    state = rolling(country(R="P........."), country(R="o.........", L="x" * 9 + "."))
    after = at(state).when(0, m.EndStep(), Dice(ARROW)).after
    assert {cmd.player for cmd in game.legal(after, 0)} == {1}
    assert [cmd.region for cmd in game.legal(after, 0)] == ["R", "C", "L"]


def test_eliminated_pieces_return_to_the_supplies() -> None:
    from domain.games.vertigo.state import factory_stock, population_stock

    blue = country(R="Pxxxxxxxxx", C=FULL, L=FULL)
    state = rolling(blue, country(R="oo........"), country(R="CP........"))
    assert factory_stock(state, "polluting") == 18 and population_stock(state) == 85
    after = at(state).when(0, m.EndStep(), Dice(ONE)).after
    assert not after.countries[0].active
    assert factory_stock(after, "polluting") == 19 and population_stock(after) == 86
