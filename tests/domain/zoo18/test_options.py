"""18xx.games' three optional rules of 18ZOO as game options: power_visible (every power the
days bring is face up from the start), base_2 and base_3 (the map's centre replaced by the
site's "less money" or "more money" hexes; with both, Base 3 only)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from clients.python.simulate import play
from domain.bots import random_bot
from domain.exchange.zoo18.exporter import export_game
from domain.exchange.zoo18.importer import import_game
from domain.games.zoo18 import board as B
from domain.games.zoo18 import game
from domain.games.zoo18.ctx import revealed
from domain.games.zoo18.data import draft_size
from domain.games.zoo18.messages import Options
from domain.games.zoo18.state import State
from domain.kernel import SPECTATOR, Seat, Viewer
from domain.rules import digest
from tests.paths import SHARED

SITE_MAPS = SHARED / "oracle/18xx/lib/engine/game"
CENTRES = ("base_2", "base_3")


def shown(state: Any, viewer: Viewer) -> Any:
    """The view as the client receives it (JSON values)."""
    return msgspec.to_builtins(game.view(state, viewer))


def started(seats: int = 3, seed: int = 1, **options: Any) -> State:
    state = game.initial(seats, msgspec.convert(options, Options))
    return game.fold(game.setup(state, random.Random(seed)), state)


def future(state: State, viewer: Viewer = SPECTATOR) -> list[str]:
    return [p["id"] for p in shown(state, viewer)["powers"]["future"]]


# ---------------------------------------------------------------- the options themselves


def test_the_options_are_off_unless_asked_and_a_stored_game_reads_them_off() -> None:
    options = msgspec.convert({"map": "B", "exportable": True}, Options)  # as stored before
    assert (options.power_visible, options.base_2, options.base_3) == (False, False, False)
    assert options.centre is None
    assert Options().centre is None


def test_base_3_wins_when_both_bases_are_asked_as_on_the_site() -> None:
    assert Options(base_2=True).centre == "base_2"
    assert Options(base_3=True).centre == "base_3"
    assert Options(base_2=True, base_3=True).centre == "base_3"


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"base_3": "yes"}, "Expected `bool`, got `str` - at `$.base_3`"),
        ({"power_visible": 1}, "Expected `bool`, got `int` - at `$.power_visible`"),
        ({"base_4": True}, "unknown field `base_4`"),
    ],
)
def test_a_bad_value_is_refused_with_its_field(raw: dict[str, Any], words: str) -> None:
    with pytest.raises(msgspec.ValidationError, match=re.escape(words)):
        msgspec.convert(raw, Options)


def test_a_game_without_the_options_folds_as_before() -> None:
    """Off, nothing changes: the same setup, board and digest as a game that never had them."""
    rng_a, rng_b = random.Random(4), random.Random(4)
    plain = play(game, 3, Options(map="D"), [random_bot] * 3, rng_a, 400)
    off = Options(map="D", power_visible=False, base_2=False, base_3=False)
    again = play(game, 3, off, [random_bot] * 3, rng_b, 400)
    assert again.events == plain.events
    assert digest(game, again.state) == digest(game, plain.state)
    assert plain.state.board is not None and plain.state.board.variant is None


# ---------------------------------------------------------------- Base 2 / Base 3


@pytest.mark.parametrize("map_id", "ABCDEF")
@pytest.mark.parametrize("centre", CENTRES)
def test_the_board_has_the_centre_asked_for(map_id: str, centre: str) -> None:
    state = started(map=map_id, **{centre: True})
    assert state.board is not None and state.board.variant == centre
    hexes = {h["hex"]: h for h in shown(state, SPECTATOR)["hexes"]}
    plain = {h["hex"]: h for h in shown(started(map=map_id), SPECTATOR)["hexes"]}
    variant = B.load_map(map_id, centre)
    changed = {coord for coord in hexes if hexes[coord]["type"] != plain[coord]["type"]}
    centre_hexes = {
        coord for coord, h in variant.hexes.items() if h != B.load_map(map_id).hexes[coord]
    }
    assert changed and changed <= centre_hexes
    for coord in centre_hexes:
        assert hexes[coord]["type"] == variant.hexes[coord].type
        hexdef = variant.hexes[coord]
        assert hexes[coord]["label"] == (hexdef.preprinted.label or hexdef.location_name)


def test_base_3s_centre_is_played_on() -> None:
    """Map A with Base 3: H10 is a city, and a bots' game lays track in the centre."""
    played = play(game, 3, Options(map="A", base_3=True), [random_bot] * 3, random.Random(2))
    assert played.state.ended and played.state.board is not None
    hexes = {h["hex"]: h for h in shown(played.state, SPECTATOR)["hexes"]}
    assert hexes["H10"]["type"] == "city_Y"
    centre = set(_site_kinds("A", "base_3"))
    assert any(tile.hex in centre for tile in played.state.board.tiles)


