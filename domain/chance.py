"""Randomness: the only way domain code draws, through an injected Rng.

The server injects `SecretDraws`: every draw of a game derived from the game's secret and the
position (docs/protocol.md, "Provably fair randomness"); tests inject a seeded `random.Random`.
Every outcome goes into an event, so replays never draw.
"""

from __future__ import annotations

import hmac
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


def number(rng: Rng, bound: int) -> int:
    """A whole number in [0, bound): a seed, for a game that deals as another engine does."""
    return rng.randrange(bound)


def choice(rng: Rng, items: Sequence[T]) -> T:
    return items[rng.randrange(len(items))]


def token(rng: Rng, bits: int = 48) -> str:
    """An opaque id (for hidden cards), drawn so that ids cannot be tracked across zones."""
    return format(rng.randrange(1 << bits), "x")


SECRET_BITS = 256  # one HMAC-SHA256 block: the widest bound a single draw takes


class SecretDraws:
    """A deterministic Rng derived from a secret: draw after draw of one decision.

    Block i of `label` is HMAC-SHA256(secret, "<label>:<i>"); `randrange(n)` keeps the top
    bits of a block that n - 1 needs and takes the next block while the candidate is not below
    n (rejection sampling, so every value is equally likely). A bound of 1 gives 0 and takes no
    block. Anyone holding the secret recomputes the same draws (clients/web/js/fair.js does, in
    the browser). Nothing is hashed until something is drawn, and every draw is kept in
    `drawn` as (bound, result) so that the decision can be recorded and checked later.
    """

    __slots__ = ("_blocks", "_key", "_label", "drawn")

    def __init__(self, key: bytes, label: str) -> None:
        self._key = key
        self._label = label
        self._blocks = 0
        self.drawn: list[tuple[int, int]] = []

    @property
    def label(self) -> str:
        return self._label

    def randrange(self, n: int, /) -> int:
        if n < 1:
            raise ValueError(f"empty range for randrange({n})")
        result = 0
        if n > 1:
            bits = (n - 1).bit_length()
            if bits > SECRET_BITS:
                raise ValueError(f"a draw is below 2**{SECRET_BITS}, not {n}")
            shift, key, prefix = SECRET_BITS - bits, self._key, f"{self._label}:"
            while True:
                block = hmac.digest(key, f"{prefix}{self._blocks}".encode(), "sha256")
                self._blocks += 1
                result = int.from_bytes(block) >> shift
                if result < n:
                    break
        self.drawn.append((n, result))
        return result
