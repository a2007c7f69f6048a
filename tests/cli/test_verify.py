"""`plateau verify` and `plateau verify-fairness` on a store file, as an operator runs them."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import msgspec
import pytest

from plateau.cli import main
from server.ops.metrics import Metrics
from server.store.adapters import open_store
from server.table.service import GameService
from tests.service_play import random_moves


async def play(url: str, name: str, seats: int, moves: int = 100_000) -> str:
    """A game played by random bots through the service into the store at `url`."""
    store = open_store(url)
    service = GameService(store, Metrics())
    try:
        game_id = await service.create(msgspec.json.encode({"game": name, "seats": seats}))
        tokens = [
            (await service.join(game_id, msgspec.json.encode({"name": f"p{n}"})))[1]
            for n in range(seats)
        ]
        await service.start(game_id, tokens[0])
        await random_moves(service, game_id, seats, moves)
    finally:
        await store.close()
    return game_id


def test_verify_and_verify_fairness_read_a_store_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path}/plateau.db"
    done = asyncio.run(play(url, "vertigo", 3))
    running = asyncio.run(play(url, "eiffel_mania", 4, moves=10))
    capsys.readouterr()
    assert main(["verify", "--store", url]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "eiffel_mania, rules 1: 1 of 1 fold the same (0 finished, 1 running, 0 open)",
        "vertigo, rules 2: 1 of 1 fold the same (1 finished, 0 running, 0 open)",
        "2 games checked",
    ]
    assert main(["verify-fairness", done, "--store", url]) == 0
    assert f"{done}: fair: " in capsys.readouterr().out
    assert main(["verify-fairness", running, "--store", url]) == 2
    assert "the game is running: its secret is revealed when it ends" in capsys.readouterr().err

    # the final state altered in the store (the die that ended it, say): both commands see it
    db = sqlite3.connect(f"{tmp_path}/plateau.db")
    rows = db.execute(
        "SELECT version, data FROM events WHERE stream=? ORDER BY version", (done,)
    ).fetchall()
    version, data = next((v, d) for v, d in reversed(rows) if b'"type":"end_die_rolled"' in d)
    event = msgspec.json.decode(data)
    event["face"] = "sun" if event["face"] != "sun" else "cloud"
    db.execute(
        "UPDATE events SET data=? WHERE stream=? AND version=?",
        (msgspec.json.encode(event), done, version),
    )
    db.commit()
    db.close()
    assert main(["verify-fairness", done, "--store", url]) == 1
    assert f"{done}: version {version} (end_die_rolled): face: the log has" in (
        capsys.readouterr().out
    )
    assert main(["verify", "--store", url, "--game", done]) == 1
    assert f"would change: {done} (vertigo, rules 2): version {version}" in (
        capsys.readouterr().out
    )


def test_verify_says_what_it_cannot_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PLATEAU_STORE", raising=False)
    assert main(["verify"]) == 2
    assert "which store?" in capsys.readouterr().err
    url = f"sqlite:///{tmp_path}/empty.db"
    assert main(["verify", "--store", url, "--game", "nosuchgame"]) == 2
    assert "cannot check nosuchgame: no such game" in capsys.readouterr().err
    assert main(["verify-fairness", "nosuchgame", "--store", url]) == 2
