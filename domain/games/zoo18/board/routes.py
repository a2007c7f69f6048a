"""Runs: resolving recorded routes onto track, validating them and computing revenue and subsidy.

A route is a list of chains (walks between two stops through edges and junctions only); the
stops of the route are the chain ends in route order. Stop values follow the phase's tile
colours; J trains double every stop and count ponds; S trains visit ponds for free.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.games.zoo18.board.graph import Graph, Node, graph_of
from domain.games.zoo18.board.maps import STOP_BASE, hole_faces
from domain.games.zoo18.board.model import (
    Board,
    MapDef,
    Modifiers,
    PhaseColours,
    RouteResult,
    RouteSpec,
    RunResult,
    Stop,
    Train,
)
from domain.games.zoo18.board.site_reading import site_stops
from domain.games.zoo18.board.walks import Chain, walks_along
from domain.kernel import illegal

TrackKey = tuple[str, int, tuple[int, int]]
WHEAT_BONUS = 30
BARREL_BONUS = 10
SQUEEZE_BONUS = 3


@dataclass(frozen=True)
class TrainKind:
    kind: str  # "S", "J" or "1S"
    distance: int
    multiplier: int


def train_kind(name: str) -> TrainKind:
    """ "2S" / "3S Long" / "5S" -> S trains; "4J" / "2J" -> J trains (x2, ponds count); "1S"."""
    head = name.split()[0]
    if head == "1S":
        return TrainKind("1S", 1, 1)
    if head.endswith("J"):
        return TrainKind("J", int(head[:-1]), 2)
    if head.endswith("S"):
        return TrainKind("S", int(head[:-1]), 1)
    illegal(f"{name} is not an 18ZOO train")


def stop_value(stop: Stop, colours: PhaseColours) -> int:
    """A stop's value now: fixed, or the one of the last phase colour it defines."""
    if isinstance(stop.revenue, int):
        return stop.revenue
    values = dict(stop.revenue)
    value = 0
    for colour in colours:
        value = values.get(colour, value)
    return value


def is_counted(stop: Stop, kind: TrainKind) -> bool:
    """Whether the stop counts for distance: cities, R areas (not hidden), ponds for J trains."""
    if stop.kind == "city":
        return True
    if stop.kind == "town":
        return kind.kind == "J"
    return stop_value(stop, ("yellow",)) > 0


def _candidates(
    graph: Graph, hexes: tuple[str, ...], avoid: frozenset[int], taken: frozenset[TrackKey]
) -> list[Chain]:
    """Walks along `hexes` that use no path in `avoid` and no track in `taken`."""
    found: list[Chain] = []
    for node in sorted(n for n in graph.nodes if n[0] == hexes[0]):
        for chain in walks_along(graph, node, hexes, avoid):
            if not any(key in taken for pid in chain[2] for key in track_keys(graph, pid)):
                found.append(chain)
    return found


def _shared(a: Chain, b: Chain) -> set[Node]:
    return {a[0], a[1]} & {b[0], b[1]}


def resolve(
    graph: Graph,
    family: str,
    spec: RouteSpec,
    avoid: frozenset[int],
    taken: frozenset[TrackKey] = frozenset(),
    on_track: bool = False,
) -> tuple[Chain, ...]:
    """The chains of a recorded route on this board (first fitting choice), or Rejected."""
    connections = spec.connections
    if not connections:
        illegal(f"the route of {spec.train} has no track")
    if len(connections) == 1 and connections[0] and connections[0][0] == "local":
        if len(connections[0]) != 2:
            illegal("a local run names one hex")
        coord = connections[0][1]
        for node in graph.family_nodes(family):
            if node[0] == coord and (not on_track or graph.by_node.get(node)):
                return ((node, node, ()),)
        if on_track:
            illegal(f"{family} has no token on track on {coord} to run from")
        illegal(f"{family} has no token on {coord} to run from")
    options: list[list[Chain]] = []
    for hexes in connections:
        if not hexes:
            illegal(f"the route of {spec.train} has an empty connection")
        if any(coord not in graph.faces for coord in hexes):
            illegal(f"the route of {spec.train} names a hex off the map")
        options.append(_candidates(graph, tuple(hexes), avoid, taken))
        if not options[-1]:
            if _candidates(graph, tuple(hexes), frozenset(), frozenset()):
                illegal(f"the track {'-'.join(hexes)} is already used by another route")
            illegal(f"no track runs {'-'.join(hexes)} for {spec.train}")
    if len(options) == 1:  # a lone connection takes the first walk that touches a token
        options[0].sort(key=lambda chain: family not in _route_owners(graph, [chain]))
    chosen = _pick(graph, options, 0, [], set(taken))
    if chosen is None:
        illegal(f"the connections of {spec.train} do not join into one route")
    if len(chosen) == 1 and family not in _route_owners(graph, chosen):
        illegal(f"the route of {spec.train} does not touch a token of {family}")
    return tuple(chosen)