def _site_kinds(map_id: str, centre: str) -> dict[str, str]:
    """The centre hexes of a map's variant, by the kind of hex they are here."""
    variant, plain = B.load_map(map_id, centre).hexes, B.load_map(map_id).hexes
    return {coord: h.type for coord, h in variant.items() if h != plain[coord]}


def _site_centres(map_id: str) -> dict[str, dict[str, tuple[str, str]]]:
    """The site's BASE_2 / BASE_3 hexes of a map: {variant: {coord: (tile code, colour)}}."""
    shared = (SITE_MAPS / "g_18_zoo" / "map.rb").read_text()
    own = (SITE_MAPS / f"g_18_zoo_map_{map_id.lower()}" / "map.rb").read_text()
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for centre in CENTRES:
        name = centre.upper()
        alias = re.search(rf"\b{name} = G18ZOO::Map::(\w+)", own)
        text = shared if alias else own
        block_name = alias.group(1) if alias else name
        block = re.search(rf"\b{block_name} = \{{(.*?)\}}\.freeze", text, re.S)
        assert block, f"{block_name} in map {map_id}"
        pairs = re.findall(r"'([A-Z]\d+)' => \[(.*?), :(\w+)\]", block.group(1), re.S)
        out[centre] = {coord: (code, colour) for coord, code, colour in pairs}
    return out


def _site_names(map_id: str, centre: str) -> dict[str, str]:
    own = (SITE_MAPS / f"g_18_zoo_map_{map_id.lower()}" / "map.rb").read_text()
    block = re.search(rf"LOCATION_NAMES_{centre.upper()} = \{{(.*?)\}}\.freeze", own, re.S)
    assert block
    return dict(re.findall(r"'([A-Z]\d+)' => '(\w+)'", block.group(1)))


# the site's tile code of a centre hex, and the kind of hex it makes here
SITE_KIND = {
    "TILE_O": "pond_O",
    "TILE_M": "hill_M",
    "TILE_MM": "mountain_MM",
    "TILE_Y": "city_Y",
    "''": "plain",
}


@pytest.mark.skipif(not SITE_MAPS.exists(), reason=f"the reference engine is not at {SITE_MAPS}")
@pytest.mark.parametrize("map_id", "ABCDEF")
@pytest.mark.parametrize("centre", CENTRES)
def test_the_centre_hexes_are_the_sites(map_id: str, centre: str) -> None:
    site = _site_centres(map_id)[centre]
    assert len(site) == 9
    ours = B.load_map(map_id, centre).hexes
    plain = B.load_map(map_id).hexes
    assert set(site) <= set(ours)
    assert {coord for coord in ours if ours[coord] != plain[coord]} <= set(site)
    for coord, (code, colour) in site.items():
        hexdef = ours[coord]
        assert hexdef.color == colour, coord
        if code in SITE_KIND:
            assert hexdef.type == SITE_KIND[code], coord
        elif code.startswith("'offboard"):
            assert hexdef.type == "offboard_R" and hexdef.preprinted.label == "R", coord
        else:
            assert colour == "gray" and hexdef.type == "gray_track", coord
    names = {
        coord: h.location_name for coord, h in ours.items() if coord in site and h.location_name
    }
    assert names == _site_names(map_id, centre)


# ---------------------------------------------------------------- power_visible


