"""Routes: revenue of known runs, distance and stop rules, shared track, blocked cities, powers."""

from __future__ import annotations

import msgspec
import pytest

from domain.games.zoo18 import board as B
from domain.games.zoo18.board.routes import one_s_over_wings
from domain.kernel import Rejected
from tests.domain.zoo18.board.fixture_board import fixture, replay
from tests.domain.zoo18.board.scenario import BROWN, GREEN, YELLOW, gi_to_l4, lay, parred

K9_L4 = ("K9", "K7", "L6", "L4")
L4_M5 = ("L4", "M5")
N10_L4 = ("N10", "N8", "M9", "L8", "K7", "L6", "L4")


def run(
    board: B.Board,
    family: str,
    *routes: tuple[str, str, tuple[tuple[str, ...], ...]],
    colours: tuple[str, ...] = YELLOW,
    modifiers: B.Modifiers = B.NO_MODIFIERS,
    claims: dict[str, int] | None = None,
) -> B.RunResult:
    """Run `routes` given as (train id, train name, connections)."""
    trains = tuple(B.Train(train_id, name) for train_id, name, _ in routes)
    specs = tuple(
        B.RouteSpec(train_id, connections, revenue=(claims or {}).get(train_id))
        for train_id, _, connections in routes
    )
    return B.route_revenue(
        board, B.load_map(board.map_id), family, trains, specs, colours, modifiers
    )


def refused(detail: str, *args: object, **kwargs: object) -> None:
    with pytest.raises(Rejected) as caught:
        run(*args, **kwargs)  # type: ignore[arg-type]
    assert detail in caught.value.detail, caught.value.detail


def gi_with_l4_token() -> B.Board:
    map_def, board = gi_to_l4()
    return B.check_token(board, map_def, "GI", "L4", 0)


def pb_behind_gi() -> B.Board:
    """PB (home N10, tile 57) reaches L4, full of GI, and M5 beyond it."""
    board = gi_with_l4_token()
    map_def = B.load_map("A")
    board = B.place_home_token(board, map_def, "PB")
    return lay(map_def, board, "PB", "N10", "57-0", 0, mode="home")


def test_home_to_y_city_pays_twenty_plus_thirty() -> None:
    result = run(gi_with_l4_token(), "GI", ("2S-0", "2S", (K9_L4,)))
    assert (result.revenue, result.subsidy) == (50, 0)
    assert result.routes[0].stops == ("K9", "L4")


def test_a_chain_may_be_written_in_either_direction() -> None:
    result = run(gi_with_l4_token(), "GI", ("2S-0", "2S", (tuple(reversed(K9_L4)),)))
    assert result.revenue == 50


def test_red_areas_pay_thirty_until_brown_then_sixty() -> None:
    board = gi_with_l4_token()
    assert run(board, "GI", ("2S-0", "2S", (L4_M5,))).revenue == 30 + 30
    assert run(board, "GI", ("2S-0", "2S", (L4_M5,)), colours=BROWN).revenue == 30 + 60


def test_a_route_may_chain_several_connections() -> None:
    result = run(gi_with_l4_token(), "GI", ("3S-0", "3S", (K9_L4, L4_M5)))
    assert result.revenue == 20 + 30 + 30
    assert result.routes[0].stops == ("K9", "L4", "M5")


def test_a_train_runs_no_further_than_its_distance() -> None:
    refused(
        "2S runs 2 stops, the route has 3", gi_with_l4_token(), "GI", ("2S-0", "2S", (K9_L4, L4_M5))
    )


def test_j_trains_double_every_stop() -> None:
    assert run(gi_with_l4_token(), "GI", ("4J-0", "4J", (K9_L4,))).revenue == 2 * 50
    assert run(gi_with_l4_token(), "GI", ("4J-0", "2J", (K9_L4,))).revenue == 2 * 50


def test_a_route_needs_two_stops_except_the_1s() -> None:
    board = gi_with_l4_token()
    refused("at least two stops", board, "GI", ("2S-0", "2S", (("local", "K9"),)))
    assert run(board, "GI", ("1S-0", "1S", (("local", "L4"),))).revenue == 30
    refused("one stop plus ponds", board, "GI", ("1S-0", "1S", (K9_L4,)))


def test_routes_of_one_run_may_share_a_city_but_not_track() -> None:
    board = gi_with_l4_token()
    both = run(board, "GI", ("2S-0", "2S", (K9_L4,)), ("2S-1", "2S", (L4_M5,)))
    assert both.revenue == 50 + 60
    refused(
        "already used by another route",
        board,
        "GI",
        ("2S-0", "2S", (K9_L4,)),
        ("3S-0", "3S", (K9_L4, L4_M5)),
    )


