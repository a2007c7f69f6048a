"""Rules 2: 18xx.games' own lay restrictions (an upgrade must give the family new track or a new
city value; a pond or city keeps its track whole); rules 1 keeps Plateau's first checks."""

from __future__ import annotations

from domain.games.zoo18 import board as B
from domain.games.zoo18.board.graph import reach
from tests.domain.zoo18.board.scenario import GREEN, YELLOW, gi_to_l4, lay, parred
from tests.domain.zoo18.board.test_zoo18_board_lays import rejects


def gi_straight_on_j8() -> tuple[B.MapDef, B.Board]:
    """Map A: GI's home K9 leads into J8 by J8's edge 5; a straight 9 runs J8 edge 5 to edge 2."""
    map_def, board = gi_to_l4()
    return map_def, lay(map_def, board, "GI", "J8", "9-0", 2)


def test_an_upgrade_whose_new_track_the_family_cannot_reach_is_refused() -> None:
    # given GI reaching J8 only along the straight, from edge 5
    map_def, board = gi_straight_on_j8()
    # when GI upgrades to 23 with the new branch leaving edge 2, the far end of the straight
    # then the site refuses it: GI's trains cannot turn onto the branch, and no city changes
    rejects(
        "gives GI no new track and changes no city's value",
        B.check_lay,
        board,
        map_def,
        "GI",
        "J8",
        "23-0",
        2,
        GREEN,
        rules=2,
    )


def test_rules_one_still_accepts_that_upgrade() -> None:
    map_def, board = gi_straight_on_j8()
    laid = B.check_lay(board, map_def, "GI", "J8", "23-0", 2, GREEN, rules=1)
    assert laid.upgrade


def test_an_upgrade_branching_from_the_family_side_is_accepted() -> None:
    # given the same straight; when the branch leaves from edge 5, the side GI comes from
    map_def, board = gi_straight_on_j8()
    laid = B.check_lay(board, map_def, "GI", "J8", "24-0", 5, GREEN, rules=2)
    # then the lay is accepted: the branch is new track GI reaches
    assert B.LaidTile("J8", "24-0", 5, None) in laid.board.tiles


def test_a_first_lay_always_counts_as_new_track() -> None:
    map_def, board = gi_to_l4()
    assert not B.check_lay(board, map_def, "GI", "J8", "9-0", 2, YELLOW, rules=2).upgrade


def test_legal_lays_of_rules_two_leave_out_the_refused_upgrade() -> None:
    map_def, board = gi_straight_on_j8()
    one = B.legal_lays(board, map_def, "GI", GREEN, rules=1)
    two = B.legal_lays(board, map_def, "GI", GREEN, rules=2)
    assert any(o.hex == "J8" and o.tile.startswith("23-") and o.rotation == 2 for o in one)
    assert not any(o.hex == "J8" and o.tile.startswith("23-") for o in two)
    assert any(o.hex == "J8" and o.tile.startswith("24-") and o.rotation == 5 for o in two)
    for option in two:  # every offer is accepted by check_lay
        B.check_lay(board, map_def, "GI", option.hex, option.tile, option.rotation, GREEN, rules=2)


def bb_pond_on_j3() -> tuple[B.MapDef, B.Board]:
    """Map B: BB's home I6 with tile 5; a pond X7 on J3 (one pond, exits 0 and 1)."""
    map_def, board = parred("B", "BB")
    board = lay(map_def, board, "BB", "I6", "5-0", 2, mode="home")
    return map_def, lay(map_def, board, "BB", "J3", "X7-0", 0)


def test_a_rotation_that_splits_a_pond_between_two_ponds_is_refused() -> None:
    # given the pond X7 on J3, its track leaving by edges 0 and 1
    map_def, board = bb_pond_on_j3()
    # when RABBITS upgrades it to X28 at rotation 2, which keeps a path to each edge but puts
    # them on two different ponds
    # then rules 2 refuses the rotation, as 18xx.games does ("New track must override old one")
    rejects(
        "splits the track of a city or pond",
        B.check_lay,
        board,
        map_def,
        "BB",
        "J3",
        "X28-0",
        2,
        YELLOW,
        "rabbits",
        rules=2,
    )
    assert B.check_lay(board, map_def, "BB", "J3", "X28-0", 2, YELLOW, "rabbits", rules=1).upgrade


