"""Walks on the track graph: a chain is a walk between two stops through edges and junctions
only, named by its ends and its paths. Read by the runs (`routes`) and by the site's reading of
a recorded run (`site_reading`)."""

from __future__ import annotations

from collections.abc import Iterator

from domain.games.zoo18.board.graph import Graph, Node

Chain = tuple[Node, Node, tuple[int, ...]]


def chain_hexes(graph: Graph, pids: tuple[int, ...]) -> tuple[str, ...]:
    hexes: list[str] = []
    for pid in pids:
        coord = graph.paths[pid].hex
        if not hexes or hexes[-1] != coord:
            hexes.append(coord)
    return tuple(hexes)


def walks_along(
    graph: Graph, start: Node, hexes: tuple[str, ...], avoid: frozenset[int]
) -> Iterator[Chain]:
    """Walks from `start` whose hex list is exactly `hexes`."""
    for end, pids in graph.chains(start, avoid):
        if end[0] == hexes[-1] and chain_hexes(graph, pids) == hexes:
            yield start, end, pids
