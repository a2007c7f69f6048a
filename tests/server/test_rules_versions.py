"""Rules versions through the server, on both stores: every game records the rules version of
its package in its first event, and `plateau verify` re-folds stored games with today's code,
reporting per game type and version how many fold the same, and naming any that would not."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from domain import games
from domain.kernel import Result
from domain.table import TableOpened
from plateau.cli import main
from server.records.verify import report, verify_store
from tests.server.conftest import Running
from tests.server.test_legacy_games import stored_before_salts
from tests.server.test_log_proof import finished


async def test_every_game_records_its_rules_version_in_its_first_event(server: Running) -> None:
    http = server.lobby.http
    types = {t["name"]: t for t in (await http.get("/api/games/types")).json()}
    for name in games.names():
        game_id = await server.lobby.create(name, games.get(name).min_seats)
        first = msgspec.json.decode(
            (await server.state.store.read(game_id))[0].data, type=TableOpened
        )
        assert first.rules == games.get(name).rules == types[name]["rules"]
        assert "rules" not in first.options and "rules" not in types[name]["options"]
        assert (await http.get(f"/api/games/{game_id}")).json()["rules"] == first.rules


async def test_the_rules_version_is_not_an_option(server: Running) -> None:
    before = await server.state.store.streams()
    body = {"game": "bienvenue_a_bord", "seats": 2, "options": {"rules": 1}}
    response = await server.lobby.http.post("/api/games", json=body)
    assert response.status_code == 400
    assert "the rules version is not an option" in response.json()["detail"]
    assert await server.state.store.streams() == before


@pytest.fixture
def patched() -> Iterator[Any]:
    """Replace a game by a changed copy of itself for the test (`games.register` wins over
    the package), as a new version of the code would."""
    replaced: list[str] = []

    def patch(name: str, **changes: Any) -> None:
        games.register(dataclasses.replace(games.get(name), **changes))
        replaced.append(name)

    yield patch
    for name in replaced:
        games.unregister(name)


async def test_verify_reports_every_game_by_type_and_version_and_names_a_change(
    server: Running, patched: Any, redis_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    done = await finished(server, "bienvenue_a_bord", 2)
    running, _ = await server.seated_game("bienvenue_a_bord", 2)
    legacy, _, _ = await stored_before_salts(server)  # running, stored before versions
    opened = await server.lobby.create("bienvenue_a_bord", 2)
    ids = [done, running, legacy, opened]
    store = server.state.store

    async def checked() -> tuple[list[str], bool]:
        verdicts = [v for game_id in ids for v in await verify_store(store, game_id)]
        return report(verdicts)

    lines, changed = await checked()
    assert not changed
    assert lines == [
        "bienvenue_a_bord, rules 1: 1 of 1 fold the same (0 finished, 1 running, 0 open)",
        "bienvenue_a_bord, rules 2: 3 of 3 fold the same (1 finished, 1 running, 1 open)",
        "4 games checked",
    ]

    # today's code scores the game otherwise: the finished game would change, and says how
    original = games.get("bienvenue_a_bord").result

    def one_more_for_seat_0(state: Any) -> Result:
        result = original(state)
        return msgspec.structs.replace(result, scores=(result.scores[0] + 1, *result.scores[1:]))

    patched("bienvenue_a_bord", result=one_more_for_seat_0)
    lines, changed = await checked()
    assert changed
    assert lines[:2] == [
        "bienvenue_a_bord, rules 1: 1 of 1 fold the same (0 finished, 1 running, 0 open)",
        "bienvenue_a_bord, rules 2: 2 of 3 fold the same (0 finished, 1 running, 1 open);"
        " 1 would change",
    ]
    assert lines[2].startswith(f"would change: {done} (bienvenue_a_bord, rules 2): version ")
    assert ": scores were [" in lines[2]
    assert lines[-1] == "1 of 4 games would change"
    if type(store).__name__ == "RedisStore":  # the command, as an operator runs it
        capsys.readouterr()
        code = await asyncio.to_thread(main, ["verify", "--store", redis_url, "--game", done])
        assert code == 1 and f"would change: {done}" in capsys.readouterr().out


async def test_a_running_game_that_todays_rules_would_end_or_block_is_named(
    server: Running, patched: Any
) -> None:
    running, _ = await server.seated_game("eiffel_mania", 4)
    patched("eiffel_mania", legal=lambda state, seat: [])
    (verdict,) = await verify_store(server.state.store, running)
    assert verdict.kind == "changed"
    assert verdict.problems == ["no seat has a legal command today"]
    games.unregister("eiffel_mania")
    patched("eiffel_mania", is_over=lambda state: True)
    (verdict,) = await verify_store(server.state.store, running)
    assert verdict.problems[-1].startswith("today's rules end it at version ")
