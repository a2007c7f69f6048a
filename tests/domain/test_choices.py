"""domain.choices: folding a legal list into choices and back, on the wire and in a client."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain import choices, games
from domain.choices import CHOICE_TAGS, OneOf, Range
from domain.games.vertigo.messages import MovePopulation
from domain.games.zoo18.messages import BuyTrain, LayTile, Pass, SellTicket
from tests import per_game


def test_prices_in_a_run_are_a_range_and_others_stay_commands() -> None:
    legal = [Pass(), *(BuyTrain("2S-1", p) for p in range(1, 25)), BuyTrain("3S-0", 12, "3S")]
    sent = choices.fold(legal, ("price",), ("price",))
    assert sent == [Pass(), Range(BuyTrain("2S-1", 1), "price", 1, 24), BuyTrain("3S-0", 12, "3S")]
    assert choices.expand(sent) == legal


def test_gaps_and_fields_that_are_not_amounts_make_a_set() -> None:
    prices = [SellTicket("T", p) for p in (3, 1, 4)]
    assert choices.fold(prices, ("price",), ("price",)) == [
        OneOf(SellTicket("T", 1), "price", (1, 3, 4))
    ]
    turns = [LayTile("H14", "57", r) for r in (1, 2)]  # rotations wrap: never a range
    assert choices.fold(turns, ("rotation",)) == [OneOf(turns[0], "rotation", (1, 2))]


def test_the_field_is_named_as_on_the_wire() -> None:
    legal = [MovePopulation("A1", "B2"), MovePopulation("A1", "C3"), MovePopulation("D4", "B2")]
    sent = choices.fold(legal, ("to",))
    assert sent == [OneOf(legal[0], "to", ("B2", "C3")), legal[2]]
    moved = [MovePopulation("A1", "B2"), MovePopulation("A2", "B2")]
    assert choices.fold(moved, ("source",))[0].field == "from"


def test_a_client_reads_the_wire_and_builds_the_commands() -> None:
    legal = [Pass(), *(BuyTrain("2S-1", p) for p in range(1, 4))]
    wire = msgspec.json.decode(msgspec.json.encode(choices.fold(legal, ("price",), ("price",))))
    assert wire[1] == {
        "type": "range",
        "command": {"type": "buy_train", "train": "2S-1", "price": 1, "variant": None},
        "field": "price",
        "min": 1,
        "max": 3,
    }
    read = choices.from_wire(wire)
    built = choices.expand(read)
    assert built == msgspec.json.decode(msgspec.json.encode(legal))
    rng = random.Random(0)
    assert {choices.pick(read[1], rng)["price"] for _ in range(60)} == {1, 2, 3}
    assert choices.holds(read[1], built[3]) and not choices.holds(read[1], wire[0])


@pytest.mark.parametrize("name", per_game.registered())
def test_no_game_command_takes_a_choice_tag(name: str) -> None:
    """A client tells a choice from a command by its `type`: no game may take those tags."""
    for tag in CHOICE_TAGS:
        with pytest.raises(msgspec.ValidationError):
            msgspec.convert({"type": tag}, games.get(name).command_type)
