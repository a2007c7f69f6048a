"""The best-run search on boards met in the differential harness (issue 25)."""

from __future__ import annotations

from domain.games.zoo18 import board as B
from domain.games.zoo18.board.graph import graph_of
from domain.games.zoo18.board.search import _candidate_routes
from tests.domain.zoo18.board.scenario import BROWN, GRAY, GREEN

# map C, EL to run three 3S with A TIP OF SUGAR (C 5 2004 #476 of tools/zoo18_oracle.py)
C_TILES: tuple[tuple[str, str, int, str | None], ...] = (
    ("I15", "57-0", 0, None),
    ("H4", "26-0", 4, None),
    ("I3", "14-0", 0, None),
    ("G5", "82-0", 4, None),
    ("J2", "8-1", 5, None),
    ("K7", "8-3", 2, None),
    ("H2", "X7-1", 5, None),
    ("F6", "X80-0", 2, None),
    ("I5", "83-0", 3, None),
    ("K3", "X8-4", 0, None),
    ("E7", "7-2", 3, "MM"),
    ("E5", "14-1", 2, None),
    ("I1", "X7-3", 0, None),
    ("I7", "7-4", 2, None),
    ("F16", "619-0", 3, None),
    ("F4", "27-0", 0, None),
    ("G17", "81-0", 0, None),
    ("J6", "619-1", 2, None),
    ("J8", "9-1", 0, None),
    ("H16", "27-1", 1, None),
    ("D16", "26-1", 0, None),
    ("D14", "X7-0", 5, None),
    ("I13", "7-6", 0, None),
    ("H14", "8-2", 2, None),
    ("J10", "X8-7", 1, None),
    ("K5", "25-0", 1, None),
    ("E17", "16-0", 1, None),
    ("H6", "577-0", 3, None),
    ("E15", "30-0", 2, None),
    ("E13", "8-0", 4, "M"),
    ("F14", "29-0", 0, None),
    ("G19", "X7-5", 2, None),
    ("F12", "8-6", 1, "MM"),
    ("G15", "25-1", 5, None),
)
C_TOKENS = (
    ("I3", 0, 0, "CR"),
    ("I15", 0, 0, "TI"),
    ("E5", 0, 0, "EL"),
    ("J6", 0, 0, "BB"),
    ("F16", 0, 0, "LI"),
    ("H6", 0, 0, "EL"),
    ("I3", 0, 1, "EL"),
    ("I3", 0, 2, "LI"),
    ("J6", 0, 1, "WIP"),
)


def test_the_third_train_gets_a_route_far_down_its_list() -> None:
    # given three 3S whose two best routes take the track every rich route of the third uses
    board = _board("C", C_TILES, C_TOKENS, (("E5", 0, 1, "CR"),), ("I3", 0), ("D18", "F2"))
    trains = (B.Train("3S-0", "3S"), B.Train("3S-1", "3S"), B.Train("3S-2", "3S"))
    mods = B.Modifiers(sugar=True, hole=True, local_on_track=True)
    # when the best run is searched, then all three run (the reference walk's 260): the search
    # tried only the first 60 routes of each train and the third's first free one came later
    # (220, two trains)
    assert _best_revenue(board, "EL", trains, GREEN, mods) == 260


def _board(
    map_id: str,
    tiles: tuple[tuple[str, str, int, str | None], ...],
    tokens: tuple[tuple[str, int, int, str], ...],
    reservations: tuple[tuple[str, int, int, str], ...],
    extra: tuple[str, int],
    hole: tuple[str, str],
) -> B.Board:
    laid = tuple(B.LaidTile(h, t, r, label) for h, t, r, label in tiles)
    return B.Board(
        map_id,
        tiles=laid,
        tokens=tuple(B.Token(h, c, s, owner) for h, c, s, owner in tokens),
        reservations=tuple(B.Reservation(*r) for r in reservations),
        used=frozenset(t.tile for t in laid),
        extra_slots=(extra,),
        hole=hole,
    )


def _best_revenue(
    board: B.Board,
    family: str,
    trains: tuple[B.Train, ...],
    colours: B.PhaseColours,
    mods: B.Modifiers,
) -> int:
    """What the best run the search finds for `family` earns."""
    map_def = B.load_map(board.map_id)
    specs = B.best_routes(board, map_def, family, trains, colours, mods)
    return B.route_revenue(board, map_def, family, trains, specs, colours, mods).revenue


