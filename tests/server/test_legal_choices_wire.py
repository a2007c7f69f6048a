"""Price ranges over the websocket, read by the Python client (docs/protocol.md, "Choices"): an
18ZOO seat is sent a train's or a ticket's prices as one `range`, the command built at its top
is acked, and one just past it is refused and stores nothing."""

from __future__ import annotations

import asyncio
from typing import Any

from clients.python.client import GameClient
from domain import choices
from domain.choices import Range
from tests.server.conftest import Running

ONWARD = ("run_routes", "buy_train", "place_token", "par", "dividend", "pass")


def onward(legal: list[Any]) -> Any:
    """Open families, buy the first train offered, run and pay: on to the priced moves."""
    for kind in ONWARD:
        found = [c for c in legal if c["type"] == kind]
        if found:
            return found[0]
    return next(c for c in legal if c["type"] not in ("sell_ticket", "buy_power"))


def priced(client: GameClient) -> Range | None:
    """A train's or a ticket's price range the client was sent, if any."""
    kinds = ("buy_train", "sell_ticket")
    found = (c for c in client.choices if isinstance(c, Range) and c.command["type"] in kinds)
    return next(found, None)


async def test_a_price_range_is_one_choice_and_holds_what_the_server_takes(
    embedded: Running,
) -> None:
    game_id, tokens = await embedded.seated_game("18zoo", 2)
    clients = [await embedded.client(game_id, t) for t in tokens]
    ranged: Range | None = None
    for _ in range(300):
        mover = next((c for c in clients if c.choices), None)
        assert mover is not None
        for client in clients:
            assert len(client.choices) <= 60
            assert client.legal == choices.expand(client.choices)
        ranged = priced(mover)
        if ranged is not None:
            break
        reply = await mover.command(onward(mover.legal), seen_version=mover.version)
        assert reply["type"] == "ack", reply
        await asyncio.gather(*(c.wait_version(reply["version"]) for c in clients))
    assert ranged is not None, "no price range was sent"
    assert ranged.max > ranged.min and ranged.field == "price"
    before = await embedded.stored(game_id)
    past = {**ranged.command, "price": ranged.max + 1}
    assert not choices.holds(ranged, past)
    refused = await mover.command(past, seen_version=mover.version)
    assert refused["type"] == "rejected" and refused["reason"] == "illegal"
    assert await embedded.stored(game_id) == before
    top = {**ranged.command, "price": ranged.max}
    assert choices.holds(ranged, top)
    accepted = await mover.command(top, seen_version=mover.version)
    assert accepted["type"] == "ack"
    for client in clients:
        await client.close()
