"""Names that pass for another: a look-alike of a seated name (UTS #39 skeletons), a name
dressed as one of the server's bots, a pile of combining marks; all refused at the join route
with the reason, while ordinary names of any script still sit side by side."""

from __future__ import annotations

import pytest

from domain.seat_bots import LEVELS, bot_name
from server.table.names import resembled, skeleton, why_name_refused
from tests.server.conftest import Running

CYRILLIC_A, CYRILLIC_I, CYRILLIC_IE, DOTLESS_I = "\u0430", "\u0456", "\u0435", "\u0131"
LOOKALIKES_OF_ALICE = [
    f"{CYRILLIC_A}lice",
    f"{CYRILLIC_A}l{CYRILLIC_I}c{CYRILLIC_IE}",
    f"al{DOTLESS_I}ce",
    f"AL{CYRILLIC_I.upper()}CE",  # case and script together
    "ALICE",
    "\uff41lice",  # a fullwidth a
]
BOT_LIKE = ["Bot 2 (greedy)", "bot 1 (random)", "B0t 3 (greedy)", "Bot 12", "Bot\u00a04(x)"]
PILED_MARKS = ["\u0301\u0302\u0303", "a\u0301\u0302", "Zo\u0301\u0302\u0303\u0304\u0305"]
# names of several scripts that must sit at one table, and the ones beside them (at another)
# that look alike only to a careless eye
ORDINARY = [
    ["Zoé", "Łukasz", "山田太郎", "محمد"],
    ["Zoe", "Lukasz", "さくら", "مُحَمَّد"],
    ["Nguyễn", "कृष्ण", "שְׁלֹמֹה", "Robot"],
    ["Ana", "Anna", "Bob", "Botond 2"],
]


async def _join(server: Running, game_id: str, name: str) -> tuple[int, str]:
    reply = await server.lobby.http.post(f"/api/games/{game_id}/seats", json={"name": name})
    return reply.status_code, reply.json().get("detail", "")


@pytest.mark.parametrize("name", LOOKALIKES_OF_ALICE)
async def test_a_lookalike_of_a_seated_name_is_refused(embedded: Running, name: str) -> None:
    game_id = await embedded.lobby.create("eiffel_mania", 4)
    await embedded.lobby.join(game_id, "alice")
    before = await embedded.stored(game_id)
    status, detail = await _join(embedded, game_id, name)
    assert status == 403
    assert detail == f"{name!r} looks like 'alice', already at this table"
    assert await embedded.stored(game_id) == before


async def test_the_same_name_again_is_told_so_plainly(embedded: Running) -> None:
    game_id = await embedded.lobby.create("eiffel_mania", 4)
    await embedded.lobby.join(game_id, "alice")
    expected = (403, "a player at this table is already 'alice'")
    assert await _join(embedded, game_id, "alice") == expected


async def test_capital_i_and_small_l_are_one_name(embedded: Running) -> None:
    game_id = await embedded.lobby.create("eiffel_mania", 4)
    await embedded.lobby.join(game_id, "Ian")
    assert await _join(embedded, game_id, "lan") == (
        403,
        "'lan' looks like 'Ian', already at this table",
    )


@pytest.mark.parametrize("name", BOT_LIKE)
async def test_a_name_dressed_as_a_bot_is_refused(embedded: Running, name: str) -> None:
    game_id = await embedded.lobby.create("eiffel_mania", 4)
    status, detail = await _join(embedded, game_id, name)
    assert (status, detail) == (
        400,
        "this name cannot be used: it looks like the name of one of the server's bots",
    )


def test_every_name_the_server_gives_its_bots_is_one_a_player_cannot_take() -> None:
    for level in LEVELS:
        for seat in range(6):
            assert why_name_refused(bot_name(level, seat)), bot_name(level, seat)


@pytest.mark.parametrize("name", PILED_MARKS)
async def test_a_name_mostly_of_combining_marks_is_refused(embedded: Running, name: str) -> None:
    game_id = await embedded.lobby.create("eiffel_mania", 4)
    status, detail = await _join(embedded, game_id, name)
    assert (status, detail) == (400, "this name cannot be used: it is mostly combining marks")


@pytest.mark.parametrize("names", ORDINARY)
async def test_ordinary_names_of_any_script_sit_side_by_side(
    embedded: Running, names: list[str]
) -> None:
    game_id = await embedded.lobby.create("eiffel_mania", 4)
    for name in names:
        assert await _join(embedded, game_id, name) == (201, ""), name
    assert (await embedded.lobby.summary(game_id))["names"] == names


def test_the_skeleton_is_unicodes() -> None:
    # UTS #39's own kind of example: Latin and Cyrillic letters, "rn" drawn like "m"
    assert skeleton("p\u0430yp\u0430l") == skeleton("paypal") == "paypal"
    assert skeleton("rnodern") == skeleton("modern") == "rnodern"
    assert skeleton("\u0391") == "A"  # Greek capital alpha
    assert resembled("Zoé", ["Zoe"]) is None  # the accent shows
