"""`GET /api/games/{id}/export/18xx` and `plateau export-18xx`: a finished 18ZOO game as an
18xx.games export; refused while it runs (the seed would tell the deck) and for other games."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from domain.exchange.zoo18.importer import import_game
from domain.games.zoo18.deck import lcg_deck
from server.cli import main
from server.import_18xx import run_import
from tests.paths import ZOO18_FIXTURES
from tests.server.conftest import Running
from tests.service_play import random_moves


async def play_through_service(server: Running, game_id: str, seats: int, moves: int) -> None:
    await random_moves(server.state.service, game_id, seats, moves)


async def exportable_game(server: Running, seats: int, exportable: bool = True) -> str:
    """A started 18ZOO table created with the option that deals its deck from a seed."""
    game_id = await server.lobby.create("18zoo", seats, {"exportable": exportable})
    tokens = [(await server.lobby.join(game_id, f"p{n}"))[1] for n in range(seats)]
    await server.lobby.start(game_id, tokens[0])
    return game_id


async def test_a_finished_game_is_exported_and_replays_here(server: Running) -> None:
    game_id = await exportable_game(server, 3)
    await play_through_service(server, game_id, 3, 100_000)
    answer = await server.lobby.http.get(f"/api/games/{game_id}/export/18xx")
    assert answer.status_code == 200
    exported = answer.json()
    assert exported["title"].startswith("18ZOO - Map ")
    assert [p["name"] for p in exported["players"]] == ["Player 1", "Player 2", "Player 3"]
    seed = exported["settings"]["seed"]
    assert isinstance(seed, int)
    again = import_game(exported)  # the site's deck from the seed, every action accepted
    assert again.error == ""
    assert again.events[0].deck == lcg_deck(seed)  # type: ignore[attr-defined]
    assert again.result == exported["result"]
    assert again.match


async def test_a_finished_game_not_created_exportable_is_refused_clearly(server: Running) -> None:
    game_id = await exportable_game(server, 2, exportable=False)
    await play_through_service(server, game_id, 2, 100_000)
    assert (await server.state.service.load(game_id, fresh=True)).over
    answer = await server.lobby.http.get(f"/api/games/{game_id}/export/18xx")
    assert answer.status_code == 409
    assert "option exportable" in answer.json()["detail"]


async def test_a_running_game_is_not_exported(server: Running) -> None:
    game_id = await exportable_game(server, 2)
    await play_through_service(server, game_id, 2, 20)
    answer = await server.lobby.http.get(f"/api/games/{game_id}/export/18xx")
    assert answer.status_code == 409
    assert "over" in answer.json()["detail"]
    assert "seed" not in answer.text


async def test_another_game_is_refused_clearly(server: Running) -> None:
    game_id, _ = await server.seated_game("rock_paper_scissors", 2)
    answer = await server.lobby.http.get(f"/api/games/{game_id}/export/18xx")
    assert answer.status_code == 400
    assert "only 18ZOO" in answer.json()["detail"]


def test_the_command_line_writes_an_imported_game(tmp_path: Path) -> None:
    fixture = ZOO18_FIXTURES / "18ZOOMapA" / "17.json"
    store = f"sqlite:///{tmp_path / 'plateau.db'}"
    imported = asyncio.run(run_import(str(fixture), store))
    out = tmp_path / "export.json"
    assert main(["export-18xx", imported["game_id"], "--store", store, "-o", str(out)]) == 0
    exported = json.loads(out.read_text())
    assert exported["title"] == "18ZOO - Map A"
    assert exported["result"] == imported["result"]
    assert len(exported["actions"]) == 25
    assert main(["export-18xx", "nosuchgame00", "--store", store]) == 1


def test_simulate_writes_each_game(tmp_path: Path) -> None:
    args = ["simulate", "18zoo", "--players", "2", "--games", "2", "--seed", "3"]
    assert main([*args, "--bots", "greedy", "--export-18xx", str(tmp_path)]) == 0
    written = sorted(tmp_path.glob("game-*.json"))
    assert [p.name for p in written] == ["game-0.json", "game-1.json"]
    for path in written:
        assert import_game(json.loads(path.read_text())).error == ""
