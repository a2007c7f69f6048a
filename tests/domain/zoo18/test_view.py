"""What viewers see: the whole board and market, and the deck order only as far as revealed."""

from __future__ import annotations

import msgspec

from domain.games.zoo18 import game
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.facts import END_CELL
from domain.games.zoo18.messages import Par, Pass, PriceMoved, Started
from domain.games.zoo18.rounds import end_or
from domain.kernel import OMNISCIENT, SPECTATOR, Seat

from .helpers import DECK, HOME, play, start


def test_the_deck_order_is_hidden_beyond_the_visible_powers() -> None:
    event = Started("A", ("Player 1", "Player 2"), DECK)
    shown = game.redact(event, Seat(0))
    assert isinstance(shown, Started)
    assert shown.deck[:8] == DECK[:8] and set(shown.deck[8:]) == {None}
    assert game.redact(event, OMNISCIENT) == event


def test_the_view_draws_the_game() -> None:
    state = play(start(2), Pass(), Pass(), Par("GI", 7), HOME)
    seen = game.view(state, SPECTATOR)
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
