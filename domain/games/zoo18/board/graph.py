"""The track graph of a board: every path of every hex with absolute edges, and walks along it.

A path end is an edge (0..5, already rotated), a stop (`STOP_BASE + index`) or the junction.
Walking continues through edges and junctions only: every stop a walk touches ends it. Lanes
(the HOLE tunnel) connect across an edge by the rule of maps.json `_format.lanes`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from domain.games.zoo18.board.geometry import neighbour, opposite
from domain.games.zoo18.board.maps import JUNCTION, STOP_BASE, hole_faces, load_map, tile_def
from domain.games.zoo18.board.model import Board, Stop, TileDef

Node = tuple[str, int]  # (hex, stop index)
Lane = tuple[int, int]


def lanes_meeting(lane: Lane) -> tuple[Lane, ...]:
    """Lane specs that connect to `lane` across an edge."""
    width, index = lane
    meeting: list[Lane] = [(width, width - 1 - index)]
    if lane == (1, 0):
        meeting.append((2, 1))
    elif lane == (2, 1):
        meeting.append((1, 0))
    return tuple(meeting)


@dataclass(frozen=True)
class PathRec:
    hex: str
    a: int
    b: int
    lane_a: Lane
    lane_b: Lane

    def far(self, end: int, lane: Lane | None = None) -> tuple[int, Lane]:
        """The other end of the path when entered at `end` (with `lane` for edges)."""
        if self.a == end and (lane is None or self.lane_a == lane):
            return self.b, self.lane_b
        return self.a, self.lane_a

    def edges(self) -> tuple[int, ...]:
        return tuple(end for end in (self.a, self.b) if 0 <= end < STOP_BASE)


@dataclass
class Graph:
    """Everything about the track of one board, built once per board (cached)."""

    board: Board
    faces: dict[str, tuple[TileDef, int, str]] = field(default_factory=dict)
    paths: list[PathRec] = field(default_factory=list)
    by_edge: dict[tuple[str, int, Lane], list[int]] = field(default_factory=dict)
    by_node: dict[Node, list[int]] = field(default_factory=dict)
    by_junction: dict[str, list[int]] = field(default_factory=dict)
    by_exit: dict[tuple[str, int], list[int]] = field(default_factory=dict)  # any lane, in order
    nodes: dict[Node, Stop] = field(default_factory=dict)
    tokens: dict[Node, list[tuple[int, str]]] = field(default_factory=dict)
    extra: dict[Node, int] = field(default_factory=dict)

    def stop(self, node: Node) -> Stop:
        return self.nodes[node]

    def slots(self, node: Node) -> int:
        return self.nodes[node].slots + self.extra.get(node, 0)

    def owners(self, node: Node) -> list[str]:
        return [owner for _, owner in self.tokens.get(node, [])]

    def blocks(self, node: Node, family: str) -> bool:
        """Whether a walk of `family` may not pass through `node`."""
        stop = self.nodes[node]
        if stop.kind == "offboard":
            return True
        if stop.kind != "city":
            return False
        owners = self.owners(node)
        return family not in owners and len(owners) >= self.slots(node)

    def crossing(self, hex: str, edge: int, lane: Lane) -> Iterator[tuple[int, int, Lane]]:
        """Paths across `edge` of `hex` that meet an end with `lane`: (pid, end, lane)."""
        other = neighbour(hex, edge, self.board.row_zero)
        if other is None or other not in self.faces:
            return
        back = opposite(edge)
        for meeting in lanes_meeting(lane):
            for pid in self.by_edge.get((other, back, meeting), ()):
                yield pid, back, meeting

    def chains(
        self, start: Node, avoid: frozenset[int] = frozenset()
    ) -> Iterator[tuple[Node, tuple[int, ...]]]:
        """Every walk from `start` to another stop: (end node, path ids in order)."""
        for pid in self.by_node.get(start, ()):
            if pid in avoid:
                continue
            yield from self._walk(pid, STOP_BASE + start[1], None, (pid,), avoid, start)

    def _walk(
        self,
        pid: int,
        end: int,
        lane: Lane | None,
        trail: tuple[int, ...],
        avoid: frozenset[int],
        start: Node,
    ) -> Iterator[tuple[Node, tuple[int, ...]]]:
        path = self.paths[pid]
        far, far_lane = path.far(end, lane)
        if far >= STOP_BASE:
            node = (path.hex, far - STOP_BASE)
            if node != start:
                yield node, trail
            return
        if far == JUNCTION:
            for other in self.by_junction.get(path.hex, ()):
                if other not in trail and other not in avoid:
                    yield from self._walk(other, JUNCTION, None, (*trail, other), avoid, start)
            return
        for other, back, meeting in self.crossing(path.hex, far, far_lane):
            if other not in trail and other not in avoid:
                yield from self._walk(other, back, meeting, (*trail, other), avoid, start)

    def family_nodes(self, family: str) -> list[Node]:
        return [node for node, held in self.tokens.items() if any(o == family for _, o in held)]


def _faces(board: Board) -> dict[str, tuple[TileDef, int, str]]:
    """Every hex's current face: the laid tile, a HOLE tunnel tile, or the printed hex."""
    map_def = load_map(board.map_id, board.variant)
    tunnel = hole_faces(board.map_id, board.hole) if board.hole is not None else {}
    faces = {
        coord: (tunnel.get(coord, hexdef.preprinted), 0, hexdef.preprinted_id)
        for coord, hexdef in map_def.hexes.items()
    }
    for laid in board.tiles:
        faces[laid.hex] = (tile_def(laid.tile), laid.rotation, laid.tile)
    return faces