def test_a_train_runs_once_and_must_belong_to_the_family() -> None:
    board = gi_with_l4_token()
    trains = (B.Train("2S-0", "2S"),)
    spec = B.RouteSpec("2S-0", (K9_L4,))
    with pytest.raises(Rejected, match="runs only once"):
        B.route_revenue(board, B.load_map("A"), "GI", trains, (spec, spec), YELLOW)
    with pytest.raises(Rejected, match="has no train 3S-0"):
        B.route_revenue(
            board, B.load_map("A"), "GI", trains, (B.RouteSpec("3S-0", (K9_L4,)),), YELLOW
        )


def test_a_route_must_touch_a_token_of_the_family() -> None:
    refused("does not touch a token of PB", pb_behind_gi(), "PB", ("2S-0", "2S", (L4_M5,)))


def test_a_city_full_of_other_tokens_ends_a_route() -> None:
    board = pb_behind_gi()
    assert run(board, "PB", ("2S-0", "2S", (N10_L4,))).revenue == 20 + 30
    refused("full of other tokens", board, "PB", ("3S-0", "3S", (N10_L4, L4_M5)))


def test_wings_fly_over_one_full_city_which_then_pays_nothing() -> None:
    board = pb_behind_gi()
    wings = B.Modifiers(wings=True)
    result = run(board, "PB", ("2S-0", "2S", (N10_L4, L4_M5)), modifiers=wings)
    assert (result.revenue, result.routes[0].stops) == (20 + 30, ("N10", "L4", "M5"))


def test_wings_cannot_fly_over_a_lone_work_in_progress_block() -> None:
    map_def, board = gi_to_l4()
    board = B.check_token(board, map_def, "TI", "L4", 0, reachable=False, owner="WIP")
    board = B.place_home_token(board, map_def, "PB")
    board = lay(map_def, board, "PB", "N10", "57-0", 0, mode="home")
    refused(
        "full of other tokens",
        board,
        "PB",
        ("2S-0", "2S", (N10_L4, L4_M5)),
        modifiers=B.Modifiers(wings=True),
    )


def test_a_1s_flying_over_a_full_city_loses_that_city_s_value_from_rules_19() -> None:
    """The site takes a WINGS-skipped city's value off every run (`revenue_for`), though its 1S
    never scores that city (C 5 50020 #417 of the explorer). Here PB's 1S runs from its L4 (30)
    over K9, full of GI (20), to the ponds I9 and I11 (10 each)."""
    board = msgspec.structs.replace(
        squeeze_board(), tokens=(B.Token("K9", 0, 0, "GI"), B.Token("L4", 0, 0, "PB"))
    )
    route = ("1S-0", "1S", (("L4", "L6", "K7", "K9"), ("K9", "J10", "I9"), ("I9", "I11")))
    site = B.Modifiers(wings=True, skip_costs_1s=True)
    paid = run(board, "PB", route, modifiers=site)
    assert (paid.revenue, paid.subsidy) == (30 + 10 + 10 - 20, 2)
    rules_18 = run(board, "PB", route, modifiers=B.Modifiers(wings=True))
    assert rules_18.revenue == 30 + 10 + 10


def test_a_1s_left_with_nothing_positive_keeps_no_stop_as_the_site_does() -> None:
    # the site's compute_stops keeps no stop when no set of them pays: the run then pays the
    # skipped city's value taken off, and no pond's subsidy (read from its code, not met yet)
    assert one_s_over_wings(revenue=30 + 10, ponds=1, lost=30) == (10, 1)
    assert one_s_over_wings(revenue=30, ponds=0, lost=30) == (-30, 0)
    assert one_s_over_wings(revenue=20 + 10, ponds=1, lost=40) == (-40, 0)


def test_a_claimed_revenue_is_checked_not_trusted() -> None:
    board = gi_with_l4_token()
    assert run(board, "GI", ("2S-0", "2S", (K9_L4,)), claims={"2S-0": 50}).revenue == 50
    refused(
        "pays 50, not the 60 claimed", board, "GI", ("2S-0", "2S", (K9_L4,)), claims={"2S-0": 60}
    )


def test_unknown_track_is_refused_in_words() -> None:
    board = gi_with_l4_token()
    refused("no track runs K9-J10-I9", board, "GI", ("2S-0", "2S", (("K9", "J10", "I9"),)))
    refused("off the map", board, "GI", ("2S-0", "2S", (("K9", "Z99"),)))


# Runs recorded at 18xx.games, replayed on the board as it was just before each run.

SQUEEZE_ROUTE = (("I9", "I11"), ("K9", "J10", "I9"), ("L4", "L6", "K7", "K9"))


def squeeze_board() -> B.Board:
    return replay(fixture("18ZOOMapA/or_power.a_squeeze"), stop_at=16).board


