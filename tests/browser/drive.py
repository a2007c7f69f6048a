"""Tables set up and moved on through the HTTP API and websockets (no page), so a browser test
can open a board at a given point of a game quickly: as a seated player (its token in the
page's storage) or as a spectator."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import httpx
from playwright.sync_api import Page
from websockets.sync.client import ClientConnection, connect

from domain.choices import expand, from_wire

Pick = Callable[[list[dict[str, Any]], random.Random], dict[str, Any]]


class Table:
    def __init__(self, base: str, game: str, names: list[str], options: dict[str, Any]) -> None:
        self.base = base
        self.game = game
        self.names = names
        answer = httpx.post(
            f"{base}/api/games", json={"game": game, "seats": len(names), "options": options}
        )
        answer.raise_for_status()
        self.id: str = answer.json()["game_id"]
        self.tokens: list[str] = []
        self.legal: list[list[dict[str, Any]]] = []  # per seat, after the last play()
        for name in names:
            seat = httpx.post(f"{base}/api/games/{self.id}/seats", json={"name": name})
            seat.raise_for_status()
            self.tokens.append(seat.json()["token"])

    def start(self) -> Table:
        httpx.post(
            f"{self.base}/api/games/{self.id}/start",
            json={},
            headers={"Authorization": f"Bearer {self.tokens[0]}"},
        ).raise_for_status()
        return self

    def play(self, moves: int, pick: Pick | None = None, seed: int = 1) -> int:
        """Plays up to `moves` legal commands (chosen by `pick`) over one socket per seat;
        returns the version reached."""
        rng = random.Random(seed)
        choose = pick or (lambda legal, r: r.choice(legal))
        with ExitStack() as opened:  # each socket is closed on the way out
            sockets = [self._socket(opened, token) for token in self.tokens]
            legal: list[list[dict[str, Any]]] = [[] for _ in sockets]
            self.legal = legal  # as the last frames said, even when a pick stops the play
            version = 0
            for seat, ws in enumerate(sockets):
                frame = self._until(ws, "snapshot")
                legal[seat] = expand(from_wire(frame["legal"]))
                version = frame["version"]
            for _ in range(moves):
                seat = next((s for s, options in enumerate(legal) if options), None)
                if seat is None:
                    break
                command = choose(legal[seat], rng)
                sockets[seat].send(
                    json.dumps(
                        {
                            "type": "command",
                            "id": uuid.uuid4().hex,  # ids are unique per game
                            "seen_version": version,
                            "command": command,
                        }
                    )
                )
                answer, early = self._answer(sockets[seat])
                if answer["type"] == "rejected":
                    raise AssertionError(f"refused {command}: {answer}")
                version = answer["version"]
                for s, ws in enumerate(sockets):  # every seat's legal list after the move
                    frame = early if s == seat and early and early["version"] >= version else None
                    frame = frame or self._until(ws, "update", at_least=version)
                    legal[s] = expand(from_wire(frame["legal"]))
                    version = max(version, frame["version"])
        return version

    def awaited(self) -> int:
        """A seat with something to do after the last play() (seat 0 when nobody has)."""
        return next((s for s, options in enumerate(self.legal) if options), 0)

    def _socket(self, opened: ExitStack, token: str) -> ClientConnection:
        """A seat's socket, said hello on, closed when `opened` is (websockets 16 warns of a
        connection used outside a with, DeprecationWarning)."""
        ws = opened.enter_context(connect(self.base.replace("http://", "ws://") + "/ws"))
        ws.send(json.dumps({"type": "hello", "game_id": self.id, "token": token}))
        return ws

    @staticmethod
    def _answer(ws: ClientConnection) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """The ack or refusal of the command just sent, and the newest update read before it."""
        early = None
        while True:
            frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
            if frame["type"] == "update":
                early = frame
            if frame["type"] in ("ack", "rejected"):
                return frame, early

    @staticmethod
    def _until(ws: ClientConnection, *types: str, at_least: int = -1) -> dict[str, Any]:
        while True:
            frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
            if frame["type"] in types and frame.get("version", at_least) >= at_least:
                return frame

    def seat_page(self, page: Page, seat: int) -> Page:
        """Opens the table in `page` as the player of `seat`."""
        stored = {"seat": seat, "token": self.tokens[seat], "name": self.names[seat]}
        page.evaluate(
            "([key, value]) => localStorage.setItem(key, value)",
            [f"plateau.seat.{self.id}", json.dumps(stored)],
        )
        page.goto(f"{self.base}/#/game/{self.id}")
        return page