def _rotated(end: int, rotation: int) -> int:
    return (end + rotation) % 6 if 0 <= end < STOP_BASE else end


@lru_cache(maxsize=256)
def graph_of(board: Board) -> Graph:
    graph = Graph(board)
    for coord, face in _faces(board).items():
        _add_face(graph, coord, face)
    return _add_tokens(graph, board)


def relaid(graph: Graph, board: Board, coord: str) -> Graph:
    """The graph of `board`, which differs from `graph.board` only by the tile on `coord` (a
    lay being tried: cheaper than building the whole graph again)."""
    new = Graph(board)
    new.faces = {hex: face for hex, face in graph.faces.items() if hex != coord}
    new.paths = list(graph.paths)  # the old tile's paths stay, unreferenced
    new.by_edge = {key: pids for key, pids in graph.by_edge.items() if key[0] != coord}
    new.by_node = {key: pids for key, pids in graph.by_node.items() if key[0] != coord}
    new.by_exit = {key: pids for key, pids in graph.by_exit.items() if key[0] != coord}
    new.by_junction = {hex: pids for hex, pids in graph.by_junction.items() if hex != coord}
    new.nodes = {key: stop for key, stop in graph.nodes.items() if key[0] != coord}
    laid = next(t for t in board.tiles if t.hex == coord)
    _add_face(new, coord, (tile_def(laid.tile), laid.rotation, laid.tile))
    return _add_tokens(new, board)


def _add_face(graph: Graph, coord: str, face: tuple[TileDef, int, str]) -> None:
    tile, rotation, _ = face
    graph.faces[coord] = face
    for index, stop in enumerate(tile.stops):
        graph.nodes[(coord, index)] = stop
    for (a, b), (lane_a, lane_b) in zip(tile.paths, tile.lanes, strict=True):
        rec = PathRec(coord, _rotated(a, rotation), _rotated(b, rotation), lane_a, lane_b)
        pid = len(graph.paths)
        graph.paths.append(rec)
        for end, lane in ((rec.a, rec.lane_a), (rec.b, rec.lane_b)):
            if end == JUNCTION:
                graph.by_junction.setdefault(coord, []).append(pid)
            elif end >= STOP_BASE:
                graph.by_node.setdefault((coord, end - STOP_BASE), []).append(pid)
            else:
                graph.by_edge.setdefault((coord, end, lane), []).append(pid)
                graph.by_exit.setdefault((coord, end), []).append(pid)


