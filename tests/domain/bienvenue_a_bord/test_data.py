"""The catalogue matches the spec's decided contents (D2-D6, §7)."""

from __future__ import annotations

from collections import Counter

from domain.games.bienvenue_a_bord.data import (
    CABIN_CARDS,
    CABINS_BY_LEVEL,
    OBJECTIVE_CARDS,
    PASSENGER_CARDS,
    STOPOVER_CARDS,
)


def test_the_sheet_has_8_6_4_cabins() -> None:
    assert {level: len(ids) for level, ids in CABINS_BY_LEVEL.items()} == {1: 8, 2: 6, 3: 4}


def test_eighteen_cabin_cards() -> None:
    regular = Counter(card.open for card in CABIN_CARDS if not card.special)
    assert regular == {(1, 1): 3, (2,): 4, (2, 1): 3, (2, 2): 2, (3,): 3, (3, 1): 1}
    assert sum(len(levels) * n for levels, n in regular.items()) == 25
    assert [card.special_total for card in CABIN_CARDS if card.special] == [3, 3]


def test_thirty_three_passenger_cards() -> None:
    effects = Counter(card.effect for card in PASSENGER_CARDS)
    assert effects == {"symbol": 12, "wild_symbol": 2, "vp": 11, "conditional_vp": 5, "love": 3}
    symbols = Counter((card.symbol, card.level) for card in PASSENGER_CARDS if card.symbol)
    for symbol in ("fun", "sun", "game"):
        assert (symbols[(symbol, 1)], symbols[(symbol, 2)], symbols[(symbol, 3)]) == (1, 2, 1)
    assert sorted((c.level, c.vp) for c in PASSENGER_CARDS if c.effect == "vp") == [
        (1, -3),
        (1, -2),
        (1, -1),
        (1, 1),
        (1, 1),
        (1, 2),
        (2, 2),
        (2, 3),
        (2, 3),
        (3, 4),
        (3, 5),
    ]
    assert sorted(c.vp for c in PASSENGER_CARDS if c.effect == "love") == [3, 4, 4]
    assert sorted(
        (c.level, c.vp, c.requires) for c in PASSENGER_CARDS if c.effect == "conditional_vp"
    ) == [(2, 4, "fun"), (2, 4, "game"), (2, 4, "sun"), (3, 6, "fun"), (3, 6, "sun")]


def test_nine_objectives_and_four_stopovers() -> None:
    assert [c.code for c in OBJECTIVE_CARDS] == [f"O{n}" for n in range(1, 10)]
    assert [c.id for c in STOPOVER_CARDS] == ["E1", "E2", "E3", "E4"]
