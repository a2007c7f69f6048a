"""Rules 18 (issue 42's last divergence): the site's supply list of tiles.

18xx.games keeps its supply as a list changed by hand at each lay (`after_lay` in
domain/games/zoo18/data.py). 18ZOO's pieces are two-faced (7 / X7 ...): its OR's track step and
the powers' lays take both faces of the piece out of the list, but the SR's home and bonus lays
use the engine's plain tracker and take out the laid face only. So after a bonus lay of X7-6
the site still lists 7-6, and with all seven pieces of 7 / X7 on the board its views offer a 7
and its engine lays it (B 2p seed 47049 #210 of the default mix, "lay N13 X7 2"; E 2p 48529 of
the explorer). Rules 17 counts the pieces on the board and refuses. From rules 18 a lay takes
its copy from the site's list, the first of its name there (the copy the site's client lays)
that is not on the board; games stored under rules 17 and earlier count the pieces as before.

The position is built here on map A; tests/oracle/test_zoo18_issue42_oracle.py has the site's
engine judge a whole game by both versions."""

from __future__ import annotations

import subprocess

import pytest
from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18 import game
from domain.games.zoo18.board.maps import manifest
from domain.games.zoo18.data import (
    LISTED_ON_BOARD,
    RULES,
    SITE_SUPPLY,
    SITE_TILES,
    after_lay,
    other_face,
    site_supply,
)
from domain.games.zoo18.evolve import initial_board
from domain.games.zoo18.messages import Options
from domain.games.zoo18.setup import start_events
from domain.kernel import Rejected
from tests.domain.zoo18.board.scenario import YELLOW, parred
from tests.paths import SHARED, needs_shared

# plain white hexes of map A away from GI's home K9: the six pieces laid in ORs go there
ELSEWHERE = ("C15", "D10", "D14", "D16", "E13", "F12")
BONUS_HEX = "C11"  # a pond: X7-6, laid by a family's bonus lay in an SR
NEXT_TO_HOME = "J8"  # where GI may lay a 7 from its home K9


def all_sevens_laid(listed: bool) -> tuple[B.MapDef, B.Board]:
    """Map A, GI at home (K9, a 5 towards J8), the seven pieces of 7 / X7 on the board: 7-0 to
    7-5 laid in ORs and X7-6 by a bonus lay. `listed`: the site's list kept (rules 18)."""
    map_def, board = parred("A", "GI")
    if listed:
        board = replace(board, supply=site_supply())
    rules = SITE_SUPPLY if listed else SITE_SUPPLY - 1

    def lay(board: B.Board, hex_: str, tile: str, rotation: int, mode: B.LayMode) -> B.Board:
        return B.check_lay(
            board, map_def, "GI", hex_, tile, rotation, YELLOW, mode, strict=False, rules=rules
        ).board

    board = lay(board, "K9", "5-0", 2, "home")
    for n, hex_ in enumerate(ELSEWHERE):
        board = lay(board, hex_, f"7-{n}", 0, "track")
    board = lay(board, BONUS_HEX, "X7-6", 0, "bonus")
    return map_def, board


def sevens(options: list[B.LayOption]) -> list[B.LayOption]:
    return [o for o in options if B.maps.tile_name(o.tile) == "7"]


def test_the_site_keeps_the_other_face_of_a_bonus_lay_listed() -> None:
    _, board = all_sevens_laid(listed=True)
    assert board.supply is not None
    listed = [c for c in board.supply if B.maps.tile_name(c) in ("7", "X7")]
    assert listed == ["7-6"]  # the bonus lay took X7-6 out, not its other face
    assert B.supply(board)["7"] == 1 and B.supply(board)["X7"] == 0


def test_rules_18_lays_the_7_the_site_still_lists() -> None:
    map_def, board = all_sevens_laid(listed=True)
    offered = sevens(B.legal_lays(board, map_def, "GI", YELLOW, rules=SITE_SUPPLY))
    assert offered and {o.hex for o in offered} == {NEXT_TO_HOME}
    assert {o.tile for o in offered} == {"7-6"}
    lay = B.check_lay(board, map_def, "GI", NEXT_TO_HOME, "7-6", offered[0].rotation, YELLOW)
    assert lay.board.supply is not None
    assert not any(B.maps.tile_name(c) in ("7", "X7") for c in lay.board.supply)
    with pytest.raises(Rejected, match="not in the supply any more"):  # on the board
        B.check_lay(board, map_def, "GI", NEXT_TO_HOME, "X7-6", 0, YELLOW, rules=SITE_SUPPLY)


def listed_while_on_the_board() -> tuple[B.MapDef, B.Board]:
    """The seven pieces of 7 / X7 on the board, the list holding only 7-0, which lies on C15
    (an upgrade lists the replaced piece's other face again, on the board or not)."""
    map_def, board = all_sevens_laid(listed=True)
    board = B.check_lay(board, map_def, "GI", NEXT_TO_HOME, "7-6", 5, YELLOW).board
    assert board.supply is not None
    return map_def, replace(board, supply=(*board.supply, "7-0"))


def test_rules_18_and_19_do_not_lay_a_copy_listed_while_on_the_board() -> None:
    map_def, board = listed_while_on_the_board()
    for rules in (SITE_SUPPLY, LISTED_ON_BOARD - 1):
        assert not sevens(B.legal_lays(board, map_def, "GI", YELLOW, rules=rules))
        assert B.supply(board, rules)["7"] == 0
        with pytest.raises(Rejected, match="not in the supply any more"):
            B.check_lay(board, map_def, "GI", "J10", "7-0", 0, YELLOW, rules=rules)


