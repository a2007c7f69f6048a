"""The folded state of one game, kept current from its stream, with checkpoints for seeking."""

from __future__ import annotations

from typing import Any

from domain import games
from domain.kernel import Game
from domain.table import Table, apply, open_table
from projections.codec import decoder, opening

CHECKPOINT_EVERY = 100


class GameGap(Exception):
    """Records arrived that do not follow the folded version (the cache must be rebuilt)."""


class LiveGame:
    """Events, hashes and state of one stream; `apply` only accepts the next versions."""

    def __init__(self, game_id: str, first_data: bytes, first_hash: str) -> None:
        opened = opening(first_data)
        self.game_id = game_id
        self.game: Game[Any, Any, Any] = games.get(opened.game)
        self._decode = decoder(opened.game).decode
        self.table: Table = open_table(opened)
        self.events: list[Any] = [opened]  # events[i] is version i + 1
        self.hashes: list[str] = [first_hash]
        self.checkpoints: dict[int, Table] = {1: self.table}

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def hash(self) -> str:
        return self.hashes[-1]

    @property
    def over(self) -> bool:
        return self.table.started and self.game.is_over(self.table.state)

    def apply(self, version: int, data: bytes, digest: str, prev_hash: str) -> bool:
        """Fold one record; False if already folded. Raises GameGap on a gap or a fork."""
        if version <= self.version:
            if self.hashes[version - 1] != digest:
                raise GameGap(f"{self.game_id}: version {version} was rewritten")
            return False
        if version != self.version + 1 or prev_hash != self.hash:
            raise GameGap(f"{self.game_id}: expected version {self.version + 1}, got {version}")
        event = self._decode(data)
        self.table = apply(self.game, self.table, event)
        self.events.append(event)
        self.hashes.append(digest)
        if version % CHECKPOINT_EVERY == 0:
            self.checkpoints[version] = self.table
        return True

    def table_at(self, version: int) -> Table:
        """The table as it was at `version` (1..current): nearest checkpoint, then fold."""
        version = max(1, min(version, self.version))
        base = version - (version % CHECKPOINT_EVERY) if version >= CHECKPOINT_EVERY else 1
        table = self.checkpoints[base]
        for event in self.events[base:version]:
            table = apply(self.game, table, event)
        return table

    def hash_at(self, version: int) -> str | None:
        return self.hashes[version - 1] if 1 <= version <= self.version else None
