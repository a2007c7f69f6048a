"""Tokens: homes kept for their family, reachable free slots, one per city, the token powers."""

from __future__ import annotations

import msgspec
import pytest

from domain.games.zoo18 import board as B
from domain.kernel import Rejected
from tests.domain.zoo18.board.scenario import gi_to_l4, lay, parred


def rejects(detail: str, call: object, *args: object, **kwargs: object) -> None:
    with pytest.raises(Rejected) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    assert detail in caught.value.detail, caught.value.detail


def test_every_home_slot_starts_reserved_for_its_family() -> None:
    map_def = B.load_map("D")
    board = B.initial_board(map_def)
    assert {(r.hex, r.family) for r in board.reservations} == {
        (home, family) for family, home in map_def.homes
    }
    assert board.tokens == ()


def test_the_home_token_takes_the_reserved_slot() -> None:
    map_def, board = parred("A", "GI")
    assert board.tokens == (B.Token("K9", 0, 0, "GI"),)
    assert all(r.family != "GI" for r in board.reservations)
    rejects("already has its home token", B.place_home_token, board, map_def, "GI")


def test_a_token_goes_in_a_reachable_free_slot() -> None:
    map_def, board = gi_to_l4()
    assert B.legal_tokens(board, map_def, "GI") == [B.TokenOption("L4", 0, 0, "201-0-0")]
    board = B.check_token(board, map_def, "GI", "L4", 0)
    assert B.Token("L4", 0, 0, "GI") in board.tokens
    assert B.legal_tokens(board, map_def, "GI") == []
    assert B.city_at(board, map_def, "201-0-0") == ("L4", 0)


def test_a_family_has_one_token_per_city() -> None:
    map_def, board = gi_to_l4()
    board = B.check_token(board, map_def, "GI", "L4", 0)
    rejects("already has a token on L4", B.check_token, board, map_def, "GI", "L4", 0)


def test_unreachable_cities_and_non_cities_are_refused() -> None:
    map_def, board = parred("A", "GI", "PE")
    board = lay(map_def, board, "PE", "K17", "6-0", 3, mode="home")
    board = lay(map_def, board, "PE", "K15", "202-0", 0)
    rejects("cannot reach the city on K15", B.check_token, board, map_def, "GI", "K15", 0)
    rejects("no city 0 on J10", B.check_token, board, map_def, "GI", "J10", 0)


def test_another_family_home_is_kept_for_it() -> None:
    map_def, board = gi_to_l4()
    board = B.check_token(board, map_def, "GI", "L4", 0)
    # GI reaches N10, the home of PB, through the L4-K7-L8-M9 track
    board = lay(map_def, board, "GI", "N10", "57-0", 0)
    rejects("no free slot for GI", B.check_token, board, map_def, "GI", "N10", 0)
    rejects("kept for PB", B.check_token, board, map_def, "GI", "N10", 0, 0)
    assert all(o.hex != "N10" for o in B.legal_tokens(board, map_def, "GI"))


def test_work_in_progress_blocks_a_slot_on_a_laid_tile_anywhere() -> None:
    map_def, board = gi_to_l4()
    blocked = B.check_token(board, map_def, "PE", "L4", 0, reachable=False, owner="WIP")
    assert B.Token("L4", 0, 0, "WIP") in blocked.tokens
    assert B.legal_tokens(blocked, map_def, "GI") == []
    rejects(
        "work in progress goes on laid tiles",
        B.check_token,
        board,
        map_def,
        "PE",
        "K17",
        0,
        reachable=False,
        owner="WIP",
    )


def test_on_a_diet_adds_a_slot_to_a_full_city() -> None:
    map_def, board = gi_to_l4()
    board = B.check_token(board, map_def, "PE", "L4", 0, reachable=False, owner="WIP")
    board = B.check_token(board, map_def, "GI", "L4", 0, extra_slot=True)
    assert B.Token("L4", 0, 1, "GI") in board.tokens
    assert board.extra_slots == (("L4", 0),)


def test_thats_mine_keeps_a_slot_that_only_its_family_can_fill() -> None:
    map_def, board = gi_to_l4()
    board = B.reserve(board, map_def, "PB", "L4")
    rejects("no free slot for GI", B.check_token, board, map_def, "GI", "L4", 0)
    rejects("no open slot", B.reserve, board, map_def, "TI", "L4")
    rejects("no city on a laid tile", B.reserve, board, map_def, "TI", "K15")


def test_tokens_stay_in_their_slot_when_the_city_is_upgraded() -> None:
    map_def, board = gi_to_l4()
    board = B.check_token(board, map_def, "GI", "L4", 0)
    board = lay(map_def, board, "GI", "L4", "793-0", 5, ("yellow", "green"))
    assert B.Token("L4", 0, 0, "GI") in board.tokens
    assert B.city_at(board, map_def, "793-0-0") == ("L4", 0)
    assert B.legal_tokens(board, map_def, "GI") == []  # GI is already in the only city there


def test_work_in_progress_cannot_block_a_kept_slot() -> None:
    map_def, board = gi_to_l4()
    board = B.reserve(board, map_def, "PB", "L4")
    rejects(
        "no free slot for PE",
        B.check_token,
        board,
        map_def,
        "PE",
        "L4",
        0,
        reachable=False,
        owner="WIP",
    )


def test_a_kept_slot_is_offered_to_its_family_and_filled_at_its_place() -> None:
    map_def, board = gi_to_l4()
    board = B.reserve(board, map_def, "GI", "L4")
    assert B.legal_tokens(board, map_def, "GI") == [B.TokenOption("L4", 0, 0, "201-0-0")]
    board = B.check_token(board, map_def, "GI", "L4", 0)
    assert B.Token("L4", 0, 0, "GI") in board.tokens
    assert not any(r.hex == "L4" for r in board.reservations)


def test_the_board_description_draws_every_hex_with_track_and_tokens() -> None:
    map_def, board = gi_to_l4()
    board = B.check_token(board, map_def, "GI", "L4", 0)
    views = {v.hex: v for v in B.describe(board, ("yellow",))}
    assert set(views) == set(map_def.hexes)
    l4 = views["L4"]
    assert (l4.tile, l4.face, l4.rotation, l4.color) == ("201-0", "201", 5, "yellow")
    assert sorted(l4.paths) == [("edge0", "stop0"), ("edge5", "stop0")]
    assert [(s.kind, s.revenue, s.tokens) for s in l4.stops] == [("city", 30, ((0, "GI"),))]
    assert views["M5"].stops[0].revenue == 30 and views["E17"].lay_cost == 1
    pb_home = views["N10"]
    assert (pb_home.home_of, pb_home.stops[0].reserved) == ("PB", ((0, "PB"),))
    assert msgspec.json.decode(msgspec.json.encode(list(views.values())))
