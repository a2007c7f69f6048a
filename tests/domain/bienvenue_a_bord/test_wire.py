"""Commands arrive as JSON (§4); options decode from {}; unknown fields are refused."""

from __future__ import annotations

import msgspec
import pytest

from domain.games.bienvenue_a_bord import game
from domain.games.bienvenue_a_bord.messages import (
    CabinsOpened,
    Choice,
    ChooseBonusSymbol,
    OpenCabins,
    Options,
    PlaceLove,
    Resolve,
    Split,
    TakePile,
)
from tests.domain.bienvenue_a_bord.positions import at, dealt, opened

decode = msgspec.json.Decoder(game.command_type).decode


@pytest.mark.parametrize(
    ("raw", "command"),
    [
        (b'{"type": "split", "single": "CAB08"}', Split(single="CAB08")),
        (b'{"type": "take_pile", "pile": "pair"}', TakePile(pile="pair")),
        (
            b'{"type": "resolve", "card": "CAB16", "choice": {"open": [2, null]}}',
            Resolve(card="CAB16", choice=Choice(open=(2, None))),
        ),
        (
            b'{"type": "resolve", "card": "PAS13", "choice": {"cabin": "2A", "symbol": "sun"}}',
            Resolve(card="PAS13", choice=Choice(cabin="2A", symbol="sun")),
        ),
        (b'{"type": "resolve", "card": "OBJ06", "choice": {}}', Resolve(card="OBJ06")),
        (b'{"type": "choose_bonus_symbol", "symbol": "game"}', ChooseBonusSymbol(symbol="game")),
        (b'{"type": "open_cabins", "levels": [1, 1]}', OpenCabins(levels=(1, 1))),
        (b'{"type": "place_love", "cabin": null}', PlaceLove(cabin=None)),
    ],
)
def test_commands_decode_from_the_documented_json(raw: bytes, command: object) -> None:
    assert decode(raw) == command


@pytest.mark.parametrize(
    "raw",
    [
        b'{"type": "split", "single": "CAB08", "extra": 1}',
        b'{"type": "take_pile", "pile": "both"}',
        b'{"type": "resolve", "card": "PAS13", "choice": {"cabin": "2A", "symbol": "love"}}',
        b'{"type": "chat", "text": "hi"}',
    ],
)
def test_malformed_commands_are_refused_by_the_decoder(raw: bytes) -> None:
    with pytest.raises(msgspec.ValidationError):
        decode(raw)


def test_options_decode_from_nothing() -> None:
    assert msgspec.convert({}, game.options_type) == Options()


def test_a_special_card_accepts_its_levels_in_any_order() -> None:
    position = at(dealt("PAS14", ("CAB17", "OBJ02")), opened(0, "1A"))
    events = position.when(1, Resolve(card="CAB17", choice=Choice(open=(1, 2)))).events
    assert events[0] == CabinsOpened(seat=1, source="CAB17", cabins=("2A", "1A"))
