"""The components of rock-paper-scissors: the three hands, what beats what, the rounds."""

from __future__ import annotations

from typing import Final, Literal

Hand = Literal["rock", "paper", "scissors"]
HANDS: Final[tuple[Hand, ...]] = ("rock", "paper", "scissors")
BEATS: Final[dict[Hand, Hand]] = {"rock": "scissors", "paper": "rock", "scissors": "paper"}

SEATS: Final = 2
DEFAULT_ROUNDS: Final = 5
MAX_ROUNDS: Final = 25