def _route_owners(graph: Graph, chains: list[Chain]) -> set[str]:
    owners: set[str] = set()
    for a, b, _ in chains:
        owners.update(graph.owners(a))
        owners.update(graph.owners(b))
    return owners


def _pick(
    graph: Graph, options: list[list[Chain]], index: int, chosen: list[Chain], taken: set[TrackKey]
) -> list[Chain] | None:
    """The first choice of one walk per connection that joins up without reusing track."""
    if index == len(options):
        return list(chosen)
    for candidate in options[index]:
        keys = {key for pid in candidate[2] for key in track_keys(graph, pid)}
        if keys & taken:
            continue
        if chosen and len(_shared(chosen[-1], candidate)) != 1:
            continue
        result = _pick(graph, options, index + 1, [*chosen, candidate], taken | keys)
        if result is not None:
            return result
    return None


def ordered_stops(chains: tuple[Chain, ...]) -> list[Node]:
    """The stops of a route in order, or Rejected if the chains branch."""
    first = chains[0]
    if len(chains) == 1:
        return [first[0]] if first[0] == first[1] else [first[0], first[1]]
    shared = _shared(first, chains[1])
    start = first[1] if first[0] in shared else first[0]
    stops = [start, first[1] if start == first[0] else first[0]]
    for a, b, _ in chains[1:]:
        if stops[-1] == a:
            stops.append(b)
        elif stops[-1] == b:
            stops.append(a)
        else:
            illegal("the route branches: each connection must start where the last ended")
    return stops


@dataclass
class Scored:
    result: RouteResult
    pids: tuple[int, ...]
    wings: bool
    sugar: bool
    chains: tuple[Chain, ...] = ()


def _tunnel_paths(graph: Graph, pids: tuple[int, ...]) -> list[int]:
    board = graph.board
    if board.hole is None:
        return []
    areas = set(board.hole)
    return [
        pid
        for pid in pids
        if graph.paths[pid].hex in areas
        and graph.paths[pid].a < STOP_BASE
        and graph.paths[pid].b < STOP_BASE
        and graph.paths[pid].a >= 0
        and graph.paths[pid].b >= 0
    ]


def score(
    graph: Graph,
    family: str,
    train: Train,
    chains: tuple[Chain, ...],
    colours: PhaseColours,
    modifiers: Modifiers,
    read: list[Node] | None = None,
) -> Scored:
    """Validate one route on its own and compute what it pays: at the stops its chains run
    through, or at those `read` (the site's reading of an imported run, rules 16)."""
    kind = train_kind(train.name)
    stops = ordered_stops(chains) if read is None else read
    label = train.id
    if len(set(stops)) != len(stops):
        illegal(f"the route of {label} visits a stop twice")
    if kind.kind != "1S" and len(stops) < 2:
        illegal(f"the route of {label} needs at least two stops")
    if not any(family in graph.owners(node) for node in stops):
        illegal(f"the route of {label} does not touch a token of {family}")
    pids = tuple(pid for chain in chains for pid in chain[2])
    keys = [key for pid in pids for key in track_keys(graph, pid)]
    if len(set(pids)) != len(pids) or len(set(keys)) != len(keys):
        illegal(f"the route of {label} uses the same track twice")
    skipped: list[Node] = []
    for node in stops[1:-1]:
        stop = graph.stop(node)
        if stop.kind == "offboard":
            illegal(f"the route of {label} runs through the off-board {node[0]}")
        if stop.kind == "city" and graph.blocks(node, family):
            only_blocker = graph.slots(node) == 1 and graph.owners(node) == ["WIP"]
            if not modifiers.wings or only_blocker or skipped:
                illegal(f"the route of {label} runs through {node[0]}, full of other tokens")
            skipped.append(node)
    tunnel = _tunnel_paths(graph, pids)
    passes = len(tunnel) // 2
    if tunnel:
        if len(tunnel) != 2 or graph.paths[tunnel[0]].hex == graph.paths[tunnel[1]].hex:
            illegal(f"the route of {label} must leave the tunnel by the other hole")
        if any(node[0] in (graph.board.hole or ()) for node in stops):
            illegal(f"the route of {label} cannot stop at a hole and also run through it")
    elif graph.board.hole is not None:
        ends = {node[0] for node in stops}
        if set(graph.board.hole) <= ends:
            illegal(f"the route of {label} cannot use both holes as its ends")
    counted = sum(1 for node in stops if node not in skipped and is_counted(graph.stop(node), kind))
    counted += passes
    sugar = False
    if kind.kind == "1S":
        if counted > 1:
            illegal(f"the 1S runs to one stop plus ponds, not {counted}")
    else:
        if counted < 2:
            illegal(f"the route of {label} needs two cities or off-boards, it has {counted}")
        if counted > kind.distance:
            if kind.kind == "S" and modifiers.sugar and counted == kind.distance + 1:
                sugar = True
            else:
                illegal(f"{train.name} runs {kind.distance} stops, the route has {counted}")
    base = sum(stop_value(graph.stop(node), colours) for node in stops if node not in skipped)
    revenue = base * kind.multiplier
    ponds = sum(1 for node in stops if graph.stop(node).kind == "town")
    if modifiers.wheat_hex is not None and any(node[0] == modifiers.wheat_hex for node in stops):
        revenue += WHEAT_BONUS * kind.multiplier
    if modifiers.two_barrels:
        revenue += BARREL_BONUS * ponds
    if passes and graph.board.hole is not None:
        area = graph.board.hole[0]
        offboards = [s for s in hole_faces(graph.board.map_id, graph.board.hole)[area].stops]
        revenue += stop_value(offboards[0], colours) * kind.multiplier * passes
    if kind.kind == "1S" and skipped and modifiers.skip_costs_1s:
        lost = stop_value(graph.stop(skipped[0]), colours)
        revenue, ponds = one_s_over_wings(revenue, ponds, lost)
    stop_hexes = tuple(node[0] for node in stops)
    subsidy = 0 if modifiers.two_barrels else ponds
    result = RouteResult(train.id, revenue, subsidy, stop_hexes, tuple(stops))
    return Scored(result, pids, bool(skipped), sugar, chains)