def gi_loop_through_the_pond() -> tuple[B.MapDef, B.Board]:
    """Map A: GI's home K9 leads along J10 (edges 4 to 3) and J8 to the pond on I9 and on."""
    map_def, board = parred("A", "GI")
    board = lay(map_def, board, "GI", "K9", "5-0", 0, mode="home")
    board = lay(map_def, board, "GI", "J10", "7-0", 3)
    board = lay(map_def, board, "GI", "J8", "7-1", 0)
    return map_def, lay(map_def, board, "GI", "I9", "X7-0", 3)


def test_the_family_does_not_turn_back_at_a_pond_to_reach_a_switch() -> None:
    # given GI's track running K9, J10, J8 and into the pond on I9
    map_def, board = gi_loop_through_the_pond()
    # when GI upgrades J10 to 27, whose branch leaves J10 by edge 3, the way to J8
    # then rules 2 refuses: a train coming along J10 cannot take the branch, and one coming
    # back from J8 would have turned at the pond, which 18xx.games' walk never does
    rejects(
        "gives GI no new track", B.check_lay, board, map_def, "GI", "J10", "27-0", 3, GREEN, rules=2
    )
    assert B.check_lay(board, map_def, "GI", "J10", "27-0", 3, GREEN, rules=1).upgrade


def test_a_walk_that_would_turn_back_at_the_pond_does_not_reach_the_branch() -> None:
    # given the branch laid on J10 (rules 1 allows it), leaving by edge 3 towards J8
    map_def, board = gi_loop_through_the_pond()
    board = lay(map_def, board, "GI", "J10", "27-0", 3, GREEN)
    # then only a walk that turns back at the pond reaches J10's edge 0 (the branch's far end)
    assert 0 in reach(board, "GI").edges["J10"]
    assert 0 not in reach(board, "GI", no_turning=True).edges["J10"]


def gi_round_the_ponds_of_h3() -> tuple[B.MapDef, B.Board]:
    """Map D: GI's home K10 leads by J11, J9, the pond I10, H9 and H7 to the city G6, then along
    H5 (tile 8, edges 1 to 3) into the city H3, whose track runs round the ponds G2 and H1 and
    back into H3."""
    tiles = (
        ("K10", "5-1", 0),
        ("J11", "7-3", 3),
        ("J9", "7-4", 0),
        ("I10", "X8-0", 2),
        ("H9", "8-1", 3),
        ("H7", "8-3", 0),
        ("G6", "576-0", 4),
        ("H5", "8-2", 1),
        ("H3", "14-0", 2),
        ("G2", "X7-1", 4),
        ("H1", "X7-2", 0),
    )
    board = B.Board(
        "D",
        tiles=tuple(B.LaidTile(hex, tile, rotation) for hex, tile, rotation in tiles),
        tokens=(B.Token("K10", 0, 0, "GI"),),
        used=frozenset(tile for _, tile, _ in tiles),
    )
    return B.load_map("D"), board


def test_a_city_reached_again_round_a_loop_is_not_left_again() -> None:
    # given GI's walk entering the city H3 from H5, then coming back into H3 round the ponds
    map_def, board = gi_round_the_ponds_of_h3()
    # when GI upgrades H5 to 23 with the new branch leaving from edge 3, the side of H3
    # then rules 3 refuses: 18xx.games' walk enters H3 once, from H5, and never leaves it
    # again towards H5, so the branch is not reached (a closure walked back out of H3)
    rejects(
        "gives GI no new track", B.check_lay, board, map_def, "GI", "H5", "23-0", 3, GREEN, rules=3
    )
    assert B.check_lay(board, map_def, "GI", "H5", "23-0", 3, GREEN, rules=2).upgrade
