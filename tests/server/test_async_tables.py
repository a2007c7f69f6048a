"""Tables played over days: the lobby's summaries carry the table's clock (public), and mark
as asynchronous a table whose clock gives each player a day or more; a game's own answer has
what each seat has left now."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import Running

DAY_S = 24 * 3600


async def clocked(run: Running, http: httpx.AsyncClient, initial_s: int | None) -> str:
    body: dict[str, Any] = {"game": "rock_paper_scissors", "seats": 2}
    if initial_s is not None:
        body["clock"] = {"initial_s": initial_s, "increment_s": 0, "on_timeout": "bot"}
    made = (await http.post("/api/games", json=body)).json()
    tokens = [(await run.lobby.join(made["game_id"], f"p{n}"))[1] for n in range(2)]
    await run.lobby.start(made["game_id"], tokens[0])
    game_id: str = made["game_id"]
    return game_id


async def test_the_lobby_lists_a_table_played_over_days_as_such(embedded: Running) -> None:
    run = embedded
    async with httpx.AsyncClient(base_url=run.url) as http:
        days = await clocked(run, http, 2 * DAY_S)
        minutes = await clocked(run, http, 600)
        untimed = await clocked(run, http, None)
        listed = {item["game_id"]: item for item in (await http.get("/api/games")).json()["live"]}
        clock = listed[days]["clock"]
        assert clock["async"] and clock["initial_ms"] == 2 * DAY_S * 1000
        assert clock["left_ms"] == [2 * DAY_S * 1000] * 2 and clock["at_ms"] > 0
        assert clock["running"] == [0, 1]  # both choose at once in rock paper scissors
        assert listed[minutes]["clock"]["async"] is False
        assert listed[untimed]["clock"] is None
        one = (await http.get(f"/api/games/{days}")).json()["clock"]
    assert one["async"] and one["at_ms"] >= clock["at_ms"]
    assert all(left <= 2 * DAY_S * 1000 for left in one["left_ms"])
