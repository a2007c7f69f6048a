"""Randomness: the only way domain code draws, through an injected Rng.

Production injects `random.SystemRandom()`, tests a seeded `random.Random`. Every outcome goes
into an event, so no seed is ever stored and replays never draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Rng(Protocol):
    def randrange(self, n: int, /) -> int: ...


def shuffle(rng: Rng, items: Sequence[T]) -> tuple[T, ...]:
    """Fisher-Yates over `randrange`: ours, so stable across Python versions."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randrange(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def roll(rng: Rng, count: int, sides: int) -> tuple[int, ...]:
    return tuple(1 + rng.randrange(sides) for _ in range(count))


def choice(rng: Rng, items: Sequence[T]) -> T:
    return items[rng.randrange(len(items))]


def token(rng: Rng, bits: int = 48) -> str:
    """An opaque id (for hidden cards), drawn so that ids cannot be tracked across zones."""
    return format(rng.randrange(1 << bits), "x")
