"""The storage format: options, strict commands, tagged events, and the registry entry."""

from __future__ import annotations

import msgspec
import pytest

from domain.games import get
from domain.games.eiffel_mania import game
from domain.games.eiffel_mania.messages import (
    Award,
    CardsAwarded,
    CommitStance,
    OfferArrangement,
    Options,
    StanceCommitted,
)
from domain.table import TABLE_EVENTS


def test_registered_with_3_to_4_seats_and_options_from_empty() -> None:
    assert get("eiffel_mania") is game
    assert (game.min_seats, game.max_seats) == (3, 4)
    assert msgspec.convert({}, game.options_type) == Options()


def test_commands_decode_by_tag_and_refuse_unknown_fields() -> None:
    decoder = msgspec.json.Decoder(game.command_type)
    assert decoder.decode(b'{"type":"commit_stance","stance":"betray"}') == CommitStance(
        stance="betray"
    )
    assert decoder.decode(b'{"type":"offer_arrangement","partner_picks_first":true}') == (
        OfferArrangement(partner_picks_first=True)
    )
    with pytest.raises(msgspec.ValidationError):
        decoder.decode(b'{"type":"commit_stance","stance":"betray","extra":1}')
    with pytest.raises(msgspec.ValidationError):
        decoder.decode(b'{"type":"commit_stance","stance":"maybe"}')


def test_events_round_trip_and_do_not_reuse_table_tags() -> None:
    decoder = msgspec.json.Decoder(game.event_type)
    for event in (
        StanceCommitted(seat=1, stance=None),
        CardsAwarded(awards=(Award(card="L01", seat=2),), how="random_deal"),
    ):
        assert decoder.decode(msgspec.json.encode(event)) == event
    table_tags = {cls.__struct_config__.tag for cls in TABLE_EVENTS}
    ours = {cls.__struct_config__.tag for cls in game.event_type.__args__}
    assert len(ours) == len(game.event_type.__args__) and not ours & table_tags
