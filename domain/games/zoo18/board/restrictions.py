"""18xx.games' lay restrictions, applied from rules version 2.

Two rules of the site that Plateau's first lays did not know:

* an upgrade keeps every city and pond whole: each old stop's exits are all exits of one stop
  of the new tile (the site's "New track must override old one");
* among the new tile's paths the family's network reaches once the tile is down, one must be
  new track (not contained in an old path) or change the value of a stop on it (the site's
  semi-restrictive rule, "Must use new track or change city value").

A first lay on an empty hex always passes both (it has no old track).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from domain.games.zoo18.board.geometry import neighbour, opposite
from domain.games.zoo18.board.graph import Graph, Lane, Reach, graph_of, reach, relaid, site_reach
from domain.games.zoo18.board.maps import JUNCTION, STOP_BASE
from domain.games.zoo18.board.model import Board, Stop, TileDef


def _absolute(end: int, rotation: int) -> int:
    return (end + rotation) % 6 if 0 <= end < STOP_BASE else end


def _kind(tile: TileDef, end: int) -> str:
    # cities compare equal to any city, ponds to any pond, edges by their number (as at the site)
    return tile.stops[end - STOP_BASE].kind if end >= STOP_BASE else f"edge{end}"


@lru_cache(maxsize=4096)
def path_ends(tile: TileDef, rotation: int) -> tuple[frozenset[str], ...]:
    """Per path, the kinds of its ends; a junction path's ends are those of the others."""
    beyond = [
        _kind(tile, _absolute(end, rotation))
        for path in tile.paths
        if JUNCTION in path
        for end in path
        if end != JUNCTION
    ]
    ends = []
    for path in tile.paths:
        kinds = {_kind(tile, _absolute(end, rotation)) for end in path if end != JUNCTION}
        ends.append(frozenset(kinds | set(beyond)) if JUNCTION in path else frozenset(kinds))
    return tuple(ends)


def _top_revenue(stop: Stop) -> int:
    if isinstance(stop.revenue, int):
        return stop.revenue
    return max((value for _, value in stop.revenue), default=0)


@lru_cache(maxsize=4096)
def _path_values(tile: TileDef) -> tuple[tuple[int, ...], ...]:
    """Per path, the sorted top revenues of the stops it touches."""
    return tuple(
        tuple(sorted(_top_revenue(tile.stops[end - STOP_BASE]) for end in path if end >= STOP_BASE))
        for path in tile.paths
    )


@lru_cache(maxsize=4096)
def stop_exits(tile: TileDef, rotation: int) -> tuple[frozenset[int], ...]:
    """Per stop of the tile that track touches, the edges its paths lead to."""
    found: dict[int, set[int]] = {}
    for path in tile.paths:
        stops = [end for end in path if end >= STOP_BASE]
        edges = {_absolute(end, rotation) for end in path if 0 <= end < STOP_BASE}
        for stop in stops:
            found.setdefault(stop, set()).update(edges)
    return tuple(frozenset(edges) for _, edges in sorted(found.items()))


def stops_kept(old: TileDef, old_rotation: int, new: TileDef, rotation: int) -> bool:
    """Whether every old stop's exits are all exits of one new stop."""
    kept = stop_exits(new, rotation)
    return all(any(edges <= other for other in kept) for edges in stop_exits(old, old_rotation))


def added_stops_fit(old: TileDef, old_rotation: int, new: TileDef, rotation: int) -> bool:
    """The site's rotation rule on stops: the new stops that share no exit with an old stop are
    no more than the stops the upgrade adds."""
    before, after = stop_exits(old, old_rotation), stop_exits(new, rotation)
    added = max(0, len(after) - len(before))
    apart = sum(1 for edges in after if all(not edges & other for other in before))
    return apart <= added


