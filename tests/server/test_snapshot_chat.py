"""A snapshot carries the last chat lines of a table, not all of them, so that its size does
not grow forever with chat (issue 41, item 6)."""

from __future__ import annotations

from typing import Any

from domain.table import ChatPosted
from projections.codec import encode
from projections.snapshot import CHAT_IN_SNAPSHOT
from tests.server.conftest import Running


def chat_lines(frames: list[dict[str, Any]]) -> list[str]:
    return [e["event"]["text"] for e in frames if e["event"]["type"] == "chat_posted"]


async def test_a_snapshot_carries_the_last_lines_of_a_long_chat(server: Running) -> None:
    """1,000 chat lines stored (straight to the store, as a long game's would be): a snapshot
    carries the last CHAT_IN_SNAPSHOT; the event export still has every one."""
    game_id, tokens = await server.seated_game("eiffel_mania", 4)
    store = server.state.store
    version = await server.stored(game_id)
    for batch in range(10):
        lines = [
            encode(ChatPosted(seat=0, name="p0", text=f"line {batch * 100 + n}"))
            for n in range(100)
        ]
        version = await store.append(game_id, version, lines, f"server-chat{batch}", None)
    for token in [tokens[1], None]:
        client = await server.client(game_id, token)
        assert client.version == version
        shown = chat_lines(client.log)
        assert shown == [f"line {n}" for n in range(1000 - CHAT_IN_SNAPSHOT, 1000)]
        assert any(e["event"]["type"] == "game_started" for e in client.log)
        await client.close()
    export = await server.lobby.http.get(f"/api/games/{game_id}/events")
    assert export.text.count('"type":"chat_posted"') == 1000
