"""The `plateau` console commands, run as a user would."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from plateau.cli import main
from projections.live import LiveGame
from server.store.adapters import open_store
from tests.paths import ZOO18_FIXTURES
from tests.server.conftest import running

FIXTURES = ZOO18_FIXTURES


def test_simulate_prints_a_line_per_game_and_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "eiffel_mania", "--players", "4", "--games", "5", "--seed", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    games, summary = lines[:-1], lines[-1]["summary"]
    assert [g["game"] for g in games] == list(range(5))
    assert all(len(g["scores"]) == 4 and min(g["ranks"]) == 1 for g in games)
    assert summary["games"] == 5 and summary["errors"] == 0
    assert summary["win_rate"]["random"] >= 0.25  # some seat wins every game


def test_simulate_is_reproducible_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "eiffel_mania", "--players", "3", "--games", "3", "--seed", "9"]
    main(args)
    first = capsys.readouterr().out
    main(args)
    assert capsys.readouterr().out == first


def test_simulate_refuses_a_wrong_bot_list(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "eiffel_mania", "--players", "4", "--games", "1", "--bots", "a,b"])
    assert code == 2


async def test_bots_play_a_game_over_websockets() -> None:
    async with running(None) as server:
        from clients.python.remote_bots import run_bots

        result = await run_bots(server.url, "eiffel_mania", 4, seed=5)
        assert result["result"]["ranks"] and len(result["result"]["scores"]) == 4
        records = await server.state.store.read(result["game_id"])
        assert len(records) == result["version"]
        live = LiveGame.replay(result["game_id"], records)
        assert (
            live.over
            and list(live.game.result(live.table.state).scores) == result["result"]["scores"]
        )


def test_import_18xx_stores_a_game_that_folds_to_its_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fixture = sorted((FIXTURES / "18ZOOMapA").glob("*.json"))[0]
    url = f"sqlite:///{tmp_path}/games.db"
    code = main(["import-18xx", str(fixture), "--store", url, "--check"])
    report = json.loads(capsys.readouterr().out)
    assert set(report) >= {
        "game_id",
        "title",
        "players",
        "result",
        "expected",
        "match",
        "end_reason",
    }
    assert code == (0 if report["match"] else 1)

    async def fold() -> LiveGame:
        store = open_store(url)
        records = await store.read(report["game_id"])
        await store.close()
        return LiveGame.replay(report["game_id"], records)

    live = asyncio.run(fold())
    assert live.table.started and live.table.game == "18zoo"
    assert live.table.names == tuple(p["name"] for p in report["players"])
    scores = live.game.result(live.table.state).scores
    assert list(scores) == [report["result"][p["id"]] for p in report["players"]]


def test_serve_sets_the_gc_thresholds_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc

    import uvicorn

    ran: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append(app))
    monkeypatch.setattr(gc, "set_threshold", lambda *t: ran.append(t))
    assert main(["serve"]) == 0
    assert ran[0] == (10_000, 50, 100)  # the default: see Settings.gc_threshold
    monkeypatch.setenv("PLATEAU_GC_THRESHOLD", "5000, 20, 40")
    assert main(["serve"]) == 0
    assert ran[2] == (5000, 20, 40)
    for wrong in ("5000,0", "5000,20,0", "a,b,c", "5000,-1,20"):
        monkeypatch.setenv("PLATEAU_GC_THRESHOLD", wrong)
        with pytest.raises(ValueError, match="three positive integers"):
            main(["serve"])


def test_serve_runs_the_websocket_protocol_the_environment_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import uvicorn
    from uvicorn.config import Config

    from server.live.ws_protocol import FrameWritingProtocol

    chosen: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: chosen.append(kw["ws"]))
    assert main(["serve"]) == 0
    monkeypatch.setenv("PLATEAU_WS_FAST_PATH", "0")
    assert main(["serve"]) == 0
    assert chosen[0] is FrameWritingProtocol
    stock = Config(app=None, ws=chosen[1], log_config=None)  # type: ignore[arg-type]
    stock.load()  # as uvicorn resolves the name: its own protocol, not a subclass of ours
    assert not issubclass(stock.ws_protocol_class, FrameWritingProtocol)  # type: ignore[arg-type]
    for wrong in ("", "yes", "false"):
        monkeypatch.setenv("PLATEAU_WS_FAST_PATH", wrong)
        with pytest.raises(ValueError, match="1 or 0"):
            main(["serve"])
