"""The game service: the game cache (`server.table.games`) with the use cases on it, as the
one object the app holds and its callers (the edges, the hub, the bot seats' player, undo,
forks, the tests) reach.

Each method hands over to its use case (`server.table.lifecycle`, `server.table.moves`) with
what the service owns besides the cache: each game's secret, the clock, chat's paces and the
commands' decoders, read at each call (tests set them on a running service).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.fairness import SETUP
from server.ops.metrics import Metrics
from server.store import EventStore
from server.table import fairness, lifecycle, moves
from server.table.chat_limit import ChatLimits
from server.table.games import Games
from server.table.moves import Landed
from server.table.table_clock import wall_ms


class GameService(Games):
    def __init__(
        self,
        store: EventStore,
        metrics: Metrics,
        new_secret: Callable[[], bytes] = fairness.new_secret,
        max_cached: int = 2000,
        now_ms: Callable[[], int] = wall_ms,
        chat_limits: ChatLimits | None = None,
    ) -> None:
        super().__init__(store, metrics, max_cached)
        self.new_secret = new_secret  # each game's secret: every draw of it derives from it
        self.now_ms = now_ms  # server time, as turn clocks are stamped with (tests inject it)
        self.chat_limits = chat_limits or ChatLimits()
        self._command_decoders: moves.Decoders = {}

    # -- the table (`server.table.lifecycle`) ------------------------------------------

    async def create(
        self, raw: bytes, game_id: str | None = None, host_token: str | None = None
    ) -> str:
        return await lifecycle.create(self, raw, game_id, host_token)

    def opening(self, raw: bytes) -> list[Any]:
        return lifecycle.opening(raw)

    async def join(
        self, game_id: str, raw: bytes, token: str | None = None, command_id: str | None = None
    ) -> tuple[int, str]:
        return await lifecycle.join(self, game_id, raw, token, command_id)

    async def start(self, game_id: str, token: str | None) -> int:
        return await lifecycle.start(self, game_id, token, self.setup_randomness, self.now_ms)

    async def start_by(self, game_id: str, hosting: bool, seated: bool) -> int:
        """Start the game for an asker already known: its creator, or a seat."""
        return await lifecycle.started_by(
            self, game_id, hosting, seated, self.setup_randomness, self.now_ms
        )

    async def chat(self, game_id: str, seat: int | None, text: str) -> int:
        return await lifecycle.chat(self, self.chat_limits, game_id, seat, text)

    # -- commands (`server.table.moves`) -----------------------------------------------

    def decode_command(self, game_name: str, raw: bytes) -> Any:
        return moves.decode_command(self._command_decoders, game_name, raw)

    async def submit(
        self, game_id: str, seat: int, command_id: str, seen_version: int, raw: bytes
    ) -> int:
        """Decide and append a player's command (`command_id` is the client's); the new version,
        or Rejected. Idempotent per id."""
        landed = await self.play(game_id, seat, moves.client_command(command_id), seen_version, raw)
        return landed.version

    async def play(
        self,
        game_id: str,
        seat: int,
        command_id: str,
        seen_version: int,
        raw: bytes,
        ran_out: bool = False,
        by_bot: bool = False,
    ) -> Landed:
        return await moves.play(
            self,
            self._command_decoders,
            self.now_ms,
            game_id,
            seat,
            command_id,
            seen_version,
            raw,
            ran_out,
            by_bot,
        )

    async def explain(self, game_id: str, seat: int, raw: bytes) -> Any:
        return await moves.explain(self, self._command_decoders, game_id, seat, raw)

    # -- randomness ----------------------------------------------------------------------

    def setup_randomness(self, label: str = SETUP) -> fairness.Opening:
        """A fresh secret for a game's deal: its commitment and the generator to deal with
        (a game's start; a what-if fork's new deal, with its own secret)."""
        return fairness.opening(self.new_secret(), label)