@pytest.mark.parametrize("seats", [2, 5])
def test_power_visible_shows_every_power_of_the_days_from_the_start(seats: int) -> None:
    state = started(seats, power_visible=True)
    n = draft_size(seats)
    for viewer in (SPECTATOR, Seat(0), Seat(seats - 1)):
        assert future(state, viewer) == list(state.deck[n : n + 12])


def test_without_it_only_the_next_four_are_shown() -> None:
    state = started(3)
    assert future(state) == list(state.deck[4:8])


def test_power_visible_keeps_showing_the_powers_still_to_come() -> None:
    """Each day moves four to the offer: the future shrinks, to none on Wednesday."""
    played = play(game, 3, Options(power_visible=True), [random_bot] * 3, random.Random(3), 600)
    seen: dict[int, list[str]] = {}
    state = game.initial(3, Options(power_visible=True))
    for event in played.events:
        state = game.fold([event], state)
        if state.players and state.flow.round == "sr":
            seen[state.flow.turn] = future(state)
    deck = played.state.deck
    assert seen[1] == list(deck[8:16]) and seen[2] == list(deck[12:16]) and seen[3] == []
    assert revealed(played.state) <= 16


def test_a_fork_of_a_power_visible_game_keeps_every_power_shown() -> None:
    state = started(3, power_visible=True)
    assert game.redeal is not None
    forks = [game.redeal(state, SPECTATOR, random.Random(seed)) for seed in range(8)]
    for fork in forks:
        assert fork.deck[:16] == state.deck[:16]
        assert future(fork) == future(state)
    assert len({fork.deck[16:] for fork in forks}) > 1  # the undrawn rest is dealt again


def test_without_it_a_fork_deals_the_unseen_powers_again() -> None:
    state = started(3)
    assert game.redeal is not None
    forks = [game.redeal(state, SPECTATOR, random.Random(seed)) for seed in range(8)]
    assert all(fork.deck[:8] == state.deck[:8] for fork in forks)
    assert len({fork.deck[8:16] for fork in forks}) > 1


# ---------------------------------------------------------------- import and export


def _played(seed: int, **chosen: bool) -> tuple[State, Any]:
    options = Options(map="B", exportable=True, **chosen)
    bots = [random_bot] * 3
    return game.initial(3, options), play(game, 3, options, bots, random.Random(seed), 3000)


@pytest.mark.parametrize(
    ("chosen", "rules"),
    [
        ({}, []),
        ({"power_visible": True}, ["power_visible"]),
        ({"base_2": True, "base_3": True}, ["base_2", "base_3"]),
        ({"power_visible": True, "base_3": True}, ["power_visible", "base_3"]),
    ],
)
def test_an_export_carries_the_options_and_its_import_sets_them(
    chosen: dict[str, bool], rules: list[str]
) -> None:
    start, played = _played(5, **chosen)
    exported = export_game(start, played.events)
    assert exported["settings"]["optional_rules"] == rules
    again = import_game(json.loads(json.dumps(exported)))
    assert again.error == ""
    assert again.options == replace(start.options, imported=True, exportable=False)
    assert again.events == played.events
    assert again.match


def test_an_import_plays_on_the_centre_its_rules_name() -> None:
    """The same export imported without its optional rules is another game: a lay on the
    Base 3 centre is refused, or the result differs."""
    # seed 4: from rules 12 (a sale in part among the random bots' moves) seed 3's game lays
    # only tiles that fit the printed centre too
    start, played = _played(4, base_3=True)
    exported = export_game(start, played.events)
    assert played.state.board is not None
    assert any(t.hex in _site_kinds("B", "base_3") for t in played.state.board.tiles)
    stripped = {**exported, "settings": {**exported["settings"], "optional_rules": []}}
    other = import_game(stripped)
    assert other.options.base_3 is False
    assert other.error or not other.match


def test_an_import_with_an_optional_rule_18zoo_has_not_is_refused_before_any_event() -> None:
    start, played = _played(5)
    exported = export_game(start, played.events)
    exported["settings"]["optional_rules"] = ["base_3", "double_money"]
    imported = import_game(exported)
    assert imported.events == []
    assert imported.error == (
        "unsupported optional rule double_money (18ZOO has power_visible, base_2, base_3)"
    )
