"""Tile lays: supply, the upgrade relation, preserved track, connectivity and terrain costs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache, partial

import msgspec

from domain.games.zoo18.board import restrictions
from domain.games.zoo18.board.geometry import neighbour, opposite
from domain.games.zoo18.board.graph import graph_of, reach
from domain.games.zoo18.board.maps import (
    JUNCTION,
    STOP_BASE,
    copy_index,
    first_lay_options,
    manifest,
    tile_def,
    tile_name,
)
from domain.games.zoo18.board.model import (
    Board,
    HexDef,
    LaidTile,
    Lay,
    LayMode,
    LayOption,
    MapDef,
    PhaseColours,
    TileDef,
)
from domain.games.zoo18.data import LISTED_ON_BOARD, after_lay
from domain.kernel import Rejected, illegal

NEXT_COLOUR = {"white": "yellow", "yellow": "green", "green": "brown", "brown": "gray"}
COLOUR_ORDER = ("white", "yellow", "green", "brown", "gray")
HOME_TILES = {"yellow": ("5", "6", "57"), "green": ("14", "15", "619"), "brown": ("611",)}
OR_MODES = ("track", "rabbits", "moles", "ancient_maps")
MOUNTAIN_NAMES = ("M", "MM")


def laid_on(board: Board, coord: str) -> LaidTile | None:
    for laid in board.tiles:
        if laid.hex == coord:
            return laid
    return None


def _end_kind(tile: TileDef, end: int) -> str:
    if end == JUNCTION:
        return "junction"
    if end >= STOP_BASE:
        return tile.stops[end - STOP_BASE].kind
    return f"edge{end}"


@lru_cache(maxsize=4096)
def track_shape(tile: TileDef, rotation: int) -> frozenset[frozenset[str]]:
    """The paths of `tile` at `rotation` as unordered pairs of end kinds (edges absolute)."""
    shape = set()
    for a, b in tile.paths:
        ends = []
        for end in (a, b):
            ends.append(_end_kind(tile, (end + rotation) % 6 if 0 <= end < STOP_BASE else end))
        shape.add(frozenset(ends))
    return frozenset(shape)


@lru_cache(maxsize=4096)
def layout(tile: TileDef, rotation: int) -> frozenset[tuple[int, int]]:
    """The paths of `tile` at `rotation`, edges absolute and each stop by its index: two
    rotations with the same layout are the same lay (`track_shape` does not tell apart which
    pond or city an edge leads to, e.g. X25's two ponds)."""

    def end(e: int) -> int:
        return (e + rotation) % 6 if 0 <= e < STOP_BASE else e

    return frozenset((min(end(a), end(b)), max(end(a), end(b))) for a, b in tile.paths)


@lru_cache(maxsize=4096)
def exits(tile: TileDef, rotation: int) -> frozenset[int]:
    return frozenset((end + rotation) % 6 for path in tile.paths for end in path if 0 <= end < 6)


def _preserves(old: TileDef, old_rotation: int, new: TileDef, rotation: int) -> bool:
    if any(JUNCTION in path for path in new.paths):
        return exits(old, old_rotation) <= exits(new, rotation)
    return track_shape(old, old_rotation) <= track_shape(new, rotation)


def _stop_counts(tile: TileDef) -> tuple[int, int]:
    cities = sum(1 for stop in tile.stops if stop.kind == "city")
    towns = sum(1 for stop in tile.stops if stop.kind == "town")
    return cities, towns


def _linked(board: Board, map_def: MapDef, coord: str, edge: int) -> bool:
    """Whether track may leave `coord` by `edge` (a neighbour that accepts it)."""
    other = neighbour(coord, edge, board.row_zero)
    if other is None or other not in map_def.hexes:
        return False
    hexdef = map_def.hexes[other]
    if hexdef.color not in ("gray", "red") or laid_on(board, other) is not None:
        return True
    tile, _, _ = graph_of(board).faces[other]
    return opposite(edge) in exits(tile, 0)


def _candidates(
    board: Board, map_def: MapDef, hexdef: HexDef, family: str, mode: LayMode, colours: PhaseColours
) -> tuple[str, ...]:
    """Tile names that may go on the hex in this mode (before rotation and supply checks)."""
    laid = laid_on(board, hexdef.coord)
    if mode == "home":
        allowed = [name for colour in colours for name in HOME_TILES.get(colour, ())]
        if laid is None:
            return tuple(allowed)
        colour = tile_def(laid.tile).color
        return tuple(n for n in allowed if _rank(manifest()[n].color) > _rank(colour))
    if laid is None:
        if mode in ("rabbits", "moles"):
            return ()
        return first_lay_options(hexdef.type)
    if mode in ("bonus", "ancient_maps"):
        return ()
    current = tile_def(laid.tile)
    if mode == "moles":
        return current.moles_upgrades_to
    if mode == "rabbits":
        if current.color == "green" and (current.label == "O" or laid.label in MOUNTAIN_NAMES):
            return ()
        if current.rabbits_upgrades_to:
            return current.rabbits_upgrades_to
        return current.upgrades_to
    return current.upgrades_to


def _rank(colour: str) -> int:
    return COLOUR_ORDER.index(colour) if colour in COLOUR_ORDER else -1


def _why_not_upgradable(hexdef: HexDef, laid: LaidTile | None, mode: LayMode) -> str | None:
    if hexdef.color in ("gray", "red") and laid is None:
        return f"{hexdef.coord} is a {hexdef.color} hex: no tile can be laid there"
    if laid is None:
        if mode in ("rabbits", "moles"):
            return f"{hexdef.coord} has no tile yet: this power only upgrades laid tiles"
        return None
    if mode in ("bonus", "ancient_maps"):
        return f"{hexdef.coord} already has a tile: these lays go on empty hexes only"
    if mode == "track":
        if hexdef.location_name in MOUNTAIN_NAMES:
            return f"{hexdef.coord} is a hill or mountain: once laid it cannot be upgraded"
        if hexdef.type == "pond_O":
            return f"{hexdef.coord} is a pond: once laid it cannot be upgraded"
    return None


def _laid_counts(board: Board) -> Counter[str]:
    return Counter(tile_name(laid.tile) for laid in board.tiles)


def pieces_in_use(board: Board, name: str, counts: Counter[str] | None = None) -> int:
    """Physical pieces of tile `name` on the board (a piece has two faces, e.g. 7 and X7)."""
    counts = _laid_counts(board) if counts is None else counts
    partner = manifest()[name].partner
    return counts[name] + (counts[partner] if partner else 0)


def supply(board: Board, rules: int = 1) -> dict[str, int]:
    """Pieces left in the supply per tile name (both faces of a piece show the same number);
    from rules 18 the copies of each name the site's list holds off the board, from rules 20
    every copy it holds."""
    if board.supply is not None:
        on_board = board.used if rules < LISTED_ON_BOARD else frozenset()
        free = Counter(tile_name(c) for c in board.supply if c not in on_board)
        return {name: free[name] for name in manifest()}
    counts = _laid_counts(board)
    return {
        name: tile.count - pieces_in_use(board, name, counts) for name, tile in manifest().items()
    }


def _site_copy(board: Board, name: str, rules: int) -> str | None:
    """Rules 18: the first copy of `name` in the site's list that is not on the board. The
    site lists a copy on the board again when the other face of its piece is upgraded away;
    from rules 20, when no other copy of the name is listed, that one is laid as a second
    piece (the site's engine puts its one tile object on both hexes, which Plateau does not
    follow: docs/18zoo.md, "Rules 20")."""
    assert board.supply is not None
    free = next((c for c in board.supply if tile_name(c) == name and c not in board.used), None)
    if free is None and rules >= LISTED_ON_BOARD:
        return next((c for c in board.supply if tile_name(c) == name), None)
    return free


def _free_copy(board: Board, name: str, counts: Counter[str], rules: int) -> str | None:
    if board.supply is not None:
        return _site_copy(board, name, rules)
    tile = manifest()[name]
    if pieces_in_use(board, name, counts) >= tile.count:
        return None
    on_board = {laid.tile for laid in board.tiles}
    for index in range(tile.count):
        copy = f"{name}-{index}"
        if copy not in on_board and f"{tile.partner}-{index}" not in on_board:
            return copy
    for index in range(tile.count):
        if f"{name}-{index}" not in on_board:
            return f"{name}-{index}"
    return None


def _validate(
    board: Board,
    map_def: MapDef,
    family: str,
    hexdef: HexDef,
    name: str,
    rotation: int,
    colours: PhaseColours,
    mode: LayMode,
    strict: bool,
    connected: set[int] | None,
    site: bool,
) -> None:
    """Raise unless tile `name` fits on the hex at `rotation` (supply is checked elsewhere)."""
    _check_tile(board, map_def, family, hexdef, name, colours, mode, strict)
    if strict:
        linked = _linked_edges(board, map_def, hexdef.coord)
        _check_rotation(board, family, hexdef, name, rotation, mode, connected, linked, site)
    else:
        laid = laid_on(board, hexdef.coord)
        old, old_rotation = (tile_def(laid.tile), laid.rotation) if laid else (hexdef.preprinted, 0)
        new = manifest()[name]
        if not any(_preserves(old, old_rotation, new, turn) for turn in range(6)):
            illegal(f"tile {name} does not keep the track of {hexdef.coord}")


def _check_tile(
    board: Board,
    map_def: MapDef,
    family: str,
    hexdef: HexDef,
    name: str,
    colours: PhaseColours,
    mode: LayMode,
    strict: bool,
) -> None:
    """The checks that do not depend on the rotation."""
    coord = hexdef.coord
    laid = laid_on(board, coord)
    problem = _why_not_upgradable(hexdef, laid, mode)
    if problem:
        illegal(problem)
    new = manifest()[name]
    if mode == "home" and coord != map_def.home(family):
        illegal(f"{coord} is not the home of {family}")
    if name not in _candidates(board, map_def, hexdef, family, mode, colours):
        what = tile_def(laid.tile).name if laid else f"an empty {hexdef.type} hex"
        illegal(f"tile {name} cannot be laid on {coord} ({what}) this way")
    if new.only_via_power and mode != new.only_via_power.lower():
        illegal(f"tile {name} can only be laid with {new.only_via_power}")
    if new.only_on_home_of and dict(map_def.homes).get(new.only_on_home_of) != coord:
        illegal(f"tile {name} only goes on the home of {new.only_on_home_of}")
    if strict and mode in ("track", "bonus", "ancient_maps", "home") and new.color not in colours:
        illegal(f"{new.color} tiles are not available in this phase")
    old = tile_def(laid.tile) if laid else hexdef.preprinted
    if laid is not None and mode != "home" and NEXT_COLOUR.get(old.color) != new.color:
        wanted = NEXT_COLOUR.get(old.color)
        illegal(f"a {old.color} tile is upgraded to {wanted}, not {new.color}")
    if laid is not None and mode == "track" and _stop_counts(old) != _stop_counts(new):
        illegal(f"tile {name} does not keep the cities and ponds of {coord}")


def _linked_edges(board: Board, map_def: MapDef, coord: str) -> frozenset[int]:
    return frozenset(edge for edge in range(6) if _linked(board, map_def, coord, edge))


def _check_rotation(
    board: Board,
    family: str,
    hexdef: HexDef,
    name: str,
    rotation: int,
    mode: LayMode,
    connected: set[int] | None,
    linked: frozenset[int],
    site: bool,
) -> None:
    """The checks of one rotation: old track kept, exits lead somewhere and meet the network.

    With `site` (rules 2) they are 18xx.games' own: every exit, old or new, leads somewhere; the
    new stops that share no exit with an old one are no more than the stops added; RABBITS and
    MOLES need the hex reached, not an exit (the site offers them every edge of a reached hex).
    """
    coord = hexdef.coord
    laid = laid_on(board, coord)
    old, old_rotation = (tile_def(laid.tile), laid.rotation) if laid else (hexdef.preprinted, 0)
    new = manifest()[name]
    if not _preserves(old, old_rotation, new, rotation):
        illegal(f"tile {name} at rotation {rotation} does not keep the track of {coord}")
    new_exits = exits(new, rotation)
    checked = new_exits if site else new_exits - exits(old, old_rotation)
    if not checked <= linked:
        illegal(f"tile {name} at rotation {rotation} on {coord} points track where none can go")
    if site and not restrictions.added_stops_fit(old, old_rotation, new, rotation):
        illegal(
            f"tile {name} at rotation {rotation} on {coord} does not put its cities and ponds"
            " on the old ones' track"
        )
    exit_needed = mode != "home" and not (site and mode in ("rabbits", "moles"))
    if exit_needed and connected is not None and not (new_exits & connected):
        illegal(f"tile {name} at rotation {rotation} on {coord} misses {family}'s track")
    if site and not restrictions.stops_kept(old, old_rotation, new, rotation):
        illegal(
            f"tile {name} at rotation {rotation} on {coord} splits the track of a city or pond"
            " of the old tile"
        )


def _check_gain(
    board: Board,
    after: Callable[[], Board],
    family: str,
    hexdef: HexDef,
    name: str,
    rotation: int,
    walk: bool,
) -> None:
    """Rules 2 (18xx.games' semi-restrictive rule): the lay must give `family` new track or
    change the value of a stop it reaches; `walk` (rules 3) reaches as the site's graph does."""
    laid = laid_on(board, hexdef.coord)
    old, old_rotation = (tile_def(laid.tile), laid.rotation) if laid else (hexdef.preprinted, 0)
    new = manifest()[name]
    if not restrictions.new_track_or_value(
        board, after, family, hexdef.coord, old, old_rotation, new, rotation, walk
    ):
        illegal(
            f"tile {name} at rotation {rotation} on {hexdef.coord} gives {family} no new track"
            " and changes no city's value: the upgrade must add track the family can use"
        )


def check_lay(
    board: Board,
    map_def: MapDef,
    family: str,
    coord: str,
    tile: str,
    rotation: int,
    colours: PhaseColours,
    mode: LayMode = "track",
    *,
    strict: bool = True,
    rules: int = 1,
    seen: Board | None = None,
) -> Lay:
    """`seen` (rules 22) is the board the site's memoized graph of `family` was computed on,
    which its lays read the family's network from (the board itself when None)."""
    if coord not in map_def.hexes:
        illegal(f"map {map_def.map_id} has no hex {coord}")
    if not 0 <= rotation < 6:
        illegal(f"rotation is 0 to 5, not {rotation}")
    name = tile_name(tile)
    definition = tile_def(tile)
    if name == tile or not 0 <= copy_index(tile) < definition.count:
        illegal(f"{tile} is not a copy of a tile in the supply (e.g. {name}-0)")
    if strict and board.supply is not None:  # rules 18: the site's list
        if tile not in board.supply or (rules < LISTED_ON_BOARD and tile in board.used):
            illegal(f"tile {tile} is not in the supply any more")
    elif strict and (
        any(laid.tile == tile for laid in board.tiles)
        or pieces_in_use(board, name) >= definition.count
    ):
        illegal(f"tile {tile} is not in the supply any more")
    hexdef = map_def.hexes[coord]
    connected: set[int] | None = None
    if strict and mode != "home":
        network_board = board if seen is None else seen
        network = reach(network_board, family, no_turning=rules >= 2, site=rules >= 3)
        connected = network.edges.get(coord, set())
        if not connected:
            illegal(f"{coord} is not reachable by {family}'s track")
    site = strict and rules >= 2
    _validate(
        board, map_def, family, hexdef, name, rotation, colours, mode, strict, connected, site
    )
    lay = _apply(board, hexdef, tile, rotation, mode)
    if site:
        _check_gain(board, lambda: lay.board, family, hexdef, name, rotation, rules >= 3)
    return lay


def _apply(board: Board, hexdef: HexDef, copy: str, rotation: int, mode: LayMode) -> Lay:
    laid = laid_on(board, hexdef.coord)
    label = hexdef.location_name if hexdef.location_name in MOUNTAIN_NAMES else None
    if mode in ("home", "bonus"):
        label = laid.label if laid else None
    elif laid is not None and laid.label:
        label = laid.label
    cost = hexdef.lay_cost if laid is None and mode not in ("rabbits", "moles") else 0
    kept = tuple(t for t in board.tiles if t.hex != hexdef.coord)
    tiles = (*kept, LaidTile(hexdef.coord, copy, rotation, label))
    used = frozenset(t.tile for t in tiles)
    new_board = msgspec.structs.replace(board, tiles=tiles, used=used)
    if board.supply is not None:
        replaced = laid.tile if laid is not None else None
        listed = after_lay(board.supply, copy, replaced, mode)
        new_board = msgspec.structs.replace(new_board, supply=listed)
    terrain = hexdef.terrain if cost > 0 else None
    return Lay(board=new_board, cost=cost, terrain=terrain, upgrade=laid is not None)


def _new_board(board: Board, hexdef: HexDef, copy: str, rotation: int, mode: LayMode) -> Board:
    return _apply(board, hexdef, copy, rotation, mode).board


def legal_lays(
    board: Board,
    map_def: MapDef,
    family: str,
    colours: PhaseColours,
    mode: LayMode = "track",
    *,
    upgrades: bool = True,
    exclude_hexes: frozenset[str] = frozenset(),
    limit: int | None = None,
    rules: int = 1,
    seen: Board | None = None,
) -> list[LayOption]:
    site, walk = rules >= 2, rules >= 3  # the site's lay rules; its own walk
    found: list[LayOption] = []
    counts = _laid_counts(board)
    if mode == "home":
        coords = [map_def.home(family)]
        network_edges: dict[str, set[int]] = {}
    else:
        network_board = board if seen is None else seen
        network_edges = reach(network_board, family, no_turning=site, site=walk).edges
        coords = sorted(network_edges)
    for coord in coords:
        if coord in exclude_hexes or coord not in map_def.hexes:
            continue
        hexdef = map_def.hexes[coord]
        laid = laid_on(board, coord)
        if laid is not None and not upgrades:
            continue
        if _why_not_upgradable(hexdef, laid, mode):
            continue
        connected = network_edges.get(coord) if mode != "home" else None
        linked = _linked_edges(board, map_def, coord)
        cost = hexdef.lay_cost if laid is None and mode not in ("rabbits", "moles") else 0
        for name in _candidates(board, map_def, hexdef, family, mode, colours):
            copy = _free_copy(board, name, counts, rules)
            if copy is None:
                continue
            try:
                _check_tile(board, map_def, family, hexdef, name, colours, mode, True)
            except Rejected:
                continue
            shapes: set[frozenset[tuple[int, int]]] = set()
            for rotation in range(6):
                shape = layout(manifest()[name], rotation)
                if shape in shapes:
                    continue
                try:
                    _check_rotation(
                        board, family, hexdef, name, rotation, mode, connected, linked, site
                    )
                    if site and (laid is not None or hexdef.preprinted.paths):
                        after = partial(_new_board, board, hexdef, copy, rotation, mode)
                        _check_gain(board, after, family, hexdef, name, rotation, walk)
                except Rejected:
                    continue
                shapes.add(shape)
                found.append(LayOption(coord, copy, rotation, cost, laid is not None))
    if limit is None or len(found) <= limit:
        return found
    return _spread(found, limit)


def _spread(options: list[LayOption], limit: int) -> list[LayOption]:
    """At most `limit` options, taking one per hex in turn so that every hex is represented."""
    by_hex: dict[str, list[LayOption]] = {}
    for option in options:
        by_hex.setdefault(option.hex, []).append(option)
    queues = list(by_hex.values())
    picked: list[LayOption] = []
    depth = 0
    while len(picked) < limit:
        picked += [queue[depth] for queue in queues if depth < len(queue)][: limit - len(picked)]
        depth += 1
    return sorted(picked, key=options.index)
