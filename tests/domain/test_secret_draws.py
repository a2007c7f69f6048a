"""SecretDraws: every draw of a game derived from its secret and the decision's label, the same
in any process and in the browser (clients/web/js/fair.js computes the vector below too)."""

from __future__ import annotations

import hmac
from collections import Counter

import pytest

from domain.chance import SecretDraws, shuffle

KEY = bytes(range(32))
# the first block of "setup" and the draws below, as tests/browser/test_fairness.py expects of
# the browser's implementation: a change here changes every stored game's fairness proof
VECTOR_BLOCK = "b4c5eeab5eab6076ce7b6ea81297746e68667ceb010dc7523445fba3549945b8"
VECTOR_BOUNDS = (1, 2, 6, 64, 1 << 48, 7, 1000003)
VECTOR_DRAWS = [0, 1, 5, 27, 206382391091057, 5, 38133]


def test_the_draws_of_a_known_secret_are_fixed() -> None:
    assert hmac.digest(KEY, b"setup:0", "sha256").hex() == VECTOR_BLOCK
    draws = SecretDraws(KEY, "setup")
    assert [draws.randrange(n) for n in VECTOR_BOUNDS] == VECTOR_DRAWS
    assert draws.drawn == list(zip(VECTOR_BOUNDS, VECTOR_DRAWS, strict=True))


def test_a_draw_is_the_top_bits_of_a_block_below_the_bound() -> None:
    """randrange(6) keeps the top 3 bits of "label:0"'s block, or the next block's when they
    say 6 or 7 (rejection), and so on."""
    draws = SecretDraws(KEY, "7")
    for _ in range(50):
        draws.randrange(6)
    blocks = (
        int.from_bytes(hmac.digest(KEY, f"7:{i}".encode(), "sha256")) >> 253 for i in range(500)
    )
    expected = [b for b in blocks if b < 6][:50]
    assert [result for _, result in draws.drawn] == expected


def test_same_secret_and_label_same_draws_another_label_or_secret_others() -> None:
    def deck(key: bytes, label: str) -> tuple[int, ...]:
        return shuffle(SecretDraws(key, label), range(52))

    assert deck(KEY, "setup") == deck(KEY, "setup")
    assert deck(KEY, "setup") != deck(KEY, "1")
    assert deck(KEY, "1") != deck(KEY, "2")
    assert deck(KEY, "setup") != deck(bytes(32), "setup")


def test_every_value_is_about_as_likely() -> None:
    counts = Counter(SecretDraws(KEY, str(i)).randrange(6) for i in range(12_000))
    assert set(counts) == set(range(6))
    assert all(1_800 < n < 2_200 for n in counts.values()), counts  # 2,000 ± 10 sigma/2


def test_nothing_is_hashed_until_a_draw_and_a_bound_of_one_takes_no_block() -> None:
    draws = SecretDraws(KEY, "3")
    assert draws.drawn == [] and draws._blocks == 0
    assert draws.randrange(1) == 0
    assert draws._blocks == 0 and draws.drawn == [(1, 0)]


@pytest.mark.parametrize("bound", [0, -3, 1 << 257])
def test_a_bound_outside_the_range_is_refused(bound: int) -> None:
    with pytest.raises(ValueError):
        SecretDraws(KEY, "setup").randrange(bound)