def new_track_or_value(
    before: Board,
    after: Callable[[], Board],
    family: str,
    coord: str,
    old: TileDef,
    old_rotation: int,
    new: TileDef,
    rotation: int,
    walk: bool = False,
) -> bool:
    """Whether a path of the new tile that `family` reaches once it is laid (`after` builds that
    board) is new track or changes a stop's value. `walk` (rules 3): reached as the site's
    graph walks the board with the tile laid; without it (rules 2), as the walk that never turns
    back, read off the network before the lay where that tells."""
    if not old.paths:
        return True
    old_ends = path_ends(old, old_rotation)
    old_values = _path_values(old)
    new_values = _path_values(new)
    telling = []  # the new paths that satisfy the rule if the family reaches them
    for index, ends in enumerate(path_ends(new, rotation)):
        contained = [i for i, other in enumerate(old_ends) if ends <= other]
        if not contained or old_values[contained[0]] != new_values[index]:
            telling.append(index)
    if not telling:
        return False
    if walk:
        reached = _site_reached_paths(before, after(), family, coord)
    else:
        verdict = _reached_before(before, family, coord, new, rotation, telling)
        if verdict is not None:
            return verdict
        reached = _reached_paths(after(), family, coord)
    return any(
        (_absolute(new.paths[i][0], rotation), _absolute(new.paths[i][1], rotation)) in reached
        for i in telling
    )


def _site_reached_paths(
    before: Board, after: Board, family: str, coord: str
) -> set[tuple[int, int]]:
    graph = relaid(graph_of(before), after, coord)
    return {
        (graph.paths[pid].a, graph.paths[pid].b)
        for pid in site_reach(after, family, graph).paths
        if graph.paths[pid].hex == coord
    }


def _reached_before(
    board: Board, family: str, coord: str, new: TileDef, rotation: int, telling: list[int]
) -> bool | None:
    """Rules 2: the answer read off the network before the lay (None when only the new board
    tells). 18xx.games' own walk disagrees with this shortcut (rules 3 drops it); games stored
    under rules 2 keep it.

    A new path is surely reached when it crosses an edge into track the family reaches, meets
    the hex's city the family reaches and may pass, or shares a junction with such a path.
    When none is, only the new tile itself could bring new reach (through a city it unblocks
    or a path leading off to unreached track): without such a city the answer is no."""
    graph = graph_of(board)
    network = reach(board, family, no_turning=True)
    cities = [i for i, stop in enumerate(new.stops) if stop.kind == "city"]
    city_node = (coord, 0) if len(cities) == 1 and (coord, 0) in graph.nodes else None
    city_open = (
        city_node is not None
        and city_node in network.nodes
        and graph.nodes[city_node].kind == "city"
        and not graph.blocks(city_node, family)
    )
    surely = set()
    for index, (a, b) in enumerate(new.paths):
        lanes = new.lanes[index]
        for end, lane in ((a, lanes[0]), (b, lanes[1])):
            if 0 <= end < STOP_BASE:
                edge = _absolute(end, rotation)
                if _walked_in(graph, network, coord, edge, lane):
                    surely.add(index)
            elif end >= STOP_BASE and city_open and new.stops[end - STOP_BASE].kind == "city":
                surely.add(index)
    if any(JUNCTION in new.paths[i] for i in surely):
        surely |= {i for i, path in enumerate(new.paths) if JUNCTION in path}
    if surely & set(telling):
        return True
    unblocked = city_node is not None and city_node in network.nodes and not city_open
    return None if unblocked or any(JUNCTION in path for path in new.paths) else False


def _walked_in(graph: Graph, network: Reach, coord: str, edge: int, lane: Lane) -> bool:
    """Whether the family's walk comes into `coord` across `edge` (from track beyond it)."""
    beyond = neighbour(coord, edge, graph.board.row_zero)
    if beyond is None:
        return False
    back = opposite(edge)
    return (beyond, back) in network.leaves and any(
        pid in network.paths for pid, _, _ in graph.crossing(coord, edge, lane)
    )


def _reached_paths(board: Board, family: str, coord: str) -> set[tuple[int, int]]:
    graph = graph_of(board)
    return {
        (graph.paths[pid].a, graph.paths[pid].b)
        for pid in reach(board, family, no_turning=True).paths
        if graph.paths[pid].hex == coord
    }
