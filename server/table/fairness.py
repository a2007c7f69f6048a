"""The server's side of provably fair randomness (`domain.fairness`): a fresh secret for each
game, the generator each decision draws from, and what a decision stores about its draws.

The service calls `opening` when a game starts (and a what-if fork when it deals again: the
fork's own secret, never the original's), `draws_for` before each decision and `with_draws`
after it; `revealing` goes into the append that ends the game (`server.table.decisions`).
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Any

from domain.chance import Rng, SecretDraws
from domain.fairness import SETUP, FairnessCommitted, SecretRevealed, committed, recorded
from domain.table import Table

SECRET_BYTES = 32

# the draws of a game stored before fair randomness (it has no secret): as they always were
_UNCOMMITTED = random.SystemRandom()


def new_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


@dataclass(frozen=True)
class Opening:
    """A new secret's commitment and the generator of its first decision (the setup)."""

    committed: FairnessCommitted
    rng: SecretDraws

    def events(self, dealt: list[Any]) -> list[Any]:
        """What to store, in this order: the commitment, the record of what the deal drew (if
        it drew), then the `dealt` events, which must come from `rng`."""
        return [self.committed, *with_draws(self.rng, None, None, dealt)]


def opening(secret: bytes, label: str = SETUP) -> Opening:
    return Opening(committed(secret), SecretDraws(secret, label))


def draws_for(table: Table) -> Rng:
    """The generator of the table's next decision: from its secret, or for a game stored
    before fair randomness the system's randomness as before."""
    fair = table.fairness
    if fair is None or not fair.key:
        return _UNCOMMITTED
    return fair.next_draws()


def with_draws(rng: Rng, seat: int | None, command: Any, events: list[Any]) -> list[Any]:
    """`events` preceded by the record of the draws they came from, if the decision drew."""
    if type(rng) is not SecretDraws or not rng.drawn:
        return events
    return [recorded(rng, seat, command, len(events)), *events]


def revealing(table: Table) -> list[Any]:
    """The secret in the clear, for the append that ends the game (nothing if it has none)."""
    fair = table.fairness
    if fair is None or not fair.key or fair.revealed:
        return []
    return [SecretRevealed(secret=fair.key.hex())]
