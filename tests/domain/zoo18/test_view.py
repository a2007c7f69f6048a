"""What viewers see: the whole board and market, and the deck order only as far as revealed."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18 import game
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.data import END_CELL
from domain.games.zoo18.messages import LayTile, Par, Pass, PriceMoved, Started
from domain.games.zoo18.rounds import end_or
from domain.kernel import OMNISCIENT, SPECTATOR, Seat, Viewer

from .helpers import DECK, HOME, play, start


def shown(state: Any, viewer: Viewer) -> Any:
    """The view as the client receives it (JSON values)."""
    return msgspec.to_builtins(game.view(state, viewer))


def test_the_deck_order_is_hidden_beyond_the_visible_powers() -> None:
    event = Started("A", ("Player 1", "Player 2"), DECK)
    shown = game.redact(event, Seat(0))
    assert isinstance(shown, Started)
    assert shown.deck[:8] == DECK[:8] and set(shown.deck[8:]) == {None}
    assert game.redact(event, OMNISCIENT) == event


def test_the_view_draws_the_game() -> None:
    state = play(start(2), Pass(), Pass(), Par("GI", 7), HOME)
    seen = shown(state, SPECTATOR)
    msgspec.json.encode(seen)
    assert seen["awaiting"]["seat"] == 0 and seen["round"]["kind"] == "sr"
    k9 = next(h for h in seen["hexes"] if h["hex"] == "K9")
    assert k9["tile"] is not None and k9["tokens"][0]["owner"] == "GI"
    gi = next(f for f in seen["families"] if f["sym"] == "GI")
    assert (gi["price"], gi["cash"], gi["president"], gi["tokens_left"]) == (7, 14, 0, 1)
    assert seen["market"][1][1]["families"] == ["GI"]
    assert seen["players"][0]["shares"] == {"GI": 40}
    assert [p["id"] for p in seen["powers"]["offered"]] == list(DECK[:8])
    assert len(seen["powers"]["future"]) == 4
    assert seen["ticket_value"] == 4


def test_reaching_the_end_cell_ends_the_game_after_the_operating_round() -> None:
    state = play(start(2), Pass(), Pass(), Par("GI", 7), HOME, Pass(), Pass(), Pass())
    ctx = Ctx(state)
    ctx.emit(PriceMoved("GI", *END_CELL))
    end_or(ctx)
    assert ctx.state.ended == "stock_market"


def _hex(view: dict[str, object], coord: str) -> dict[str, Any]:
    hexes = view["hexes"]
    assert isinstance(hexes, list)
    found: dict[str, Any] = next(h for h in hexes if h["hex"] == coord)
    return found


def test_every_hex_shows_its_face_track_stops_and_tokens() -> None:
    state = play(start(2), Pass(), Pass(), Par("GI", 7), LayTile("K9", "5-0", 2))
    assert state.board is not None
    seen = shown(state, SPECTATOR)
    k9 = _hex(seen, "K9")
    assert (k9["tile"], k9["face"], k9["rotation"], k9["color"]) == ("5-0", "5", 2, "yellow")
    tile = B.tile_def("5")
    assert k9["paths"] == [list(p) for p in tile.paths]  # before rotation, as drawn
    assert k9["exits"] == sorted({(e + 2) % 6 for p in tile.paths for e in p if 0 <= e < 6})
    assert k9["stops"][0]["kind"] == "city" and k9["revenue"] == [k9["stops"][0]["revenue"]]
    assert k9["tokens"] == [{"city": 0, "slot": 0, "owner": "GI"}]
    assert B.city_at(state.board, B.load_map("A"), k9["stops"][0]["city_id"]) == ("K9", 0)
    l4 = _hex(seen, "L4")  # the printed Y city pays 30 in yellow; its id is the printed one
    assert (l4["tile"], l4["revenue"], l4["stops"][0]["city_id"]) == (None, [30], "L4-3-0")
    hill = next(h for h in seen["hexes"] if h["type"].startswith("hill"))
    assert (hill["terrain"], hill["lay_cost"], hill["paths"]) == ("hill", 1, [])


def test_a_hole_tunnel_shows_on_both_red_areas() -> None:
    state = play(start(2), Pass(), Pass(), Par("GI", 7), HOME)
    assert state.board is not None
    m = B.load_map("A")
    a, b = m.r_areas[0], m.r_areas[1]
    before = _hex(shown(state, SPECTATOR), a)
    holed = replace(state, board=B.use_hole(state.board, m, a, b))
    after = shown(holed, SPECTATOR)
    for coord in (a, b):
        face = _hex(after, coord)
        assert face["paths"] == [list(p) for p in B.face(holed.board, coord)[0].paths]
    assert len(_hex(after, a)["paths"]) > len(before["paths"])