# map D, BB to run a 3S Long and a 4S from three tokens (D 4 9063 #349 of tools/zoo18_oracle.py)
D_TILES: tuple[tuple[str, str, int, str | None], ...] = (
    ("H15", "6-0", 1, None),
    ("G2", "X7-1", 4, None),
    ("H1", "X80-0", 5, None),
    ("I2", "83-0", 2, None),
    ("J3", "X7-0", 1, None),
    ("D15", "8-0", 5, None),
    ("N11", "15-0", 1, None),
    ("J5", "8-1", 1, None),
    ("H5", "82-0", 0, None),
    ("I6", "14-0", 0, None),
    ("H7", "81-0", 0, None),
    ("I18", "26-0", 4, None),
    ("L17", "7-4", 0, None),
    ("F7", "7-6", 4, None),
    ("G12", "9-0", 2, None),
    ("J19", "26-1", 4, None),
    ("I16", "7-2", 0, "M"),
    ("M12", "9-1", 1, None),
    ("E16", "619-1", 0, None),
    ("F15", "9-2", 1, None),
    ("I8", "7-5", 2, None),
    ("K18", "14-1", 1, None),
    ("J15", "8-4", 4, "M"),
    ("K10", "15-1", 0, None),
    ("L7", "8-5", 1, "MM"),
    ("G6", "582-0", 0, None),
    ("E18", "8-6", 3, "M"),
    ("F19", "X8-7", 2, None),
    ("H13", "29-0", 0, None),
    ("G8", "41-0", 2, None),
    ("J17", "46-0", 3, None),
    ("K14", "8-2", 1, None),
    ("H3", "611-0", 2, None),
    ("L15", "X8-8", 1, None),
    ("L5", "577-0", 1, None),
    ("J9", "8-9", 5, None),
    ("I10", "X7-3", 1, None),
    ("K12", "8-10", 0, None),
    ("G18", "9-3", 1, "MM"),
    ("L13", "24-0", 4, None),
    ("K16", "201-0", 4, None),
    ("H11", "X8-3", 4, None),
    ("H9", "44-0", 2, None),
)
D_TOKENS = (
    ("H3", 0, 0, "CR"),
    ("I6", 0, 0, "BB"),
    ("H15", 0, 0, "TI"),
    ("E16", 0, 0, "LI"),
    ("K18", 0, 0, "PE"),
    ("N11", 0, 0, "PB"),
    ("H3", 0, 1, "BB"),
    ("G6", 0, 0, "BB"),
    ("K10", 0, 0, "GI"),
    ("I6", 0, 1, "WIP"),
    ("L5", 0, 0, "GI"),
    ("E16", 0, 2, "PE"),
    ("K16", 0, 0, "PB"),
)


def test_a_route_found_from_each_of_its_tokens_is_kept_once() -> None:
    # given BB's tokens on H3, I6 and G6, all three on its richest routes
    board = _board("D", D_TILES, D_TOKENS, (("N11", 0, 1, "CR"),), ("E16", 0), ("C18", "M6"))
    trains = (B.Train("3S Long-0", "3S Long"), B.Train("4S-0", "4S"))
    mods = B.Modifiers(hole=True, local_on_track=True)
    # when the best run is searched
    # then both trains run, as the reference walk's 250: the 3S Long G6-I6-J3-H3-H1-G2 (150)
    # and the 4S G6-H3-G2 (100); each rich route was scored once from each token on it, the
    # copies filled the 150 routes kept per train and the 4S's 100 (the 86th route) was cut,
    # leaving the 3S Long's 170 alone
    assert _best_revenue(board, "BB", trains, GRAY, mods) == 250


# map F, LI to run a 4S and a 4S Perm (F 4 9065 #341 of tools/zoo18_oracle.py)
F_TILES: tuple[tuple[str, str, int, str | None], ...] = (
    ("L18", "6-1", 1, None),
    ("L10", "611-0", 0, None),
    ("L8", "7-1", 0, None),
    ("H2", "X7-3", 5, None),
    ("L16", "201-0", 0, None),
    ("H4", "26-0", 4, None),
    ("K9", "26-1", 5, None),
    ("J18", "80-0", 2, None),
    ("K17", "82-0", 0, None),
    ("K19", "83-0", 4, None),
    ("F4", "81-0", 1, None),
    ("F6", "X8-0", 2, None),
    ("F16", "15-1", 0, None),
    ("J8", "28-0", 5, None),
    ("J16", "9-0", 0, "M"),
    ("E5", "611-1", 2, None),
    ("I15", "5-1", 0, None),
    ("G5", "44-0", 1, None),
    ("H14", "7-2", 0, None),
    ("G15", "7-4", 3, None),
    ("G13", "7-5", 0, None),
    ("F14", "31-0", 4, None),
    ("E7", "9-1", 0, "MM"),
    ("E9", "X8-1", 1, None),
    ("H16", "27-0", 3, None),
    ("F18", "7-0", 3, "M"),
    ("D12", "X8-2", 0, None),
    ("D14", "X8-3", 3, None),
    ("C11", "582-0", 2, None),
    ("E17", "7-6", 3, None),
    ("E15", "42-0", 5, None),
    ("H6", "201-1", 1, None),
    ("I3", "14-0", 0, None),
    ("D10", "43-0", 4, None),
    ("G17", "29-0", 1, None),
    ("E13", "9-2", 0, "M"),
    ("E11", "23-0", 2, None),
)
F_TOKENS = (
    ("E5", 0, 0, "EL"),
    ("I3", 0, 0, "CR"),
    ("L10", 0, 0, "GI"),
    ("L18", 0, 0, "PE"),
    ("L10", 0, 1, "WIP"),
    ("F16", 0, 0, "LI"),
    ("I15", 0, 0, "TI"),
    ("I15", 0, 1, "PE"),
    ("L16", 0, 0, "PE"),
    ("C11", 0, 0, "EL"),
    ("E5", 0, 1, "LI"),
    ("H6", 0, 0, "EL"),
    ("C11", 0, 1, "LI"),
)