def _add_tokens(graph: Graph, board: Board) -> Graph:
    for token in board.tokens:
        graph.tokens.setdefault((token.hex, token.city), []).append((token.slot, token.owner))
    for coord, city in board.extra_slots:
        graph.extra[(coord, city)] = graph.extra.get((coord, city), 0) + 1
    return graph


@dataclass
class Reach:
    """What a family's network reaches: stops, paths, per hex the edges track touches, and the
    (hex, edge) pairs its walks leave a hex by."""

    nodes: set[Node]
    paths: set[int]
    edges: dict[str, set[int]]
    leaves: set[tuple[str, int]] = field(default_factory=set)


def reach(board: Board, family: str, *, no_turning: bool = False, site: bool = False) -> Reach:
    """What `family` reaches. `no_turning` (rules 2) forbids turning back at a city or pond
    along the path just arrived by: a train cannot, so the site's graph does not count the
    switch behind it as reached. `site` (rules 3) walks as 18xx.games' graph does
    (`site_reach`): no turning back either, and each path and stop entered once per walk."""
    if site:
        return _site_reach(board, family)
    return _reach(board, family, no_turning)


@lru_cache(maxsize=256)
def _site_reach(board: Board, family: str) -> Reach:
    return site_reach(board, family)


@lru_cache(maxsize=256)
def _reach(board: Board, family: str, no_turning: bool = False) -> Reach:
    graph = graph_of(board)
    starts = graph.family_nodes(family)
    nodes: set[Node] = set(starts)
    seen: set[tuple[int, int]] = set()  # (path id, end entered)
    paths: set[int] = set()
    stack: list[tuple[int, int, Lane | None]] = []
    expanded: set[tuple[Node, int]] = set()  # (node, path arrived by; -1 for any)
    leaves: set[tuple[str, int]] = set()

    def expand(node: Node, arrived: int = -1) -> None:
        arrived = arrived if no_turning else -1
        if (node, arrived) in expanded or (node, -1) in expanded:
            return
        expanded.add((node, arrived))
        for pid in graph.by_node.get(node, ()):
            if pid != arrived:
                stack.append((pid, STOP_BASE + node[1], None))

    for node in starts:
        expand(node)
    while stack:
        pid, end, lane = stack.pop()
        path = graph.paths[pid]
        key = (pid, end if lane is None else end * 10 + lane[1])
        if key in seen:
            continue
        seen.add(key)
        paths.add(pid)
        far, far_lane = path.far(end, lane)
        if far >= STOP_BASE:
            node = (path.hex, far - STOP_BASE)
            nodes.add(node)
            if not graph.blocks(node, family):
                expand(node, pid)
        elif far == JUNCTION:
            for other in graph.by_junction.get(path.hex, ()):
                if other != pid:
                    stack.append((other, JUNCTION, None))
        else:
            leaves.add((path.hex, far))
            for other, back, meeting in graph.crossing(path.hex, far, far_lane):
                stack.append((other, back, meeting))
    return _reached(graph, starts, nodes, paths, leaves)


def site_reach(board: Board, family: str, graph: Graph | None = None) -> Reach:
    """What `family` reaches as 18xx.games' graph finds it (`Graph#compute`, `Node#walk`,
    `Path#walk`): from each token's city in turn, a depth-first walk in the tiles' path order
    that marks every stop and path it enters as visited for the rest of that walk (the other
    tokens' cities count as visited from the start), never enters a path while one of its edges
    is in use further up the walk, and forgets a visit only behind an exit two paths of one
    tile share (a converging exit). A stop reached a second time, round a loop, is not left
    again; a path entered from one end is not entered from the other."""
    graph = graph or graph_of(board)
    starts = graph.family_nodes(family)
    nodes: set[Node] = set(starts)
    paths: set[int] = set()
    leaves: set[tuple[str, int]] = set()
    for start in starts:
        _SiteWalk(graph, family, nodes, paths, leaves).run(start, set(starts) - {start})
    return _reached(graph, starts, nodes, paths, leaves)


