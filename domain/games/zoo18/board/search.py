"""Finding routes: whether a family can run at all, and a good set of routes for its trains."""

from __future__ import annotations

from domain.games.zoo18.board.graph import Graph, Node, graph_of
from domain.games.zoo18.board.model import (
    Board,
    MapDef,
    Modifiers,
    PhaseColours,
    RouteSpec,
    Train,
)
from domain.games.zoo18.board.routes import (
    Chain,
    Scored,
    chain_hexes,
    score,
    track_keys,
    train_kind,
)
from domain.kernel import Rejected

MAX_ARMS = 500
MAX_ROUTES = 300
BRANCHING = 40

RouteKey = tuple[frozenset[int], frozenset[Node]]


def _key(chains: tuple[Chain, ...]) -> RouteKey:
    pids = frozenset(p for c in chains for p in c[2])
    return pids, frozenset(n for c in chains for n in c[:2])


def can_run(board: Board, family: str) -> bool:
    graph = graph_of(board)
    return any(next(graph.chains(node), None) is not None for node in graph.family_nodes(family))


def _arms(
    graph: Graph, family: str, start: Node, budget: int, count_ponds: bool, wings: bool = False
) -> list[list[Chain]]:
    """Walks from `start` through passable stops, at most `budget` counted stops beyond it.

    With `wings`, a walk may fly over one city full of other tokens (WINGS).
    """
    arms: list[list[Chain]] = [[]]

    def extend(
        node: Node, chains: list[Chain], seen: set[Node], used: set[int], left: int, flown: bool
    ) -> None:
        for end, pids in graph.chains(node, frozenset(used)):
            if len(arms) >= MAX_ARMS:
                return
            if end in seen:
                continue
            stop = graph.stop(end)
            cost = 0 if (stop.kind == "town" and not count_ponds) or stop.hidden else 1
            if cost > left:
                continue
            arm = [*chains, (node, end, pids)]
            arms.append(arm)
            if not graph.blocks(end, family):
                extend(end, arm, seen | {end}, used | set(pids), left - cost, flown)
            elif wings and not flown and stop.kind == "city":
                extend(end, arm, seen | {end}, used | set(pids), left, True)

    extend(start, [], {start}, set(), budget, False)
    return arms


def _join(left: list[Chain], right: list[Chain]) -> tuple[Chain, ...] | None:
    """Route = left arm reversed, then right arm (both start at the same token city)."""
    if {c[1] for c in left} & {c[1] for c in right}:
        return None
    pids_left = {p for c in left for p in c[2]}
    if any(p in pids_left for c in right for p in c[2]):
        return None
    reversed_left = [(b, a, tuple(reversed(pids))) for a, b, pids in reversed(left)]
    return (*reversed_left, *right)


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
    )
    found: dict[RouteKey, Scored] = {}

    def keep(chains: tuple[Chain, ...]) -> None:
        key = _key(chains)
        if key in found:
            return
        try:
            found[key] = score(graph, family, train, chains, colours, plain)
        except Rejected:
            return

    for start in graph.family_nodes(family):
        if kind.kind == "1S":
            keep(((start, start, ()),))
        reach = kind.distance + (1 if plain.sugar else 0)
        arms = _arms(graph, family, start, reach, kind.kind == "J", plain.wings)
        for i, left in enumerate(arms):
            for right in arms[i:]:
                route = _join(left, right)
                if route:
                    keep(route)
    best = sorted(found.values(), key=lambda s: -s.result.revenue)
    return best[:MAX_ROUTES]


def best_routes(
    board: Board,
    map_def: MapDef,
    family: str,
    trains: tuple[Train, ...],
    colours: PhaseColours,
    modifiers: Modifiers,
) -> tuple[RouteSpec, ...]:
    graph = graph_of(board)
    options = [_candidate_routes(graph, family, train, colours, modifiers) for train in trains]
    ceiling = [max((s.result.revenue for s in o), default=0) for o in options]
    best: list[tuple[int, list[Scored | None]]] = [(-1, [])]

    def search(index: int, chosen: list[Scored | None], keys: set[object], total: int) -> None:
        if sum(1 for s in chosen if s is not None and s.sugar) > 1:
            return
        if sum(1 for s in chosen if s is not None and s.wings) > 1:
            return
        if total + sum(ceiling[index:]) <= best[0][0]:
            return
        if index == len(options):
            best[0] = (total, list(chosen))
            return
        for scored in options[index][:BRANCHING]:
            route_keys = {k for pid in scored.pids for k in track_keys(graph, pid)}
            if route_keys & keys:
                continue
            search(index + 1, [*chosen, scored], keys | route_keys, total + scored.result.revenue)
        search(index + 1, [*chosen, None], keys, total)

    search(0, [], set(), 0)
    specs: list[RouteSpec] = []
    for train, scored in zip(trains, best[0][1], strict=False):
        if scored is not None:
            specs.append(RouteSpec(train.id, _connections(graph, scored.chains)))
    return tuple(specs)


def _connections(graph: Graph, chains: tuple[Chain, ...]) -> tuple[tuple[str, ...], ...]:
    if len(chains) == 1 and not chains[0][2]:
        return (("local", chains[0][0][0]),)
    return tuple(chain_hexes(graph, pids) for _, _, pids in chains)
