"""Every option of every game is checked when a table is made, and again at its start: a bad
value is refused with a 400 naming the option and what it may be (issue 41, item 5).

The bad values are derived from each game's `Options` as the registry has them, so a game added
later is tried too; an option its game does not declare precisely fails here."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from msgspec import inspect

from clients.python.client import CommandRefused
from domain import games
from domain.kernel import Rejected
from domain.options import checked
from domain.rules import OPTION as RULES_OPTION
from domain.table import SeatClaimed, TableOpened
from projections.codec import encode
from server.table.tokens import new_token, token_hash
from tests.server.conftest import Running

LONG = "x" * 1000
MAPS = '"A", "B", "C", "D", "E", "F"'


def declared() -> list[tuple[str, str, Any]]:
    """(game, option, its type) for every option a player may choose, in every game."""
    found = []
    for name in games.names():
        for field in msgspec.structs.fields(games.get(name).options_type):
            if field.encode_name != RULES_OPTION:  # set by the server, never by a player
                found.append((name, field.encode_name, field.type))
    return found


def bad_values(kind: Any) -> tuple[list[Any], list[str]]:
    """Values an option of type `kind` must refuse, and words its refusal must contain (what
    the option may be). An option whose type admits anything has no such values: it fails."""
    info = inspect.type_info(kind)
    if isinstance(info, inspect.LiteralType):
        wrong_kind = 1 if all(isinstance(v, str) for v in info.values) else "1"
        outside = [v for v in ("Z", "", LONG, "a") if v not in info.values]
        words = [msgspec.json.encode(v).decode() for v in info.values]
        return [*outside, wrong_kind, None], words
    if isinstance(info, inspect.BoolType):
        return ["true", 1, None], ["true or false"]
    if isinstance(info, inspect.IntType):
        assert info.ge is not None and info.le is not None, f"{kind}: a number needs bounds"
        return [info.ge - 1, info.le + 1, str(info.ge), True, 1.5], [str(info.ge), str(info.le)]
    raise AssertionError(f"{kind}: declare the option precisely (a Literal, a bounded int, a bool)")


def good_values(kind: Any) -> list[Any]:
    info = inspect.type_info(kind)
    if isinstance(info, inspect.LiteralType):
        return list(info.values)
    if isinstance(info, inspect.BoolType):
        return [False, True]
    assert isinstance(info, inspect.IntType) and info.ge is not None and info.le is not None
    return [info.ge, info.le]


@pytest.mark.parametrize(("game", "option", "kind"), declared())
def test_every_option_is_declared_precisely(game: str, option: str, kind: Any) -> None:
    refused, words = bad_values(kind)
    for value in refused:
        with pytest.raises(Rejected) as caught:
            checked(games.get(game), {option: value})
        detail = caught.value.detail
        assert f"options.{option}" in detail and all(word in detail for word in words), detail
        assert len(detail) < 300, "a refusal does not repeat a long value back"
    for value in good_values(kind):
        assert getattr(checked(games.get(game), {option: value}), option) == value


async def test_create_refuses_a_bad_value_of_every_option(server: Running) -> None:
    http, store = server.lobby.http, server.state.store
    before = len(await store.streams())
    for game, option, kind in declared():
        seats = games.get(game).min_seats
        refused, words = bad_values(kind)
        for value in refused:
            request = {"game": game, "seats": seats, "options": {option: value}}
            reply = await http.post("/api/games", json=request)
            assert reply.status_code == 400, (game, option, value)
            detail = reply.json()["detail"]
            assert detail.startswith(f"options.{option}: "), detail
            assert all(word in detail for word in words), detail
    unknown = {"game": "18zoo", "seats": 3, "options": {"colour": "red"}}
    reply = await http.post("/api/games", json=unknown)
    assert reply.status_code == 400 and "options.colour" in reply.json()["detail"]
    assert len(await store.streams()) == before


async def test_the_18zoo_maps_are_its_six(server: Running) -> None:
    http = server.lobby.http
    for value in ["Z", "", LONG, "a"]:
        request = {"game": "18zoo", "seats": 3, "options": {"map": value}}
        reply = await http.post("/api/games", json=request)
        assert reply.status_code == 400
        assert reply.json()["detail"].startswith(f"options.map: 18ZOO's map is one of {MAPS}, not")
    for value in "ABCDEF":
        game_id = await server.lobby.create("18zoo", 3, {"map": value})
        assert (await server.lobby.summary(game_id))["game"] == "18zoo"


async def test_a_table_stored_with_a_bad_option_does_not_start(server: Running) -> None:
    """A table made before options were checked (written straight to the store) is refused
    at its start, and nothing is appended."""
    game_id, tokens = "badmap1", [new_token(), new_token()]
    opening = [
        TableOpened(game="18zoo", seats=2, options={"map": "Z"}, rules=games.get("18zoo").rules),
        *(
            SeatClaimed(seat=n, name=f"p{n}", token_hash=token_hash(t))
            for n, t in enumerate(tokens)
        ),
    ]
    store = server.state.store
    await store.append(game_id, 0, [encode(e) for e in opening], "server-test", "")
    await store.register(game_id)
    with pytest.raises(CommandRefused) as refused:
        await server.lobby.start(game_id, tokens[0])
    assert refused.value.reason == "bad_request"
    assert refused.value.detail.startswith(f"options.map: 18ZOO's map is one of {MAPS}")
    assert await server.stored(game_id) == len(opening)
