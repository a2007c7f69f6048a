"""Tile lays: terrain costs, colours by phase, upgrades keeping track, connectivity, supply."""

from __future__ import annotations

import pytest

from domain.games.zoo18 import board as B
from domain.kernel import Reason, Rejected
from tests.domain.zoo18.board.scenario import (
    BROWN,
    GRAY,
    GREEN,
    YELLOW,
    gi_to_l4,
    lay,
    parred,
    pe_home,
)


def rejects(detail: str, call: object, *args: object, **kwargs: object) -> None:
    with pytest.raises(Rejected) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    assert caught.value.reason == Reason.ILLEGAL
    assert detail in caught.value.detail, caught.value.detail


def test_yellow_on_a_plain_hex_is_free() -> None:
    map_def, board = gi_to_l4()
    result = B.check_lay(board, map_def, "GI", "J8", "7-0", 5, YELLOW)
    assert (result.cost, result.terrain, result.upgrade) == (0, None, False)
    assert B.LaidTile("J8", "7-0", 5, None) in result.board.tiles


def test_yellow_on_a_mountain_costs_two_and_marks_it() -> None:
    map_def, board = pe_home()
    result = B.check_lay(board, map_def, "PE", "L18", "7-0", 2, YELLOW)
    assert (result.cost, result.terrain) == (2, "mountain")
    assert B.LaidTile("L18", "7-0", 2, "MM") in result.board.tiles


def test_yellow_on_a_hill_costs_one() -> None:
    map_def, board = parred("A", "LI")
    board = lay(map_def, board, "LI", "E15", "57-0", 0, mode="home")
    result = B.check_lay(board, map_def, "LI", "E17", "7-0", 2, YELLOW)
    assert (result.cost, result.terrain) == (1, "hill")


def test_the_y_city_takes_its_own_yellow_tiles_for_free() -> None:
    map_def, board = pe_home()
    assert B.check_lay(board, map_def, "PE", "K15", "202-0", 0, YELLOW).cost == 0
    rejects("cannot be laid on K15", B.check_lay, board, map_def, "PE", "K15", "8-0", 0, YELLOW)


def test_a_pond_takes_only_pond_tiles() -> None:
    map_def, board = parred("A", "PB")
    board = lay(map_def, board, "PB", "N10", "57-0", 0, mode="home")
    assert B.check_lay(board, map_def, "PB", "N12", "X9-0", 0, YELLOW).cost == 0
    rejects("cannot be laid on N12", B.check_lay, board, map_def, "PB", "N12", "9-0", 0, YELLOW)


def test_hills_mountains_and_ponds_are_never_upgraded_normally() -> None:
    map_def, board = pe_home()
    board = lay(map_def, board, "PE", "L18", "7-0", 2)
    rejects("hill or mountain", B.check_lay, board, map_def, "PE", "L18", "26-0", 0, GREEN)
    map_def, board = parred("A", "PB")
    board = lay(map_def, board, "PB", "N10", "57-0", 0, mode="home")
    board = lay(map_def, board, "PB", "N12", "X9-0", 0)
    rejects("pond", B.check_lay, board, map_def, "PB", "N12", "X26-0", 0, GREEN)


def test_green_needs_the_green_phase() -> None:
    map_def, board = pe_home()
    board = lay(map_def, board, "PE", "K15", "202-0", 0)
    rejects(
        "green tiles are not available",
        B.check_lay,
        board,
        map_def,
        "PE",
        "K15",
        "579-0",
        0,
        YELLOW,
    )
    assert B.check_lay(board, map_def, "PE", "K15", "579-0", 0, GREEN).upgrade


def test_an_upgrade_must_keep_the_old_track() -> None:
    map_def, board = pe_home()
    board = lay(map_def, board, "PE", "K15", "202-0", 0)  # exits 0 and 2
    rejects("does not keep the track", B.check_lay, board, map_def, "PE", "K15", "579-0", 1, GREEN)


def test_an_upgrade_goes_one_colour_up_along_the_upgrade_list() -> None:
    map_def, board = pe_home()
    board = lay(map_def, board, "PE", "K15", "202-0", 0)
    rejects("cannot be laid on K15", B.check_lay, board, map_def, "PE", "K15", "582-0", 0, BROWN)
    rejects("cannot be laid on K15", B.check_lay, board, map_def, "PE", "K15", "14-0", 0, GREEN)


def test_new_track_must_touch_the_family_network() -> None:
    map_def, board = pe_home()
    rejects("not reachable", B.check_lay, board, map_def, "PE", "D10", "7-0", 0, YELLOW)
    # K15 is next to the home, but this rotation of 7 leaves K15 by edges 1 and 2 only
    rejects("misses PE's track", B.check_lay, board, map_def, "PE", "K15", "201-0", 1, YELLOW)


def test_track_may_not_point_into_blank_gray_hexes() -> None:
    map_def, board = gi_to_l4()
    # at rotation 4, tile 7 on J8 leaves by edge 4 into K7, gray track that does not meet it
    rejects(
        "points track where none can go", B.check_lay, board, map_def, "GI", "J8", "7-0", 4, YELLOW
    )


