"""What a client needs to draw the board: every hex with its face, track, stops and tokens."""

from __future__ import annotations

import msgspec

from domain.games.zoo18.board.graph import graph_of
from domain.games.zoo18.board.maps import JUNCTION, STOP_BASE, load_map
from domain.games.zoo18.board.model import Board, PhaseColours, TileDef
from domain.games.zoo18.board.routes import stop_value


class StopView(msgspec.Struct, frozen=True):
    kind: str  # "city", "town" (pond) or "offboard"
    revenue: int  # what it pays now
    slots: int
    tokens: tuple[tuple[int, str], ...]  # (slot, family sym or "WIP")
    reserved: tuple[tuple[int, str], ...]  # (slot, family) kept for a home or THAT'S MINE
    hidden: bool = False


class HexView(msgspec.Struct, frozen=True):
    hex: str
    color: str
    type: str  # the printed hex type: plain, hill_M, pond_O, city_Y, home, offboard_R, ...
    tile: str | None  # laid tile copy, e.g. "7-0"
    face: str  # tile name or preprinted id shown
    rotation: int
    label: str | None
    paths: tuple[tuple[str, str], ...]  # absolute ends: "edge0".."edge5", "stop0".., "junction"
    stops: tuple[StopView, ...]
    lay_cost: int
    home_of: str | None
    terrain: str | None = None  # "hill" or "mountain" as printed (the cost is lay_cost)


def _end(end: int) -> str:
    if end == JUNCTION:
        return "junction"
    if end >= STOP_BASE:
        return f"stop{end - STOP_BASE}"
    return f"edge{end}"


def _paths(tile: TileDef, rotation: int) -> tuple[tuple[str, str], ...]:
    def turn(end: int) -> int:
        return (end + rotation) % 6 if 0 <= end < STOP_BASE else end

    return tuple((_end(turn(a)), _end(turn(b))) for a, b in tile.paths)


def describe(board: Board, colours: PhaseColours) -> list[HexView]:
    map_def = load_map(board.map_id, board.variant)
    graph = graph_of(board)
    laid = {t.hex: t for t in board.tiles}
    views: list[HexView] = []
    for coord, hexdef in sorted(map_def.hexes.items()):
        tile, rotation, _ = graph.faces[coord]
        on_hex = laid.get(coord)
        stops = tuple(
            StopView(
                kind=stop.kind,
                revenue=stop_value(stop, colours),
                slots=graph.slots((coord, index)),
                tokens=tuple(
                    sorted(
                        (t.slot, t.owner) for t in board.tokens if (t.hex, t.city) == (coord, index)
                    )
                ),
                reserved=tuple(
                    sorted(
                        (r.slot, r.family)
                        for r in board.reservations
                        if (r.hex, r.city) == (coord, index)
                    )
                ),
                hidden=stop.hidden,
            )
            for index, stop in enumerate(tile.stops)
        )
        views.append(
            HexView(
                hex=coord,
                color=tile.color,
                type=hexdef.type,
                tile=on_hex.tile if on_hex else None,
                face=tile.name,
                rotation=rotation,
                label=(on_hex.label if on_hex else None) or tile.label or hexdef.location_name,
                paths=_paths(tile, rotation),
                stops=stops,
                lay_cost=hexdef.lay_cost if on_hex is None else 0,
                home_of=hexdef.home_of,
                terrain=hexdef.terrain,
            )
        )
    return views
