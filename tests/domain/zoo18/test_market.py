"""Share-price movement on the 18ZOO market (spec section 4 and 18.5)."""

from __future__ import annotations

from domain.games.zoo18 import market


def test_right_moves_along_the_row_and_up_at_its_end() -> None:
    assert market.right((1, 1)) == (1, 2)
    assert market.right((1, 8)) == (0, 8)  # 14 -> 15
    assert market.right((2, 6)) == (1, 6)  # 11 -> 12
    assert market.right((5, 1)) == (4, 1)  # 3 -> 4
    assert market.right((0, 11)) == (0, 11)  # the END cell stays


def test_left_moves_down_at_the_first_column() -> None:
    assert market.left((1, 1)) == (1, 0)
    assert market.left((0, 0)) == (1, 0)  # 7 -> 6
    assert market.left((5, 0)) == (5, 0)


def test_down_is_blocked_by_shorter_rows_and_up_by_the_top() -> None:
    assert market.down((1, 8)) == (1, 8)
    assert market.down((2, 1)) == (3, 1)
    assert market.up((0, 4)) == (0, 4)
    assert market.up((3, 2)) == (2, 2)


def test_paying_moves_right_only_at_the_threshold() -> None:
    assert market.pay_target((4, 1), 49) == (4, 1)
    assert market.pay_target((4, 1), 50) == (4, 2)
    assert market.cell_id((1, 1)) == "7,1,1"