def test_ponds_are_free_stops_for_s_trains_and_pay_a_subsidy() -> None:
    # ponds I11 and I9 (10 each), GI home K9 (20), Y city L4 (30): two counted stops for a 2S
    result = run(squeeze_board(), "GI", ("2S-0", "2S", SQUEEZE_ROUTE))
    assert (result.revenue, result.subsidy) == (10 + 10 + 20 + 30, 2)
    squeeze = run(
        squeeze_board(), "GI", ("2S-0", "2S", SQUEEZE_ROUTE), modifiers=B.Modifiers(a_squeeze=True)
    )
    assert squeeze.subsidy == 2 + 3


def test_j_trains_count_ponds_as_stops() -> None:
    refused(
        "2J runs 2 stops, the route has 4", squeeze_board(), "GI", ("4J-0", "2J", SQUEEZE_ROUTE)
    )
    assert run(squeeze_board(), "GI", ("4J-0", "4J", SQUEEZE_ROUTE)).revenue == 2 * 70


def test_two_barrels_add_ten_per_pond_and_cancel_the_subsidy() -> None:
    barrels = B.Modifiers(two_barrels=True, a_squeeze=True)
    result = run(squeeze_board(), "GI", ("2S-0", "2S", SQUEEZE_ROUTE), modifiers=barrels)
    assert (result.revenue, result.subsidy) == (70 + 2 * 10, 0)


def test_wheat_adds_thirty_per_route_stopping_there_doubled_for_j() -> None:
    wheat = B.Modifiers(wheat_hex="K9")
    assert run(squeeze_board(), "GI", ("2S-0", "2S", SQUEEZE_ROUTE), modifiers=wheat).revenue == 100
    assert run(squeeze_board(), "GI", ("4J-0", "4J", SQUEEZE_ROUTE), modifiers=wheat).revenue == 200


def test_a_tip_of_sugar_lets_one_s_train_visit_one_more_stop() -> None:
    board = replay(fixture("18ZOOMapA/or_power.a_tip_of_sugar"), stop_at=22).board
    long = ("2S-0", "2S", (("K17", "J18", "I19"), ("K15", "K17")))
    short = ("2S-1", "2S", (("K15", "J16", "I17", "I19"),))
    refused("2S runs 2 stops, the route has 3", board, "PE", long, short)
    sugar = B.Modifiers(sugar=True)
    # I19 is an R area (30), K17 the PE home (20), K15 a yellow Y city (30)
    assert run(board, "PE", long, short, modifiers=sugar).revenue == (30 + 20 + 30) + (30 + 30)
    refused("2J runs 2 stops", board, "PE", ("4J-0", "2J", long[2]), modifiers=sugar)


def test_the_hole_tunnel_counts_as_a_stop_worth_the_red_area() -> None:
    state = replay(fixture("18ZOOMapA/or_power.hole"), stop_at=36)
    assert state.board.hole == ("C17", "I19")
    tunnel = (
        "E15",
        "D16",
        "C17",
        "C19",
        "D18",
        "E19",
        "F20",
        "F22",
        "G23",
        "H22",
        "I21",
        "I19",
        "I17",
        "J16",
        "K17",
    )
    result = run(state.board, "PE", ("3S-0", "3S", (tunnel,)))
    # LI home E15 (20) + PE home K17 (20) + the tunnel (30), three counted stops
    assert result.revenue == 20 + 20 + 30
    refused("2S runs 2 stops, the route has 3", state.board, "PE", ("2S-0", "2S", (tunnel,)))


def test_best_routes_finds_the_best_run_and_it_validates() -> None:
    board = gi_with_l4_token()
    trains = (B.Train("2S-0", "2S"), B.Train("2S-1", "2S"))
    map_def = B.load_map("A")
    specs = B.best_routes(board, map_def, "GI", trains, YELLOW)
    result = B.route_revenue(board, map_def, "GI", trains, specs, YELLOW)
    assert result.revenue == 60 + 50  # L4-M5 and K9-L4
    assert B.best_routes(board, map_def, "PE", trains, YELLOW) == ()


def cr_between_i3_and_h6() -> B.Board:
    """Map C: CR's tokens in I3 and H6, joined by I5 and I7 and by H4; from H6 track runs by G5
    and F4 to the pond F6 and the city E5, from I3 to the pond H2."""
    tiles = (
        ("H2", "X80-0", 4),
        ("H4", "82-0", 3),
        ("I5", "83-0", 3),
        ("G5", "26-0", 5),
        ("F4", "29-0", 5),
        ("F6", "X7-2", 2),
        ("E5", "14-1", 2),
        ("I3", "15-1", 5),
        ("H6", "576-0", 2),
        ("I7", "26-1", 3),
    )
    return B.Board(
        "C",
        tiles=tuple(B.LaidTile(hex, tile, rotation) for hex, tile, rotation in tiles),
        tokens=(B.Token("I3", 0, 0, "CR"), B.Token("H6", 0, 0, "CR")),
        used=frozenset(tile for _, tile, _ in tiles),
    )


