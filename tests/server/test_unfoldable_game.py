"""A game whose stored events cannot be folded (here: a table stored with options its game
cannot build, written straight to the store) answers every hello, a seat's and a spectator's,
with an `error` frame and a clean close; the log says so in one line per hello, naming the
game and the kind of failure only (issue 41, item 5)."""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from domain import games
from domain.fairness import SETUP
from domain.kernel import Viewer
from domain.table import GameStarted, SeatClaimed, TableOpened
from projections.codec import encode
from server.sockets import session
from server.table.fairness import opening
from server.table.tokens import new_token, token_hash
from tests.server.conftest import Running

BLIND = "blind_rock_paper_scissors"
UNBUILDABLE = [("rock_paper_scissors", {"rounds": 0}), ("18zoo", {"map": "Z"}), (BLIND, {})]


class Recorder:
    """Stands in for the session's structlog logger: what it was asked to log."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str, dict[str, Any]]] = []

    def __getattr__(self, level: str) -> Any:
        def record(event: str, *args: Any, **fields: Any) -> None:
            self.lines.append((level, event, fields))

        return record


@pytest.fixture(autouse=True)
def blind() -> Iterator[None]:
    """A game that folds but cannot show itself: its view fails (a bug of a game's own)."""

    def view(state: Any, viewer: Viewer) -> Any:
        raise KeyError("the view of a game that fails")

    games.register(dataclasses.replace(games.get("rock_paper_scissors"), name=BLIND, view=view))
    yield
    games.unregister(BLIND)


async def stored_unbuildable(server: Running, game: str, options: dict[str, Any]) -> list[str]:
    """A started two-seat table of `game` with `options`, dealt and written straight to the
    store (as a server that did not check options stored it)."""
    tokens = [new_token(), new_token()]
    rules = games.get(game)
    state = rules.initial(2, rules.options_type(**options))  # a Struct checks no values
    events = [
        TableOpened(game=game, seats=2, options=options, rules=rules.rules),
        *(
            SeatClaimed(seat=n, name=f"p{n}", token_hash=token_hash(t))
            for n, t in enumerate(tokens)
        ),
        GameStarted(seats=2),
        *rules.setup(state, opening(bytes(32), SETUP).rng),
    ]
    store = server.state.store
    await store.append(f"bad-{game}", 0, [encode(e) for e in events], "server-test", "")
    await store.register(f"bad-{game}")
    return tokens


async def hello(server: Running, game_id: str, token: str | None) -> tuple[list[dict], int]:
    """The frames a hello is answered with, and the code the server closed the socket with."""
    frames = []
    async with connect(server.ws) as ws:
        await ws.send(json.dumps({"type": "hello", "game_id": game_id, "token": token}))
        try:
            async for text in ws:
                frames.append(json.loads(text))
        except ConnectionClosed:
            pass
        assert ws.close_code is not None
        return frames, ws.close_code


@pytest.mark.parametrize(("game", "options"), UNBUILDABLE)
async def test_every_hello_gets_an_error_frame_and_a_clean_close(
    server: Running,
    game: str,
    options: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    tokens = await stored_unbuildable(server, game, options)
    recorder = Recorder()
    monkeypatch.setattr(session, "log", recorder)
    for token in [tokens[0], None, tokens[1], None]:
        frames, code = await hello(server, f"bad-{game}", token)
        assert frames[-1]["type"] == "error", frames
        assert frames[-1]["reason"] == "internal_error"
        assert "cannot be shown" in frames[-1]["detail"]
        assert code == 1011  # a close frame, not a dropped connection (1006)
    failures = [line for line in recorder.lines if line[0] in ("warning", "error", "exception")]
    assert len(failures) == 4
    for level, event, fields in failures:
        assert (level, event) == ("warning", "game_unshowable")
        assert fields == {"game_id": f"bad-{game}", "error": fields["error"]}
        assert fields["error"].isidentifier()  # the exception's kind, not its text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no traceback
