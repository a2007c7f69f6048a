"""The best-run search on boards met in the differential harness (issue 25)."""

from __future__ import annotations

from domain.games.zoo18 import board as B
from tests.domain.zoo18.board.scenario import GREEN

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


def c_board() -> B.Board:
    tiles = tuple(B.LaidTile(h, t, r, label) for h, t, r, label in C_TILES)
    return B.Board(
        "C",
        tiles=tiles,
        tokens=tuple(B.Token(h, c, s, owner) for h, c, s, owner in C_TOKENS),
        reservations=(B.Reservation("E5", 0, 1, "CR"),),
        used=frozenset(t.tile for t in tiles),
        extra_slots=(("I3", 0),),
        hole=("D18", "F2"),
    )


def test_the_third_train_gets_a_route_far_down_its_list() -> None:
    # given three 3S whose two best routes take the track every rich route of the third uses
    board, map_def = c_board(), B.load_map("C")
    trains = (B.Train("3S-0", "3S"), B.Train("3S-1", "3S"), B.Train("3S-2", "3S"))
    mods = B.Modifiers(sugar=True, hole=True, local_on_track=True)
    # when the best run is searched
    specs = B.best_routes(board, map_def, "EL", trains, GREEN, mods)
    # then all three run (the reference walk's 260): the search tried only the first 60
    # routes of each train and the third's first free one came later (220, two trains)
    assert B.route_revenue(board, map_def, "EL", trains, specs, GREEN, mods).revenue == 260
