"""How 18xx.games reads a recorded run back into stops (`Route#connection_data`), so that an
export can write each route in a form the site reads as Plateau ran it.

The site matches each connection (a list of hexes) to every walk between a stop of its first
hex and a stop of its last, then joins the connections two by two, left to right: of the pairs
of walks that meet in exactly one stop and share no path with each other or with what is
already chosen, it takes the one with the most stops among the route's `nodes` signatures, the
first on a tie (walks ordered by start stop, end stop, then length). Each join is chosen on its
own, so a route that stops at both ponds of a tile can be read with one pond twice ("Cannot
use H2 twice", C 4 20470 #147), where the same route written from its other end is read right;
and a route entering a tile of two ponds by the edge they share can be read as arriving at one
pond and leaving from the other (situation 4 of issue 42): the site pays both (`site_stops`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from domain.games.zoo18.board.graph import Graph, Node
from domain.games.zoo18.board.walks import Chain, walks_along

Connection = tuple[str, ...]


def matching_walks(graph: Graph, hexes: Connection) -> list[Chain]:
    """The walks whose hexes are exactly `hexes`, in the order the site lists them."""
    walks: list[Chain] = []
    for start in sorted(n for n in graph.nodes if n[0] == hexes[0]):
        found = list(walks_along(graph, start, hexes, frozenset()))
        walks += sorted(found, key=lambda walk: (walk[1][1], len(walk[2])))
    return walks


def read_back(
    graph: Graph,
    connections: Sequence[Connection],
    signatures: Sequence[str],
    other_paths: frozenset[int],
) -> list[Node] | None:
    """The stops the site reads a route of two or more connections as, in order (None where
    it reads none: a join with no candidate)."""
    joins = _joins(graph, connections, signatures, other_paths)
    if joins is None:
        return None
    return [joins[0][0], joins[0][1], *(right for _, _, right in joins)]


def site_stops(
    graph: Graph,
    connections: Sequence[Connection],
    signatures: Sequence[str],
    other_paths: frozenset[int],
) -> list[Node] | None:
    """The stops the site pays a route of two or more connections (`Game#visited_stops`): the
    ends of every join, each once, in order. Each join reads its connections on its own, so
    the stop a join ends a connection at may not be the one the next join starts it from: a
    route entering a tile of two ponds by their shared edge and leaving by one pond's other
    edge is read as arriving at the first pond and leaving from the other, and stops at both."""
    joins = _joins(graph, connections, signatures, other_paths)
    if joins is None:
        return None
    ends = [joins[0][0]] + [stop for _, mid, right in joins for stop in (mid, right)]
    return list(dict.fromkeys(ends))


def _joins(
    graph: Graph,
    connections: Sequence[Connection],
    signatures: Sequence[str],
    other_paths: frozenset[int],
) -> list[tuple[Node, Node, Node]] | None:
    """(left, middle, right) of each join of two connections, as the site chooses it
    (`Route#find_pairwise_chain`); None where a join has no candidate."""
    if len(connections) < 2 or not all(connections):
        return None
    named = set(signatures)
    options = [matching_walks(graph, tuple(c)) for c in connections]
    used = set(other_paths)
    joins: list[tuple[Node, Node, Node]] = []
    for walks_a, walks_b in itertools.pairwise(options):
        candidates = []
        for a in (w for w in walks_a if used.isdisjoint(w[2])):
            for b in (w for w in walks_b if used.isdisjoint(w[2])):
                middle = {a[0], a[1]} & {b[0], b[1]}
                if len(middle) != 1 or not set(a[2]).isdisjoint(b[2]):
                    continue
                (mid,) = middle
                left = a[1] if a[0] == mid else a[0]
                right = b[1] if b[0] == mid else b[0]
                candidates.append((a, left, right, mid))
        if not candidates:
            return None
        # max keeps the first of equals, as the site's max_by does
        a, left, right, mid = max(
            candidates, key=lambda c: sum(f"{n[0]}-{n[1]}" in named for n in c[1:])
        )
        joins.append((left, mid, right))
        used.update(a[2])
    return joins