def one_s_over_wings(revenue: int, ponds: int, lost: int) -> tuple[int, int]:
    """A 1S run over a WINGS-skipped city as the site pays it (rules 19), and the ponds it
    subsidises: the site's `revenue_for` takes the skipped city's `lost` value off every run,
    though the 1S scored only its own city (C 5 50020 #417 of the explorer: 30 + a pond's 10 -
    30). When that leaves nothing positive, its `compute_stops` keeps no stop at all: the run
    pays the skipped value taken off and no pond. (A 1S never runs through the hole's tunnel,
    which counts as a stop, so nothing else is paid off the stops.)"""
    if revenue - lost > 0:
        return revenue - lost, ponds
    return -lost, 0


def _site_read(graph: Graph, spec: RouteSpec, others: frozenset[int]) -> list[Node] | None:
    """The stops 18xx.games pays a route recorded without `nodes`: the ones it runs through,
    but for a tile of two ponds entered by their shared edge, both ponds (issue 42, situation
    4); None for a single connection, which the site reads as run."""
    return site_stops(graph, spec.connections, (), others)


def track_keys(graph: Graph, pid: int) -> list[TrackKey]:
    path = graph.paths[pid]
    keys = []
    for end, lane in ((path.a, path.lane_a), (path.b, path.lane_b)):
        if 0 <= end < STOP_BASE:
            keys.append((path.hex, end, lane))
    return keys


def route_revenue(
    board: Board,
    map_def: MapDef,
    family: str,
    trains: tuple[Train, ...],
    routes: tuple[RouteSpec, ...],
    colours: PhaseColours,
    modifiers: Modifiers,
) -> RunResult:
    graph = graph_of(board)
    by_id = {train.id: train for train in trains}
    seen_trains: set[str] = set()
    used: set[int] = set()
    keys: set[TrackKey] = set()
    results: list[RouteResult] = []
    wings = sugar = 0
    for spec in routes:
        if spec.train not in by_id:
            illegal(f"{family} has no train {spec.train}")
        if spec.train in seen_trains:
            illegal(f"{spec.train} runs only once")
        seen_trains.add(spec.train)
        chains = resolve(
            graph, family, spec, frozenset(used), frozenset(keys), modifiers.local_on_track
        )
        read = _site_read(graph, spec, frozenset(used)) if spec.site_read else None
        scored = score(graph, family, by_id[spec.train], chains, colours, modifiers, read)
        for pid in scored.pids:
            for key in track_keys(graph, pid):
                if key in keys:
                    illegal(f"two routes share track on {key[0]}")
            keys.update(track_keys(graph, pid))
        used.update(scored.pids)
        wings += scored.wings
        sugar += scored.sugar
        claim = spec.revenue
        if claim is not None and claim != scored.result.revenue:
            illegal(
                f"the route of {spec.train} pays {scored.result.revenue}, not the {claim} claimed"
            )
        results.append(scored.result)
    if wings > 1:
        illegal("WINGS lets only one train skip one city per run")
    if sugar > 1:
        illegal("A TIP OF SUGAR lets only one train run one stop further")
    revenue = sum(r.revenue for r in results)
    subsidy = 0 if modifiers.two_barrels else sum(r.subsidy for r in results)
    if subsidy > 0 and modifiers.a_squeeze:
        subsidy += SQUEEZE_BONUS
    return RunResult(revenue, subsidy, tuple(results))
