"""Build the compact 18ZOO board facts of domain/games/zoo18/board/ from ../shared/data/18zoo.

Run from the repo root: `.venv/bin/python tools/zoo18_data.py`. It keeps only the facts the
engine reads (no prose, no fixture lists) so the domain never reads ../shared at run time.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT.parent / "shared" / "data" / "18zoo"
TARGET = ROOT / "domain" / "games" / "zoo18" / "board"

TILE_KEYS = (
    "color",
    "count",
    "label",
    "cities",
    "towns",
    "offboards",
    "junction",
    "paths",
    "same_physical_piece_as",
    "upgrades_to",
    "rabbits_upgrades_to",
    "moles_upgrades_to",
    "only_via_power",
    "only_on_home_of",
)
HEX_KEYS = (
    "color",
    "type",
    "label",
    "lay_cost",
    "terrain",
    "location_name",
    "cities",
    "towns",
    "offboards",
    "junction",
    "paths",
    "preprinted_tile_id",
    "home_of",
)


def pick(source: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {key: source[key] for key in keys if key in source}


def build_tiles(raw: dict[str, Any]) -> dict[str, Any]:
    tiles = {name: pick(tile, TILE_KEYS) for name, tile in raw["tiles"].items()}
    kinds = raw["preprinted_white_hex_types"].items()
    first = {kind: facts["first_lay_options"] for kind, facts in kinds}
    return {"tiles": tiles, "first_lay_options": first}


def build_maps(raw: dict[str, Any]) -> dict[str, Any]:
    maps: dict[str, Any] = {}
    for map_id, facts in raw["maps"].items():
        hole = facts.get("hole") or {}
        maps[map_id] = {
            "families": facts["corporations"],
            "homes": facts["homes"],
            "hexes": {coord: pick(hexdef, HEX_KEYS) for coord, hexdef in facts["hexes"].items()},
            "variants": {
                name: {
                    coord: pick(hexdef, HEX_KEYS)
                    for coord, hexdef in facts[f"optional_rule_{name}"]["replaces"].items()
                }
                for name in ("base_2", "base_3")
                if facts.get(f"optional_rule_{name}")
            },
            "hole": {
                "r_areas": hole.get("r_areas", []),
                "extra_track_tiles": hole.get("extra_track_tiles", {}),
                "pairs": hole.get("pairs", {}),
            },
        }
    return maps


def main() -> None:
    TARGET.mkdir(parents=True, exist_ok=True)
    tiles = build_tiles(json.loads((SOURCE / "tiles.json").read_text()))
    maps = build_maps(json.loads((SOURCE / "maps.json").read_text()))
    (TARGET / "tiles.json").write_text(json.dumps(tiles, separators=(",", ":"), sort_keys=True))
    (TARGET / "maps.json").write_text(json.dumps(maps, separators=(",", ":"), sort_keys=True))


if __name__ == "__main__":
    main()
