"""The site's tile supply list (rules 18): which tile copies 18xx.games holds in its supply.

18xx.games keeps its supply as a list of tile objects (`Game#tiles`) changed by hand at each
lay, and its views offer a tile whenever a copy of it is listed (`Tracker#potential_tiles`,
the first copy of each name, which its client then lays). 18ZOO's pieces are two-faced (7 and
X7, 8 and X8, 9 and X9, 16 to 31 and their X faces, 80 to 83 and theirs), and the list stops
matching the pieces on the board:

- 18ZOO's own tracker (`G18ZOO::Step::Tracker#update_tile_lists`, the OR's track step and the
  powers' lays) deletes the laid copy and the other face of its piece (`tile_by_id` of the id
  with "X" added or taken off), then appends the replaced copy and its other face, listed or
  on the board already;
- the SR's home and bonus lays (`HomeTrack`, `BonusTracks`) use the engine's own
  (`Game::Base#update_tile_lists`), which deletes the laid copy only: the other face stays
  listed while its piece is on the board, and can be laid too.

`Array#delete` deletes every occurrence, so a copy listed twice counts once: the list is kept
here as each copy once, where it first stands. Games of rules 1 to 17 count the pieces on the
board instead (board.lays.supply); from rules 18 `Board.supply` holds this list, decide takes a
lay's copy from it and evolve keeps it. Pure data, for evolve as for the board engine."""

from __future__ import annotations

from functools import cache

# The site's manifest in its order (`G18ZOO::Map::TILES`) and each tile's copies: the supply
# list starts with "7-0" to "7-6", then "X7-0" to "X7-6", "8-0"... (the board's tiles.json
# has the same counts: tests/domain/zoo18/test_rules18_site_supply.py)
SITE_TILES = (
    ("7", 7), ("X7", 7), ("8", 18), ("X8", 18), ("9", 13), ("X9", 13),
    ("5", 2), ("6", 2), ("57", 2), ("201", 2), ("202", 2), ("621", 2),
    ("16", 1), ("X16", 1), ("19", 1), ("X19", 1), ("20", 1), ("X20", 1),
    ("23", 2), ("X23", 2), ("24", 2), ("X24", 2), ("25", 2), ("X25", 2),
    ("26", 2), ("X26", 2), ("27", 2), ("X27", 2), ("28", 1), ("X28", 1),
    ("29", 1), ("X29", 1), ("30", 1), ("X30", 1), ("31", 1), ("X31", 1),
    ("14", 2), ("15", 2), ("619", 2), ("576", 1), ("577", 1), ("579", 1),
    ("792", 1), ("793", 1), ("39", 1), ("40", 1), ("41", 1), ("42", 1), ("43", 1),
    ("44", 1), ("45", 1), ("46", 1), ("47", 1), ("611", 3), ("582", 3),
    ("TI_455", 1), ("GI_455", 1), ("BB_455", 1),
    ("80", 1), ("X80", 1), ("81", 1), ("X81", 1), ("82", 1), ("X82", 1), ("83", 1), ("X83", 1),
)  # fmt: skip
# The lays made on the site by 18ZOO's own tracker (both faces of a piece leave the list);
# the others ("home", "bonus") by the engine's plain one (the laid face only).
BOTH_FACES = frozenset({"track", "rabbits", "moles", "ancient_maps"})


@cache
def site_supply() -> tuple[str, ...]:
    """The site's supply list at the start of a game: every copy, in its order."""
    return tuple(f"{name}-{i}" for name, count in SITE_TILES for i in range(count))


@cache
def _copies() -> frozenset[str]:
    return frozenset(site_supply())


def other_face(copy: str) -> str | None:
    """The copy on the other face of the same piece ("7-2" <-> "X7-2"), as the site's
    `tile_by_id` finds it; None for a one-faced tile."""
    other = copy[1:] if copy.startswith("X") else f"X{copy}"
    return other if other in _copies() else None


def after_lay(
    supply: tuple[str, ...], tile: str, replaced: str | None, mode: str
) -> tuple[str, ...]:
    """The site's list after `tile` is laid by a lay of `mode` (the board engine's lay modes),
    replacing the copy `replaced` (None: a preprinted tile, which never enters the list)."""
    both = mode in BOTH_FACES
    gone = {tile}
    other = other_face(tile) if both else None
    if other is not None:
        gone.add(other)
    out = [copy for copy in supply if copy not in gone]
    if replaced is not None:
        back = [replaced]
        other = other_face(replaced) if both else None
        if other is not None:
            back.append(other)
        out += [copy for copy in back if copy not in out]
    return tuple(out)