def test_no_tile_on_gray_or_red_hexes() -> None:
    map_def, board = gi_to_l4()
    rejects("gray hex", B.check_lay, board, map_def, "GI", "K7", "7-0", 0, YELLOW)
    rejects("red hex", B.check_lay, board, map_def, "GI", "M5", "7-0", 0, YELLOW)


def test_a_copy_on_the_board_is_not_in_the_supply() -> None:
    map_def, board = gi_to_l4()
    rejects("not in the supply", B.check_lay, board, map_def, "GI", "J8", "5-0", 5, YELLOW)
    rejects("not a copy", B.check_lay, board, map_def, "GI", "J8", "7", 5, YELLOW)
    rejects("not a copy", B.check_lay, board, map_def, "GI", "J8", "7-7", 5, YELLOW)


def test_both_faces_of_a_piece_share_one_count() -> None:
    map_def, board = gi_to_l4()
    before = B.supply(board)
    board = lay(map_def, board, "GI", "J8", "7-0", 5)
    after = B.supply(board)
    assert (before["7"] - after["7"], before["X7"] - after["X7"], after["201"]) == (1, 1, 1)


def test_tiles_of_a_spent_supply_are_refused() -> None:
    map_def, board = pe_home()
    board = lay(map_def, board, "PE", "K15", "202-0", 0)
    board = lay(map_def, board, "PE", "K15", "579-0", 0, GREEN)  # 579 has one piece
    assert B.supply(board)["579"] == 0
    board = lay(map_def, board, "PE", "K15", "582-0", 0, BROWN)
    assert B.supply(board)["579"] == 1  # the replaced tile returns


def test_home_lay_after_par_nine_may_skip_yellow() -> None:
    map_def, board = parred("A", "GI")
    result = B.check_lay(board, map_def, "GI", "K9", "14-0", 0, GREEN, "home")
    assert result.upgrade is False
    rejects("cannot be laid", B.check_lay, board, map_def, "GI", "K9", "14-0", 0, YELLOW, "home")
    rejects("not the home", B.check_lay, board, map_def, "GI", "L4", "201-0", 5, YELLOW, "home")


def test_gray_home_tiles_go_only_on_their_family_home() -> None:
    map_def, board = parred("A", "GI", "TI")
    for family, home in (("GI", "K9"), ("TI", "H14")):
        for tile, colours in (("5-0" if family == "GI" else "5-1", YELLOW), ("14-0", GREEN)):
            copy = tile if tile != "14-0" or family == "GI" else "14-1"
            board = B.check_lay(board, map_def, family, home, copy, 0, colours, strict=False).board
        copy = "611-0" if family == "GI" else "611-1"
        board = B.check_lay(board, map_def, family, home, copy, 0, BROWN, strict=False).board
    rejects(
        "only goes on the home of TI", B.check_lay, board, map_def, "GI", "K9", "TI_455-0", 0, GRAY
    )
    assert B.check_lay(board, map_def, "GI", "K9", "GI_455-0", 0, GRAY).upgrade


def test_moles_green_junctions_go_over_mountain_yellows_and_keep_the_mark() -> None:
    map_def, board = pe_home()
    board = lay(map_def, board, "PE", "L18", "7-0", 2)  # exits 2 and 3
    result = B.check_lay(board, map_def, "PE", "L18", "80-0", 2, YELLOW, "moles")
    assert (result.cost, result.board.tiles[-1].label) == (0, "MM")
    rejects("hill or mountain", B.check_lay, board, map_def, "PE", "L18", "80-0", 2, GREEN)
    rejects("cannot be laid", B.check_lay, board, map_def, "PE", "L18", "81-0", 2, GREEN, "moles")


def test_rabbits_upgrade_ponds_ignoring_the_phase_but_not_green_ponds() -> None:
    map_def, board = parred("A", "PB")
    board = lay(map_def, board, "PB", "N10", "57-0", 0, mode="home")
    board = lay(map_def, board, "PB", "N12", "X9-0", 0)  # exits 0 and 3
    board = B.check_lay(board, map_def, "PB", "N12", "X23-0", 0, YELLOW, "rabbits").board
    refused = B.check_lay
    rejects("only upgrades", refused, board, map_def, "PB", "N14", "X9-1", 0, YELLOW, "rabbits")
    rejects("cannot be laid", refused, board, map_def, "PB", "N12", "45-0", 0, BROWN, "rabbits")


def test_replay_mode_checks_only_the_upgrade_relation() -> None:
    map_def, board = gi_to_l4()
    far = B.check_lay(board, map_def, "GI", "D10", "7-0", 0, YELLOW, strict=False)
    assert B.LaidTile("D10", "7-0", 0, None) in far.board.tiles
    rejects(
        "cannot be laid", B.check_lay, board, map_def, "GI", "D10", "26-0", 0, GREEN, strict=False
    )


