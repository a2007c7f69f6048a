"""The shipped board facts are exactly what tools/zoo18_data.py builds from ../shared."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from tests.paths import needs_shared

ROOT = Path(__file__).resolve().parents[4]


@needs_shared
def test_shipped_data_matches_the_shared_facts() -> None:
    spec = importlib.util.spec_from_file_location("zoo18_data", ROOT / "tools" / "zoo18_data.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    shipped = ROOT / "domain" / "games" / "zoo18" / "board"
    tiles = tool.build_tiles(json.loads((tool.SOURCE / "tiles.json").read_text()))
    maps = tool.build_maps(json.loads((tool.SOURCE / "maps.json").read_text()))
    assert json.loads((shipped / "tiles.json").read_text()) == tiles
    assert json.loads((shipped / "maps.json").read_text()) == maps
    assert len(tiles["tiles"]) == 66 and sorted(maps) == list("ABCDEF")