def test_the_second_train_s_route_is_not_pushed_out_by_copies() -> None:
    # given LI's tokens on E5, F16 and C11, and the long HOLE route from L10 through E5
    board = _board("F", F_TILES, F_TOKENS, (("J6", 0, 0, "BB"),), ("I15", 0), ("F2", "J20"))
    trains = (B.Train("4S-1", "4S"), B.Train("4S Perm-0", "4S Perm"))
    mods = B.Modifiers(hole=True, local_on_track=True)
    # when the best run is searched
    # then the reference walk's 350: L10-E5-F6-I3 (180, through the tunnel) and
    # E5-E9-C11-D12-D14-F16-I15 (170); with the copies kept, 310
    assert _best_revenue(board, "LI", trains, BROWN, mods) == 350


# map B, BB to run a 4S and a 5S from three tokens (B 5 9331 #335 of tools/zoo18_oracle.py)
B_TILES: tuple[tuple[str, str, int, str | None], ...] = (
    ("K18", "57-0", 1, None),
    ("G2", "X7-0", 4, None),
    ("H1", "X80-0", 5, None),
    ("N13", "X7-1", 2, None),
    ("L7", "8-0", 1, "MM"),
    ("I2", "83-0", 2, None),
    ("J3", "X7-5", 1, None),
    ("M12", "31-0", 5, None),
    ("L13", "8-1", 2, None),
    ("J17", "27-0", 0, None),
    ("L5", "577-0", 1, None),
    ("K12", "7-4", 5, None),
    ("H3", "611-0", 2, None),
    ("H5", "81-0", 1, None),
    ("J15", "8-2", 4, "M"),
    ("L17", "8-3", 1, None),
    ("I18", "26-0", 4, None),
    ("L15", "X7-2", 0, None),
    ("J13", "8-4", 3, None),
    ("N11", "15-1", 0, None),
    ("H7", "82-0", 1, None),
    ("K10", "619-0", 0, None),
    ("J19", "26-1", 4, None),
    ("K16", "201-1", 3, None),
    ("I10", "X8-5", 3, None),
    ("J9", "9-1", 2, None),
    ("K6", "7-3", 3, "M"),
    ("K4", "8-6", 0, "MM"),
    ("G8", "8-7", 2, None),
    ("J5", "8-8", 1, None),
    ("I8", "19-0", 3, None),
    ("H9", "7-6", 3, None),
    ("K14", "39-0", 1, None),
    ("J11", "8-9", 0, None),
    ("G6", "582-0", 0, None),
    ("I6", "BB_455-0", 0, None),
    ("J7", "8-10", 2, None),
)
B_TOKENS = (
    ("K10", 0, 0, "GI"),
    ("H3", 0, 0, "CR"),
    ("I6", 0, 0, "BB"),
    ("N11", 0, 0, "PB"),
    ("K18", 0, 0, "PE"),
    ("H3", 0, 1, "BB"),
    ("L5", 0, 0, "PB"),
    ("G6", 0, 1, "BB"),
)


def test_a_second_train_s_route_far_down_a_long_list_is_kept() -> None:
    # given BB's long track from L5 to G6 through many ponds: some 300 routes per train
    board = _board("B", B_TILES, B_TOKENS, (), ("G6", 0), ("I20", "M6"))
    trains = (B.Train("4S-0", "4S"), B.Train("5S-0", "5S"))
    mods = B.Modifiers(hole=True, local_on_track=True)
    # when the best run is searched
    # then the reference walk's 310: the 4S L5-N11-N13-I10-I6-J3-H3-H1-G2 (210) and the 5S
    # G6-H3-G2 (100), the 5S's 290th route; with 150 kept per train, the 5S alone ran 260
    assert _best_revenue(board, "BB", trains, GRAY, mods) == 310


def test_each_route_is_scored_once_however_many_tokens_it_passes() -> None:
    # given BB's three tokens on its richest routes (D 4 9063 #349): each such route is found
    # once from every token on it, split there into two arms
    board = _board("D", D_TILES, D_TOKENS, (("N11", 0, 1, "CR"),), ("E16", 0), ("C18", "M6"))
    graph = graph_of(board)
    mods = B.Modifiers(hole=True, local_on_track=True)
    # when the routes of the 4S are gathered for scoring
    scored = _candidate_routes(graph, "BB", B.Train("4S-0", "4S"), GRAY, mods)
    # then none is there twice (copies took the places of other routes in the list kept)
    assert len(scored) == len({frozenset(s.pids) for s in scored}) > 100
