"""Finding routes: whether a family can run at all, and a good set of routes for its trains.

Routes are grown as "arms" out of each token city (walks through passable stops), then two
arms of the same city are joined. Arms carry bit masks of their paths and stops so joins are
cheap; joined routes are scored (exactly, with every rule) best rough value first.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from domain.games.zoo18.board.graph import Graph, Node, graph_of
from domain.games.zoo18.board.maps import load_map
from domain.games.zoo18.board.model import (
    Board,
    MapDef,
    Modifiers,
    PhaseColours,
    RouteSpec,
    Train,
)
from domain.games.zoo18.board.routes import (
    Scored,
    TrainKind,
    route_revenue,
    score,
    stop_value,
    track_keys,
    train_kind,
)
from domain.games.zoo18.board.walks import Chain, chain_hexes
from domain.kernel import Rejected

MAX_ARMS = 400  # arms grown from one token city
MAX_SCORED = 1000  # distinct joined routes scored per train (B 5 9331 #335: the 5S's 100, which
# shares no track with the 4S's 210, was its 290th of some 300; 150 cut it)
# search steps when combining trains, one per route looked at: every kept route of every train
# is tried (a cut to the first 60 per train missed C 5 2004's third train, whose only free
# route was the 70th), and the bound on what is left prunes; this only stops a pathological
# board from running long (with 1000 routes a train, a count of calls alone would not)
SEARCH_STEPS = 1_000_000


def can_run(board: Board, family: str) -> bool:
    graph = graph_of(board)
    return any(next(graph.chains(node), None) is not None for node in graph.family_nodes(family))


@dataclass(frozen=True)
class Arm:
    chains: tuple[Chain, ...]
    paths: int  # bit mask of path ids
    stops: int  # bit mask of stop indexes (the start excluded)
    counted: int
    value: int


def _arms(
    graph: Graph,
    family: str,
    start: Node,
    budget: int,
    kind: TrainKind,
    colours: PhaseColours,
    wings: bool,
) -> list[Arm]:
    """Walks from `start` through passable stops with at most `budget` counted stops beyond it.

    With `wings`, a walk may fly over one city full of other tokens (WINGS).
    """
    index = {node: i for i, node in enumerate(graph.nodes)}
    arms = [Arm((), 0, 0, 0, 0)]

    def extend(node: Node, arm: Arm, flown: bool) -> None:
        for end, pids in graph.chains(node):
            if len(arms) >= MAX_ARMS:
                return
            bit = 1 << index[end]
            if end == start or arm.stops & bit:
                continue
            mask = sum(1 << pid for pid in set(pids))
            if arm.paths & mask:
                continue
            stop = graph.stop(end)
            counted = 0 if (stop.kind == "town" and kind.kind != "J") or stop.hidden else 1
            chains = (*arm.chains, (node, end, pids))
            blocked = graph.blocks(end, family)
            if arm.counted + counted <= budget:
                value = arm.value + stop_value(stop, colours)
                grown = Arm(chains, arm.paths | mask, arm.stops | bit, arm.counted + counted, value)
                arms.append(grown)
                if not blocked:
                    extend(end, grown, flown)
            if blocked and wings and not flown and stop.kind == "city":
                # flown over, the city neither counts nor pays, as `score` reads a WINGS run
                extend(
                    end,
                    Arm(chains, arm.paths | mask, arm.stops | bit, arm.counted, arm.value),
                    True,
                )

    extend(start, arms[0], False)
    return arms


def _joined(left: Arm, right: Arm) -> tuple[Chain, ...]:
    """Route = left arm reversed, then right arm (both leave the same token city)."""
    reversed_left = [(b, a, tuple(reversed(pids))) for a, b, pids in reversed(left.chains)]
    return (*reversed_left, *right.chains)


def _candidate_routes(
    graph: Graph, family: str, train: Train, colours: PhaseColours, modifiers: Modifiers
) -> list[Scored]:
    kind = train_kind(train.name)
    plain = Modifiers(
        wheat_hex=modifiers.wheat_hex,
        two_barrels=modifiers.two_barrels,
        a_squeeze=modifiers.a_squeeze,
        sugar=modifiers.sugar and kind.kind == "S",
        wings=modifiers.wings,
        skip_costs_1s=modifiers.skip_costs_1s,
    )
    limit = kind.distance + (1 if plain.sugar else 0)
    pairs: list[tuple[int, int, Arm, Arm]] = []
    for start in graph.family_nodes(family):
        start_stop = graph.stop(start)
        base = stop_value(start_stop, colours)
        own = 1 if start_stop.kind == "city" or kind.kind == "J" else 0
        if kind.kind == "1S" and (not modifiers.local_on_track or graph.by_node.get(start)):
            lone = Arm(((start, start, ()),), 0, 0, 0, 0)
            pairs.append((base, len(pairs), Arm((), 0, 0, 0, 0), lone))
        arms = _arms(graph, family, start, limit - own, kind, colours, plain.wings)
        for i, left in enumerate(arms):
            room = limit - own - left.counted
            for right in arms[i + 1 :]:
                if right.counted > room or left.paths & right.paths or left.stops & right.stops:
                    continue
                pairs.append((base + left.value + right.value, len(pairs), left, right))
            if left.chains:
                pairs.append((base + left.value, len(pairs), Arm((), 0, 0, 0, 0), left))
    pairs.sort(key=lambda pair: (-pair[0], pair[1]))
    scored: list[Scored] = []
    # a route is found once from each token city on it (split there into two arms): its paths
    # name it, and only its first finding counts towards the routes kept (D 4 9063 #349: three
    # tokens on the rich routes filled the 150 with copies and the 4S's own 100 came 86th)
    seen: set[int | Node] = set()
    for _, _, left, right in pairs:
        route = left.paths | right.paths or right.chains[0][0]
        if route in seen:
            continue
        seen.add(route)
        try:
            scored.append(score(graph, family, train, _joined(left, right), colours, plain))
        except Rejected:
            continue
        if len(scored) >= MAX_SCORED:
            break
    scored.sort(key=lambda s: -s.result.revenue)
    return scored


def route_shapes(
    board: Board, family: str, train: Train, colours: PhaseColours, modifiers: Modifiers
) -> list[RouteSpec]:
    """Every route the search scores for `train` alone, as recorded routes, the richest first
    (the harness's exploring bot runs any of them)."""
    graph = graph_of(board)
    return [
        RouteSpec(train.id, _connections(graph, scored.chains))
        for scored in _candidate_routes(graph, family, train, tuple(colours), modifiers)
    ]


def best_routes(
    board: Board,
    map_def: MapDef,
    family: str,
    trains: tuple[Train, ...],
    colours: PhaseColours,
    modifiers: Modifiers,
) -> tuple[RouteSpec, ...]:
    return _best_routes(board, family, trains, tuple(colours), modifiers)


@lru_cache(maxsize=128)
def _best_routes(
    board: Board,
    family: str,
    trains: tuple[Train, ...],
    colours: PhaseColours,
    modifiers: Modifiers,
) -> tuple[RouteSpec, ...]:
    graph = graph_of(board)
    options: list[list[Scored]] = []
    keys_of: list[list[frozenset[object]]] = []
    for train in trains:
        # one route per track and revenue: the same route found from both of its ends (two
        # tokens) or along other paths of the same hexes would fill the few tried per train
        kept: dict[tuple[frozenset[object], int], Scored] = {}
        for scored in _candidate_routes(graph, family, train, colours, modifiers):
            keys = frozenset(k for pid in scored.pids for k in track_keys(graph, pid))
            kept.setdefault((keys, scored.result.revenue), scored)
        options.append(list(kept.values()))
        keys_of.append([keys for keys, _ in kept])
    ceiling = [max((s.result.revenue for s in o), default=0) for o in options]
    map_def = load_map(board.map_id, board.variant)

    def accepted(chosen: list[Scored | None]) -> tuple[RouteSpec, ...] | None:
        """The set as recorded routes, if `route_revenue` accepts it as it resolves them."""
        specs = tuple(
            RouteSpec(train.id, _connections(graph, scored.chains))
            for train, scored in zip(trains, chosen, strict=False)
            if scored is not None
        )
        try:
            route_revenue(board, map_def, family, trains, specs, colours, modifiers)
        except Rejected:
            return None
        return specs

    best: list[tuple[int, tuple[RouteSpec, ...]]] = [(-1, ())]
    steps = [SEARCH_STEPS]

    def search(
        index: int, chosen: list[Scored | None], keys: frozenset[object], total: int, first: int
    ) -> None:
        """Train `index` takes a route from its `first` on (a train like the one before it takes
        a later one than that train, or none: the same set is not tried twice) or none."""
        steps[0] -= 1
        if steps[0] < 0 or total + sum(ceiling[index:]) <= best[0][0]:
            return
        if sum(1 for s in chosen if s is not None and s.sugar) > 1:
            return
        if sum(1 for s in chosen if s is not None and s.wings) > 1:
            return
        if index == len(options):
            specs = accepted(chosen)
            if specs is not None:  # a set the run check reads otherwise is not offered
                best[0] = (total, specs)
            return
        alike = index + 1 < len(trains) and trains[index + 1].name == trains[index].name
        rest = sum(ceiling[index + 1 :])
        tried = options[index]
        for position in range(first, len(tried)):
            scored = tried[position]
            if total + scored.result.revenue + rest <= best[0][0]:
                break  # the routes are in falling revenue: no later one does better
            steps[0] -= 1
            if steps[0] < 0:
                return
            route_keys = keys_of[index][position]
            if route_keys & keys:
                continue
            search(
                index + 1,
                [*chosen, scored],
                keys | route_keys,
                total + scored.result.revenue,
                position + 1 if alike else 0,
            )
        search(index + 1, [*chosen, None], keys, total, len(tried) if alike else 0)

    search(0, [], frozenset(), 0, 0)
    return best[0][1]


def _connections(graph: Graph, chains: tuple[Chain, ...]) -> tuple[tuple[str, ...], ...]:
    if len(chains) == 1 and not chains[0][2]:
        return (("local", chains[0][0][0]),)
    return tuple(chain_hexes(graph, pids) for _, _, pids in chains)
