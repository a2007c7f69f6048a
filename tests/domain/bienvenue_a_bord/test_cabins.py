"""§3.1 cabin cards: mandatory printed level, optional downgrade (D8), lost openings, special
cards and the largest achievable total (D9); the lowest-lettered cabin is opened."""

from __future__ import annotations

from typing import Any

from domain.games.bienvenue_a_bord import game
from domain.games.bienvenue_a_bord.messages import CabinsOpened, Choice, Resolve
from domain.kernel import Reason
from tests.domain.bienvenue_a_bord.positions import at, dealt, opened
from tests.given import Given

ALL_3 = opened(1, "3A", "3B", "3C", "3D")
ALL_2 = opened(1, "2A", "2B", "2C", "2D", "2E", "2F")
ALL_1 = opened(1, "1A", "1B", "1C", "1D", "1E", "1F", "1G", "1H")


def holding(card: str, *sheet: Any) -> Given:
    """Seat 1 holds `card` and OBJ02; seat 0 holds a wild passenger (neither is automatic)."""
    return at(dealt("PAS14", (card, "OBJ02")), opened(0, "1A"), *sheet)


def openings(position: Given, card: str) -> list[Any]:
    return [c.choice.open for c in game.legal(position.state, 1) if c.card == card]


def test_the_printed_level_must_be_opened_when_one_is_closed() -> None:
    position = holding("CAB04")
    assert openings(position, "CAB04") == [(2,)]
    position.when(1, Resolve(card="CAB04", choice=Choice(open=(1,)))).rejects(
        Reason.ILLEGAL, "choose [2]"
    )
    position.when(1, Resolve(card="CAB04", choice=Choice(open=(2,)))).then(
        CabinsOpened(seat=1, source="CAB04", cabins=("2A",))
    )


def test_the_lowest_lettered_closed_cabin_opens() -> None:
    after = holding("CAB11", opened(1, "2A")).when(
        1, Resolve(card="CAB11", choice=Choice(open=(2, 2)))
    )
    assert after.events[0] == CabinsOpened(seat=1, source="CAB11", cabins=("2B", "2C"))


def test_without_the_printed_level_a_lower_one_may_open_or_the_opening_is_forfeited() -> None:
    position = holding("CAB13", ALL_3)
    assert openings(position, "CAB13") == [(2,), (1,), (None,)]
    assert holding("CAB13", ALL_3).when(1, Resolve(card="CAB13", choice=Choice(open=(1,)))).events[
        0
    ] == CabinsOpened(seat=1, source="CAB13", cabins=("1A",))
    assert holding("CAB13", ALL_3).when(
        1, Resolve(card="CAB13", choice=Choice(open=(None,)))
    ).events[0] == CabinsOpened(seat=1, source="CAB13", cabins=())


def test_forfeiting_is_not_allowed_when_the_printed_level_is_closed() -> None:
    holding("CAB13").when(1, Resolve(card="CAB13", choice=Choice(open=(None,)))).rejects(
        Reason.ILLEGAL, "highest first"
    )


def test_levels_are_processed_from_highest_to_lowest_each_seeing_the_previous() -> None:
    """CAB16 prints 1 and 3; with the 3s gone and one closed 1 left, downgrading the 3 to a 1
    uses that last 1, so the printed 1 is then lost."""
    last_one = opened(1, "1A", "1B", "1C", "1D", "1E", "1F", "1G")
    position = holding("CAB16", ALL_3, last_one)
    assert openings(position, "CAB16") == [(2, 1), (1, None), (None, 1)]


def test_an_opening_with_no_lower_closed_cabin_is_lost() -> None:
    position = holding("CAB08", ALL_1, ALL_2)
    assert openings(position, "CAB08") == [(None, None)]


def test_a_special_card_opens_levels_summing_to_three() -> None:
    position = holding("CAB17")
    assert openings(position, "CAB17") == [(3,), (2, 1), (1, 1, 1)]
    after = position.when(1, Resolve(card="CAB17", choice=Choice(open=(2, 1))))
    assert after.events[0] == CabinsOpened(seat=1, source="CAB17", cabins=("2A", "1A"))


def test_a_special_card_reaches_the_largest_total_when_three_is_impossible() -> None:
    two_ones_left = opened(1, "1A", "1B", "1C", "1D", "1E", "1F")
    position = holding("CAB18", ALL_3, ALL_2, two_ones_left)
    assert openings(position, "CAB18") == [(1, 1)]
    position.when(1, Resolve(card="CAB18", choice=Choice(open=(1,)))).rejects(
        Reason.ILLEGAL, "largest total possible"
    )


def test_a_special_card_on_a_full_ship_opens_nothing() -> None:
    position = holding("CAB18", ALL_3, ALL_2, ALL_1)
    assert openings(position, "CAB18") == [()]


def test_a_special_card_may_not_fall_short_of_three() -> None:
    holding("CAB17").when(1, Resolve(card="CAB17", choice=Choice(open=(2,)))).rejects(
        Reason.ILLEGAL, "summing"
    )
