"""Decoding stored events: table events and the game's own, in one tagged union."""

from __future__ import annotations

from functools import cache
from typing import Any, Union

import msgspec

from domain import games
from domain.table import TABLE_EVENTS, TableOpened

_opening = msgspec.json.Decoder(TableOpened)


@cache
def decoder(game_name: str) -> msgspec.json.Decoder[Any]:
    game = games.get(game_name)
    members = getattr(game.event_type, "__args__", (game.event_type,))
    return msgspec.json.Decoder(Union[(*TABLE_EVENTS, *members)])


def opening(data: bytes) -> TableOpened:
    """The first event of every stream names the game."""
    return _opening.decode(data)


encode = msgspec.json.encode
