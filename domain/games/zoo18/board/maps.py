"""Loading the shipped tile manifest and maps (domain/games/zoo18/board/*.json) into values."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from domain.games.zoo18.board.model import HexDef, MapDef, Stop, TileDef
from domain.kernel import illegal

JUNCTION = -1
STOP_BASE = 6  # path end codes: 0..5 edges, STOP_BASE + i the i-th stop, JUNCTION

ORDINARY_LANE = (1, 0)


@cache
def _raw(name: str) -> Any:
    text = resources.files("domain.games.zoo18.board").joinpath(name).read_text()
    return json.loads(text)


def _revenue(value: Any) -> int | tuple[tuple[str, int], ...]:
    if isinstance(value, int):
        return value
    order = ("white", "yellow", "green", "brown", "gray")
    pairs = sorted(value.items(), key=lambda item: order.index(item[0]))
    return tuple((colour, int(amount)) for colour, amount in pairs)


def _stops(facts: dict[str, Any]) -> tuple[Stop, ...]:
    stops = [
        Stop("city", _revenue(city["revenue"]), int(city.get("slots", 1)))
        for city in facts.get("cities", [])
    ]
    stops += [Stop("town", _revenue(town["revenue"])) for town in facts.get("towns", [])]
    stops += [
        Stop("offboard", _revenue(off["revenue"]), hidden=bool(off.get("hidden", False)))
        for off in facts.get("offboards", [])
    ]
    return tuple(stops)


def _end(end: str, facts: dict[str, Any]) -> int:
    cities = len(facts.get("cities", []))
    towns = len(facts.get("towns", []))
    if end.startswith("edge"):
        return int(end[4:])
    if end == "junction":
        return JUNCTION
    if end.startswith("city"):
        return STOP_BASE + int(end[4:])
    if end.startswith("town"):
        return STOP_BASE + cities + int(end[4:])
    if end.startswith("offboard"):
        return STOP_BASE + cities + towns + int(end[8:])
    raise ValueError(f"unknown path end {end}")


def _lane(spec: str | None) -> tuple[int, int]:
    if spec is None:
        return ORDINARY_LANE
    width, index = spec.split(".")
    return int(width), int(index)


def _paths(
    facts: dict[str, Any],
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[tuple[int, int], tuple[int, int]], ...]]:
    paths: list[tuple[int, int]] = []
    lanes: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for path in facts.get("paths", []):
        if isinstance(path, list):
            paths.append((_end(path[0], facts), _end(path[1], facts)))
            lanes.append((ORDINARY_LANE, ORDINARY_LANE))
            continue
        a, b = _end(path["a"], facts), _end(path["b"], facts)
        if path.get("lanes"):
            width = int(path["lanes"])
            for index in range(width):
                paths.append((a, b))
                lanes.append(((width, index), (width, width - 1 - index)))
        else:
            paths.append((a, b))
            lanes.append((_lane(path.get("a_lane")), _lane(path.get("b_lane"))))
    return tuple(paths), tuple(lanes)


def _tile(name: str, facts: dict[str, Any]) -> TileDef:
    paths, lanes = _paths(facts)
    return TileDef(
        name=name,
        color=facts["color"],
        stops=_stops(facts),
        paths=paths,
        lanes=lanes,
        label=facts.get("label"),
        count=int(facts.get("count", 0)),
        partner=facts.get("same_physical_piece_as"),
        upgrades_to=tuple(facts.get("upgrades_to", ())),
        rabbits_upgrades_to=tuple(facts.get("rabbits_upgrades_to", ())),
        moles_upgrades_to=tuple(facts.get("moles_upgrades_to", ())),
        only_via_power=facts.get("only_via_power"),
        only_on_home_of=facts.get("only_on_home_of"),
    )


@cache
def manifest() -> dict[str, TileDef]:
    """Every tile of the 18ZOO manifest by name."""
    return {name: _tile(name, facts) for name, facts in _raw("tiles.json")["tiles"].items()}


@cache
def first_lay_options(hex_type: str) -> tuple[str, ...]:
    """Tile names a white hex of this type takes on its first lay."""
    return tuple(_raw("tiles.json")["first_lay_options"].get(hex_type, ()))


@cache
def tile_name(copy_id: str) -> str:
    """ "X7-3" -> "X7"; a bare name is returned unchanged."""
    name, _, index = copy_id.rpartition("-")
    return name if name and index.isdigit() and name in manifest() else copy_id


def copy_index(copy_id: str) -> int:
    return int(copy_id.rpartition("-")[2])


def tile_def(name_or_copy: str) -> TileDef:
    tiles = manifest()
    name = tile_name(name_or_copy)
    if name not in tiles:
        illegal(f"there is no tile {name_or_copy} in 18ZOO")
    return tiles[name]


def _hex(coord: str, facts: dict[str, Any]) -> HexDef:
    preprinted_id = facts.get("preprinted_tile_id", f"{coord}-0")
    return HexDef(
        coord=coord,
        color=facts["color"],
        type=facts["type"],
        preprinted=_tile(preprinted_id, facts),
        preprinted_id=preprinted_id,
        lay_cost=int(facts.get("lay_cost", 0)),
        terrain=facts.get("terrain"),
        location_name=facts.get("location_name"),
        home_of=facts.get("home_of"),
    )


@cache
def load_map(map_id: str, variant: str | None = None) -> MapDef:
    maps = _raw("maps.json")
    if map_id not in maps:
        illegal(f"18ZOO has maps A to F, not {map_id!r}")
    facts = maps[map_id]
    if variant is not None and variant not in facts["variants"]:
        illegal(f"map {map_id} has no centre variant {variant!r}")
    raw_hexes = dict(facts["hexes"])
    if variant is not None:
        raw_hexes.update(facts["variants"][variant])
    return MapDef(
        map_id=map_id,
        variant=variant,
        families=tuple(facts["families"]),
        homes=tuple(facts["homes"].items()),
        hexes={coord: _hex(coord, hexdef) for coord, hexdef in raw_hexes.items()},
        r_areas=tuple(facts["hole"]["r_areas"]),
    )


@cache
def hole_faces(map_id: str, pair: tuple[str, str]) -> dict[str, TileDef]:
    """The red tunnel faces that replace hexes once HOLE links the R areas of `pair`."""
    hole = _raw("maps.json")[map_id]["hole"]
    key = "-".join(sorted(pair))
    if key not in hole["pairs"]:
        illegal(f"{pair[0]} and {pair[1]} cannot be linked by a hole")
    faces: dict[str, TileDef] = {}
    for coord, facts in hole["pairs"][key]["pair_specific_tiles"].items():
        faces[coord] = _tile(f"{coord}-0", {"color": "red", **facts})
    for coord in hole["pairs"][key]["relaid_hexes"]:
        if coord in hole["extra_track_tiles"] and coord not in faces:
            faces[coord] = _tile(f"{coord}-0", {"color": "red", **hole["extra_track_tiles"][coord]})
    return faces
