"""`GET /api/games/{id}/export/18xx` and `plateau export-18xx`: a finished 18ZOO game as an
18xx.games export; refused while it runs (the seed would tell the deck) and for other games."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from domain.exchange.zoo18.importer import import_game
from domain.games.zoo18.deck import lcg_deck
from plateau.cli import main
from server.records.import_18xx import run_import
from server.store.adapters import open_store
from tests.paths import ZOO18_FIXTURES
from tests.server.conftest import Running
from tests.service_play import random_moves

STORES_ONLY = True  # the stock websocket path runs the other modules (conftest.py)


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


async def test_a_table_with_the_sites_optional_rules_plays_and_exports_them(
    server: Running,
) -> None:
    chosen = {"map": "B", "exportable": True, "base_3": True, "power_visible": True}
    game_id = await server.lobby.create("18zoo", 2, chosen)
    tokens = [(await server.lobby.join(game_id, f"p{n}"))[1] for n in range(2)]
    await server.lobby.start(game_id, tokens[0])
    live = await server.state.service.load(game_id, fresh=True)
    assert live.table.options["base_3"] and live.table.options["power_visible"]
    assert live.table.state.board.variant == "base_3"
    types = (await server.lobby.http.get("/api/games/types")).json()
    offered = next(t["options"] for t in types if t["name"] == "18zoo")  # the lobby's form
    assert {k: offered[k] for k in ("power_visible", "base_2", "base_3")} == dict.fromkeys(
        ("power_visible", "base_2", "base_3"), False
    )
    await play_through_service(server, game_id, 2, 100_000)
    exported = (await server.lobby.http.get(f"/api/games/{game_id}/export/18xx")).json()
    assert exported["settings"]["optional_rules"] == ["power_visible", "base_3"]
    again = import_game(exported)
    assert again.error == "" and again.match
    assert (again.options.base_3, again.options.power_visible, again.options.base_2) == (
        True,
        True,
        False,
    )


async def test_bad_option_values_are_refused_clearly_and_store_nothing(server: Running) -> None:
    before = len(await server.state.store.streams())
    for options, words in [
        ({"base_3": "yes"}, 'options.base_3: 18ZOO\'s base_3 is true or false, not "yes"'),
        (
            {"power_visible": None},
            "options.power_visible: 18ZOO's power_visible is true or false, not null",
        ),
        (
            {"base_4": True},
            "options.base_4: 18ZOO has no such option (its options: map, imported,"
            " exportable, power_visible, base_2, base_3)",
        ),
    ]:
        reply = await server.lobby.http.post(
            "/api/games", json={"game": "18zoo", "seats": 3, "options": options}
        )
        assert reply.status_code == 400, options
        assert reply.json()["detail"] == words
    assert len(await server.state.store.streams()) == before


def test_an_import_with_an_unknown_optional_rule_is_refused_and_not_stored(
    tmp_path: Path,
) -> None:
    data = json.loads((ZOO18_FIXTURES / "18ZOOMapA" / "17.json").read_text())
    data["settings"] = {**(data.get("settings") or {}), "optional_rules": ["base_3", "nope"]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    store = f"sqlite:///{tmp_path / 'plateau.db'}"
    report = asyncio.run(run_import(str(path), store))
    assert report["game_id"] is None
    assert "unsupported optional rule nope" in report["error"]
    assert main(["import-18xx", str(path), "--store", store]) == 1

    async def streams() -> list[str]:
        opened = open_store(store)
        try:
            return await opened.streams()
        finally:
            await opened.close()

    assert asyncio.run(streams()) == []


def test_simulate_with_the_sites_optional_rules_writes_them(tmp_path: Path) -> None:
    args = ["simulate", "18zoo", "--players", "2", "--games", "1", "--seed", "4"]
    chosen = '{"map": "C", "base_3": true, "power_visible": true}'
    assert main([*args, "--options", chosen, "--export-18xx", str(tmp_path)]) == 0
    exported = json.loads((tmp_path / "game-0.json").read_text())
    assert exported["settings"]["optional_rules"] == ["power_visible", "base_3"]
    again = import_game(exported)
    assert again.error == "" and again.options.base_3 and again.options.power_visible