def test_rules_20_lays_a_copy_listed_while_on_the_board_as_a_second_piece() -> None:
    # the site offers it and its engine lays its one tile object on both hexes, turning the
    # first; the rules' supply is the list, so Plateau lays a second piece and leaves C15 be
    map_def, board = listed_while_on_the_board()
    assert B.supply(board, LISTED_ON_BOARD)["7"] == 1
    offered = sevens(B.legal_lays(board, map_def, "GI", YELLOW, rules=LISTED_ON_BOARD))
    assert {(o.hex, o.tile) for o in offered} == {("J10", "7-0")}
    turn = offered[0].rotation
    lay = B.check_lay(board, map_def, "GI", "J10", "7-0", turn, YELLOW, rules=LISTED_ON_BOARD)
    laid = {t.hex: (t.tile, t.rotation) for t in lay.board.tiles if t.tile == "7-0"}
    assert laid == {"C15": ("7-0", 0), "J10": ("7-0", turn)} and turn != 0
    assert lay.board.supply is not None and "7-0" not in lay.board.supply
    assert not sevens(B.legal_lays(lay.board, map_def, "GI", YELLOW, rules=LISTED_ON_BOARD))


def test_rules_20_still_lays_a_copy_off_the_board_first() -> None:
    map_def, board = listed_while_on_the_board()
    tiles = tuple(t for t in board.tiles if t.hex != "F12")  # 7-5 taken off the board
    board = replace(board, tiles=tiles, used=frozenset(t.tile for t in tiles))
    board = replace(board, supply=(*(board.supply or ()), "7-5"))  # listed after 7-0
    offered = sevens(B.legal_lays(board, map_def, "GI", YELLOW, rules=LISTED_ON_BOARD))
    assert {o.tile for o in offered} == {"7-5"}


def test_rules_17_counts_the_pieces_on_the_board_and_refuses() -> None:
    map_def, board = all_sevens_laid(listed=False)
    assert board.supply is None
    assert not sevens(B.legal_lays(board, map_def, "GI", YELLOW, rules=SITE_SUPPLY - 1))
    with pytest.raises(Rejected, match="not in the supply any more"):
        B.check_lay(board, map_def, "GI", NEXT_TO_HOME, "7-6", 5, YELLOW, rules=SITE_SUPPLY - 1)


def test_an_upgrade_lists_both_faces_again() -> None:
    # the site's tracker appends the replaced copy and its other face, listed or not, and
    # deletes every occurrence of the laid copy and its other face
    start = site_supply()
    laid = after_lay(start, "7-2", None, "track")
    assert "7-2" not in laid and "X7-2" not in laid
    back = after_lay(laid, "26-0", "7-2", "moles")
    assert back[-2:] == ("7-2", "X7-2") and "26-0" not in back and "X26-0" not in back
    home = after_lay(start, "5-0", None, "home")
    assert "5-0" not in home and len(home) == len(start) - 1
    bonus = after_lay(start, "X8-3", None, "bonus")
    assert "8-3" in bonus and "X8-3" not in bonus
    again = after_lay(bonus, "X8-4", "X8-3", "track")  # 8-3, still listed, keeps its place
    assert again[-1] == "X8-3" and again.index("8-3") == bonus.index("8-3")
    assert other_face("X80-0") == "80-0" and other_face("5-1") is None


def test_the_site_list_holds_the_board_tiles_copies() -> None:
    tiles = manifest()
    assert {name: count for name, count in SITE_TILES} == {n: t.count for n, t in tiles.items()}
    assert all(other_face(f"{n}-0") == (f"{t.partner}-0" if t.partner else None)
               for n, t in tiles.items())  # fmt: skip


def test_only_games_of_rules_18_keep_the_list() -> None:
    for rules, listed in ((RULES, True), (SITE_SUPPLY - 1, False), (1, False)):
        start = game.initial(2, Options(map="A", rules=rules))
        state = game.fold(start_events(start, ("a", "b"), ("HOLE",)), start)
        assert state.board is not None
        assert (state.board.supply == site_supply()) is listed
        assert (state.board.supply is None) is not listed
    assert initial_board("A").supply is None


@needs_shared
def test_the_list_starts_as_the_site_s() -> None:
    script = (
        "$LOAD_PATH.unshift(ARGV[0] + '/shim'); $LOAD_PATH.unshift(ARGV[0] + '/lib');"
        "require 'logger'; ENV['ENGINE_LOG_LEVEL'] = ::Logger::FATAL.to_s; require 'engine';"
        "t = Engine::Game::G18ZOO::Map::TILES;"
        "puts t.map { |k, v| k + ':' + (v.is_a?(Hash) ? v['count'] : v).to_s }.join(' ')"
    )
    oracle = SHARED / "oracle" / "18xx"
    try:
        done = subprocess.run(
            ["ruby", "-e", script, str(oracle)], capture_output=True, text=True, check=True
        )
    except FileNotFoundError:
        pytest.skip("ruby (to run the reference engine) is not installed")
    site = [tuple(item.split(":")) for item in done.stdout.split()]
    assert [(name, int(count)) for name, count in site] == list(SITE_TILES)