def test_best_routes_combines_trains_on_track_both_tokens_see() -> None:
    # given two tokens that each find every route between them (once from each end)
    board, map_def = cr_between_i3_and_h6(), B.load_map("C")
    trains = (B.Train("2S-1", "2S"), B.Train("3S-0", "3S"), B.Train("3S-1", "3S"))
    # when the best run of three trains is searched
    specs = B.best_routes(board, map_def, "CR", trains, GREEN)
    # then it is found: before, the duplicates filled the routes tried per train (190)
    assert B.route_revenue(board, map_def, "CR", trains, specs, GREEN).revenue >= 230


def test_a_local_run_needs_track_at_its_city_in_rules_three() -> None:
    # given GI's home token on K9, whose home tile is not laid yet (a city with no track)
    map_def, board = parred("A", "GI")
    trains = (B.Train("1S-0", "1S"),)
    local = (B.RouteSpec("1S-0", (("local", "K9"),)),)
    site = B.Modifiers(local_on_track=True)
    # then rules 3 refuses the 1S's local run there and the search offers none, as
    # 18xx.games finds the city only among the stops track touches ("Route must contain token")
    with pytest.raises(Rejected, match="no token on track on K9"):
        B.route_revenue(board, map_def, "GI", trains, local, YELLOW, site)
    assert B.best_routes(board, map_def, "GI", trains, YELLOW, site) == ()
    # while rules 2 runs it
    assert B.route_revenue(board, map_def, "GI", trains, local, YELLOW).routes[0].stops == ("K9",)


def test_can_run_needs_track_from_a_token_to_another_stop() -> None:
    map_def = B.load_map("A")
    _, board = gi_to_l4()
    assert B.can_run(board, map_def, "GI")
    board = B.place_home_token(B.initial_board(map_def), map_def, "GI")
    assert not B.can_run(board, map_def, "GI")


def test_stop_values_follow_the_last_phase_colour_they_name() -> None:
    board = gi_with_l4_token()
    red, _, _ = B.face(board, "M5")
    yellow_y, _, _ = B.face(board, "K15")
    assert [B.stop_value(red.stops[0], c) for c in (YELLOW, BROWN)] == [30, 60]
    assert [B.stop_value(yellow_y.stops[0], c) for c in (YELLOW, ("yellow", "green"), BROWN)] == [
        30,
        40,
        50,
    ]
    tile, rotation, tile_id = B.face(board, "L4")
    assert (tile.name, rotation, tile_id) == ("201", 5, "201-0")


def test_a_hole_is_either_an_end_or_a_tunnel_mouth_never_both() -> None:
    board = replay(fixture("18ZOOMapA/or_power.hole"), stop_at=36).board
    # without the LI token, E15 can be passed through, so C17 could end a route through E15
    board = msgspec.structs.replace(board, tokens=tuple(t for t in board.tokens if t.owner != "LI"))
    tunnel = (
        "E15",
        "D14",
        "C15",
        "C17",
        "C19",
        "D18",
        "E19",
        "F20",
        "F22",
        "G23",
        "H22",
        "I21",
        "I19",
        "J18",
        "K17",
    )
    assert run(board, "PE", ("4S-0", "4S", (tunnel,))).revenue == 20 + 20 + 30
    refused(
        "cannot stop at a hole and also run through it",
        board,
        "PE",
        ("4S-0", "4S", (("C17", "D16", "E15"), tunnel)),
    )
    assert run(board, "PE", ("2S-0", "2S", (("K17", "J18", "I19"),))).revenue == 20 + 30


def test_best_routes_flies_over_a_full_city_to_a_richer_stop_beyond() -> None:
    """The flown-over city neither counts against the distance nor pays, in the search as in
    the scoring: a 2S of PB with WINGS runs N10 over L4 (full of GI) to M5 (60 in brown),
    where ending at L4 would pay 50."""
    board = pb_behind_gi()
    map_def = B.load_map("A")
    trains = (B.Train("2S-0", "2S"),)
    wings = B.Modifiers(wings=True)
    specs = B.best_routes(board, map_def, "PB", trains, BROWN, wings)
    result = B.route_revenue(board, map_def, "PB", trains, specs, BROWN, wings)
    assert (result.revenue, result.routes[0].stops) == (20 + 60, ("N10", "L4", "M5"))
    assert B.route_revenue(board, map_def, "PB", trains, specs[:0], BROWN, wings).revenue == 0
    without = B.best_routes(board, map_def, "PB", trains, BROWN)
    assert B.route_revenue(board, map_def, "PB", trains, without, BROWN).revenue == 20 + 30
