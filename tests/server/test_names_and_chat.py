"""Seat names and chat lines: what a reader sees is what was written, and names are distinct."""

from __future__ import annotations

import pytest

from server.table.names import resembled
from server.table.text import why_refused
from tests.server.conftest import Running

REFUSED = [
    ("Al\x00ice", "control"),
    ("Al\u202eecila", "direction"),  # right-to-left override
    ("Bob\u2066x", "direction"),  # left-to-right isolate
    ("Bo\u200bb", "invisible"),  # zero-width space
    ("Bo\u200db", "invisible"),  # zero-width joiner between letters
    ("Bob\u00ad", "invisible"),  # soft hyphen
    ("\u3164", "invisible"),  # Hangul filler: a letter that draws nothing
    ("a\u2028b", "single line"),  # line separator
    ("a\nb", "single line"),
]
ACCEPTED = ["Zoé", "李雷", "Ana María", "👍🏽 Lu", "❤️ Kim", "👩‍💻 Dev", "O'Brien-Smith"]


@pytest.mark.parametrize(("text", "why"), REFUSED)
def test_what_cannot_be_shown_as_written_is_refused(text: str, why: str) -> None:
    found = why_refused(text)
    assert found is not None and why in found


@pytest.mark.parametrize("text", ACCEPTED)
def test_ordinary_names_and_emoji_pass(text: str) -> None:
    assert why_refused(text) is None


def test_names_a_reader_cannot_tell_apart_are_the_same() -> None:
    assert resembled("Alice", ["ALICE"]) == resembled(" alice ", ["ALICE"]) == "ALICE"
    fullwidth = "\uff21\uff4c\uff49\uff43\uff45"  # "Alice" in fullwidth letters
    assert resembled(fullwidth, ["alice"]) == "alice"
    assert resembled("Ana\u00a0María", ["ana maría"]) == "ana maría"  # a no-break space
    assert resembled("Zoé", ["Zoe\u0301"]) == "Zoe\u0301"  # é composed or not
    assert resembled("Alice", ["Alicia"]) is None


async def test_the_server_refuses_them_and_writes_nothing(server: Running) -> None:
    http = server.lobby.http
    game_id = await server.lobby.create("eiffel_mania", 4)
    assert (await server.lobby.join(game_id, "Zoé"))[0] == 0
    before = await server.stored(game_id)
    for name in ["ZOE\u0301", "Bo\u200bb", "Al\u202eecila", "x" * 33, "  "]:
        reply = await http.post(f"/api/games/{game_id}/seats", json={"name": name})
        assert reply.status_code in (400, 403), name
        assert reply.json()["detail"], name
    taken = await http.post(f"/api/games/{game_id}/seats", json={"name": "zoé"})
    assert "already" in taken.json()["detail"]
    assert await server.stored(game_id) == before


async def test_chat_lines_are_single_lines_of_visible_text(server: Running) -> None:
    game_id, tokens = await server.seated_game("eiffel_mania", 4)
    client = await server.client(game_id, tokens[0], record=True)
    before = await server.stored(game_id)
    for text in ["two\nlines", "sneaky\u202etxt.exe", "zero\u200bwidth"]:
        await client.send({"type": "chat", "text": text})
    await client.wait_for(lambda c: len(c.errors) >= 3)
    assert all(e["reason"] == "bad_request" for e in client.errors)
    assert await server.stored(game_id) == before
    await client.send({"type": "chat", "text": "good game 👍🏽"})
    await client.wait_for(lambda c: any(e["event"]["type"] == "chat_posted" for e in c.log))
    await client.close()
