"""Every game played out by server bots on a clock stores a stream that `plateau verify` folds
the same and `plateau verify-fairness` finds fair: the new table events (bot seats, clock
stamps, time run out) leave the record of each decision and the result record whole."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from server.records import verify, verify_fairness
from tests.server.conftest import running
from tests.server.test_table_bots import bearer, until_over

GAMES = [("eiffel_mania", 3), ("vertigo", 3), ("bienvenue_a_bord", 2), ("18zoo", 3)]
PER_PLAYER, PER_MOVE = {"initial_s": 600}, {"per_move_s": 600}
CLOCKS = [(*game, PER_PLAYER) for game in GAMES] + [("vertigo", 3, PER_MOVE)]


@pytest.mark.parametrize(("game", "seats", "clock"), CLOCKS)
async def test_a_bot_game_on_a_clock_verifies(game: str, seats: int, clock: dict[str, int]) -> None:
    url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'bots.db'}"
    async with running(url) as server:
        http = server.lobby.http
        body = {"game": game, "seats": seats, "bots": list(range(1, seats))}
        made = await http.post("/api/games", json={**body, "clock": clock})
        game_id = made.json()["game_id"]
        _, token = await server.lobby.join(game_id, "Ada")
        await server.lobby.start(game_id, token)
        await http.post(f"/api/games/{game_id}/seats/0/bot", headers=bearer(token))
        await until_over(http, game_id, most=12_000)
        verdicts = await verify.verify_store(server.state.store, game_id)
        assert [v.problems for v in verdicts] == [[]]
        assert verdicts[0].kind != verify.CHANGED
    code, lines = await verify_fairness.verify(game_id, None, url)
    assert code == 0, lines
