"""The browser draws 18ZOO tiles from a copy of the engine's tile manifest (a static file, no
build step): the copy must be the engine's file, byte for byte."""

from __future__ import annotations

from tests.browser.conftest import ROOT


def test_the_browsers_tile_manifest_is_the_engines() -> None:
    engine = ROOT / "domain" / "games" / "zoo18" / "board" / "tiles.json"
    browser = ROOT / "clients" / "web" / "data" / "zoo18_tiles.json"
    assert browser.read_bytes() == engine.read_bytes(), (
        "cp domain/games/zoo18/board/tiles.json " + str(browser.relative_to(ROOT))
    )