def test_legal_lays_are_all_accepted_and_include_the_mountain() -> None:
    map_def, board = pe_home()
    options = B.legal_lays(board, map_def, "PE", YELLOW)
    assert options, "PE has somewhere to lay"
    for option in options:
        B.check_lay(board, map_def, "PE", option.hex, option.tile, option.rotation, YELLOW)
    # tile 6 at rotation 3 leaves K17 towards K15 (top) and L18 (lower right) only
    assert {o.hex for o in options} == {"K15", "L18"}
    assert any(o.hex == "L18" and o.cost == 2 for o in options)
    assert any(o.hex == "K15" and o.tile.startswith("20") for o in options)
    assert not [
        o
        for o in B.legal_lays(board, map_def, "PE", YELLOW, exclude_hexes=frozenset({"L18"}))
        if o.hex == "L18"
    ]


def test_legal_lays_offers_upgrades_only_when_asked() -> None:
    map_def, board = pe_home()
    board = lay(map_def, board, "PE", "K15", "202-0", 0)
    with_upgrades = B.legal_lays(board, map_def, "PE", GREEN)
    assert any(o.hex == "K15" and o.upgrade for o in with_upgrades)
    assert not any(o.upgrade for o in B.legal_lays(board, map_def, "PE", GREEN, upgrades=False))


def test_every_map_loads_with_its_homes() -> None:
    for map_id, count in zip("ABCDEF", (122, 91, 111, 133, 122, 129), strict=True):
        map_def = B.load_map(map_id)
        assert len(map_def.hexes) == count
        for family, home in map_def.homes:
            assert map_def.hexes[home].home_of == family
    assert B.load_map("A", "base_3").hexes["H10"].type == "city_Y"
    rejects("maps A to F", B.load_map, "G")


def test_home_lay_colours_follow_the_par_price() -> None:
    assert [B.home_colours(par) for par in (5, 7, 9, 12)] == [YELLOW, YELLOW, GREEN, BROWN]
    map_def, board = parred("A", "GI")
    homes = B.legal_lays(board, map_def, "GI", B.home_colours(12), "home")
    assert {o.tile.split("-")[0] for o in homes} == {"5", "6", "57", "14", "15", "619", "611"}
    assert {o.hex for o in homes} == {"K9"}


def test_a_limited_sample_of_lays_covers_every_hex_first() -> None:
    map_def, board = pe_home()
    every = B.legal_lays(board, map_def, "PE", YELLOW)
    hexes = {o.hex for o in every}
    sample = B.legal_lays(board, map_def, "PE", YELLOW, limit=len(hexes))
    assert len(sample) == len(hexes) < len(every)
    assert {o.hex for o in sample} == hexes
    assert set(sample) <= set(every)


def test_bonus_and_ancient_maps_lays_go_on_empty_hexes_only() -> None:
    map_def, board = pe_home()
    board = lay(map_def, board, "PE", "K15", "202-0", 0)
    for mode in ("bonus", "ancient_maps"):
        options = B.legal_lays(board, map_def, "PE", GREEN, mode)
        assert options and not any(o.upgrade for o in options)
        assert all(o.hex != "K15" for o in options)
        rejects(
            "empty hexes only", B.check_lay, board, map_def, "PE", "K15", "579-0", 0, GREEN, mode
        )


def test_the_hole_links_two_red_areas_once() -> None:
    map_def = B.load_map("A")
    board = B.initial_board(map_def)
    opened = B.use_hole(board, map_def, "I19", "C17")
    assert opened.hole == ("C17", "I19")
    assert B.face(opened, "C19")[0].color == "red"  # a tunnel tile replaces the gray hex
    rejects("already open", B.use_hole, opened, map_def, "F8", "M5")
    rejects("not an R area", B.use_hole, board, map_def, "K9", "C17")
    rejects("two different", B.use_hole, board, map_def, "C17", "C17")


def test_the_other_face_of_a_laid_copy_is_a_piece_of_its_own_as_in_18xx_games() -> None:
    map_def, board = parred("A", "GI", "PB")
    board = lay(map_def, board, "GI", "K9", "5-0", 2, mode="home")
    board = lay(map_def, board, "GI", "L4", "201-0", 5)
    board = lay(map_def, board, "GI", "J8", "7-0", 5)
    board = lay(map_def, board, "PB", "N10", "57-0", 0, mode="home")
    offered = [o for o in B.legal_lays(board, map_def, "PB", YELLOW) if o.hex == "N12"]
    assert ("X7-1", 2) in [(o.tile, o.rotation) for o in offered]  # a free index is offered
    # a recorded X7-0 (18xx.games' SR lays leave it in its list) is accepted in both modes
    before = B.supply(board)["X7"]
    for strict in (True, False):
        laid = B.check_lay(board, map_def, "PB", "N12", "X7-0", 2, YELLOW, strict=strict)
        assert B.LaidTile("N12", "X7-0", 2, None) in laid.board.tiles
        assert B.supply(laid.board)["X7"] == before - 1