Walk = Iterator[Any]  # a step of the walk: yields the steps it calls, in order


@dataclass
class _SiteWalk:
    """One token's walk (the site's recursion, run on an explicit stack of generators)."""

    graph: Graph
    family: str
    nodes: set[Node]
    paths: set[int]
    leaves: set[tuple[str, int]]
    visited_nodes: set[Node] = field(default_factory=set)
    visited_paths: set[int] = field(default_factory=set)
    counter: Counter[tuple[str, int, int]] = field(default_factory=Counter)  # edges in use

    def run(self, start: Node, visited_nodes: set[Node]) -> None:
        self.visited_nodes = visited_nodes
        stack: list[Walk] = [self._node(start, False)]
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
            else:
                stack.append(child)

    def _node(self, node: Node, converging: bool) -> Walk:
        if node in self.visited_nodes:
            return
        self.visited_nodes.add(node)
        for pid in self.graph.by_node.get(node, ()):
            yield self._path(pid, None, False, converging, node, converging)
        if converging:
            self.visited_nodes.discard(node)

    def _path(
        self,
        pid: int,
        skip: int | None,
        jskip: bool,
        converging: bool,
        origin: Node,
        origin_converging: bool,
    ) -> Walk:
        graph = self.graph
        path = graph.paths[pid]
        junction = JUNCTION in (path.a, path.b)
        key = (path.hex, JUNCTION, 0)
        if pid in self.visited_paths or (junction and self.counter[key] > 1):
            return
        ends = ((path.a, path.lane_a), (path.b, path.lane_b))
        exits = [(end, lane) for end, lane in ends if 0 <= end < STOP_BASE]
        if any(self.counter[(path.hex, end, lane[1])] for end, lane in exits):
            return
        self.visited_paths.add(pid)
        if junction:
            self.counter[key] += 1
        self.paths.add(pid)
        stops = [(path.hex, end - STOP_BASE) for end, _ in ends if end >= STOP_BASE]
        self.nodes.update(stops)
        for node in stops:
            if node != origin and not graph.blocks(node, self.family):
                yield self._node(node, origin_converging or converging)
        if junction and not jskip:
            for other in graph.by_junction.get(path.hex, ()):
                yield self._path(other, None, True, converging, origin, origin_converging)
        for end, lane in exits:
            if end == skip:
                continue
            beyond = neighbour(path.hex, end, graph.board.row_zero)
            if beyond is None or beyond not in graph.faces:
                continue
            self.leaves.add((path.hex, end))
            self.counter[(path.hex, end, lane[1])] += 1
            back = opposite(end)
            onward = converging or len(graph.by_exit.get((path.hex, end), ())) > 1
            meeting = lanes_meeting(lane)
            for other in graph.by_exit.get((beyond, back), ()):
                if _lane_at(graph.paths[other], back) in meeting:
                    yield self._path(other, back, False, onward, origin, origin_converging)
            self.counter[(path.hex, end, lane[1])] -= 1
        if converging:
            self.visited_paths.discard(pid)
        if junction:
            self.counter[key] -= 1


def _lane_at(path: PathRec, end: int) -> Lane:
    return path.lane_a if path.a == end else path.lane_b


def _reached(
    graph: Graph,
    starts: Iterable[Node],
    nodes: set[Node],
    paths: set[int],
    leaves: set[tuple[str, int]],
) -> Reach:
    """The reach of a walk: the hexes' edges its paths use (both sides of each), and every edge
    of a token's hex."""
    edges: dict[str, set[int]] = {}
    for pid in paths:
        path = graph.paths[pid]
        for edge in path.edges():
            edges.setdefault(path.hex, set()).add(edge)
            beyond = neighbour(path.hex, edge, graph.board.row_zero)
            if beyond is not None and beyond in graph.faces:
                edges.setdefault(beyond, set()).add(opposite(edge))
    for node in starts:
        edges.setdefault(node[0], set()).update(range(6))
    return Reach(nodes, paths, edges, leaves)
