"""Setup, draft and stock-round rules (spec sections 2-5)."""

from __future__ import annotations

import pytest

from domain.games.zoo18 import game
from domain.games.zoo18.deck import lcg_deck, seed_of
from domain.games.zoo18.messages import (
    Bid,
    BuyPower,
    BuyShares,
    Paid,
    Par,
    Pass,
    PowerMoved,
    SellShares,
    SellTicket,
    UsePower,
)
from domain.kernel import Reason
from tests.given import Given

from .helpers import DECK, HOME, play, seat_now, start


def given_state(state: object) -> Given:
    return Given(game, state)


@pytest.mark.parametrize(
    ("map_id", "seats", "cash", "tickets"),
    [("A", 2, 40, 3), ("A", 4, 27, 3), ("B", 4, 23, 3), ("D", 3, 32, 3), ("F", 5, 22, 2)],
)
def test_starting_cash_and_tickets_by_map_and_players(
    map_id: str, seats: int, cash: int, tickets: int
) -> None:
    state = start(seats, map_id)
    assert [p.cash for p in state.players] == [cash] * seats
    assert all(len(state.owned_tickets(f"p{n}")) == tickets for n in range(seats))
    assert state.tickets[0].id == "ZOOTicket 1 - Player 1"


def test_deck_order_follows_the_recorded_seed() -> None:
    # hs_cvhtuwbd_1612649245 drafts DAYS_OFF: it must be among the first four powers
    deck = lcg_deck(seed_of("hs_cvhtuwbd_1612649245", None))
    assert "DAYS_OFF" in deck[:4]
    assert sorted(deck) == sorted(DECK)
    assert seed_of("whatever_12", 42746) == 42746


def test_draft_goes_in_reverse_seat_order_and_charges_the_price() -> None:
    state = start(3)
    assert seat_now(state) == 2
    state = play(state, Bid("DAYS_OFF", 3))
    assert state.players[2].cash == 25
    assert state.power("DAYS_OFF").owner == "p2"
    assert seat_now(state) == 1


def test_draft_offers_only_the_first_powers_of_the_deck() -> None:
    given_state(start(2)).when(1, Bid("PATCH", 2)).rejects(Reason.ILLEGAL, "not offered")


def test_too_much_responsibility_pays_three_and_closes() -> None:
    events = given_state(start(2)).when(1, Bid("TOO_MUCH_RESPONSIBILITY", 1)).events
    assert events[:4] == [
        Paid("p1", "bank", 1),
        PowerMoved("TOO_MUCH_RESPONSIBILITY", "p1"),
        Paid("bank", "p1", 3),
        PowerMoved("TOO_MUCH_RESPONSIBILITY", "closed"),
    ]


def _sr1(seats: int = 2) -> object:
    state = start(seats)
    return play(state, *([Pass()] * seats))


def test_par_puts_twice_the_price_in_the_treasury_and_places_the_home_token() -> None:
    state = _sr1()
    assert state.flow.round == "sr" and seat_now(state) == 0
    state = play(state, Par("GI", 7))
    gi = state.family("GI")
    assert (gi.cash, gi.row, gi.col, gi.tokens_used) == (14, 1, 1, 1)
    assert state.players[0].cash == 26
    assert state.share("GI_0").owner == "p0"
    assert state.flow.lay_family == "GI" and state.flow.step == "home"


def test_par_9_needs_green_tiles() -> None:
    given_state(_sr1()).when(0, Par("GI", 9)).rejects(Reason.ILLEGAL, "par 9")


def test_ipo_share_sells_at_the_market_price_into_the_treasury() -> None:
    state = play(_sr1(), Par("GI", 6), HOME, Pass())  # home tile, then the turn ends
    assert seat_now(state) == 1
    state = play(state, BuyShares(("GI_1",)))
    assert state.family("GI").cash == 18
    assert state.players[1].cash == 34


def test_the_cousin_share_waits_for_wednesday() -> None:
    state = play(_sr1(), Par("GI", 6), HOME, Pass())
    given_state(state).when(1, BuyShares(("GI_4",))).rejects(Reason.ILLEGAL)


def test_selling_drops_the_price_one_row_per_share_and_passes_the_presidency() -> None:
    state = play(_sr1(), Par("GI", 7), HOME, Pass())
    state = play(state, BuyShares(("GI_1",)), Pass(), Pass(), BuyShares(("GI_2",)), Pass())
    # seat 0 (president, 40%) sells GI_0: seat 1 holds 40% and takes the presidency
    assert seat_now(state) == 0
    state = play(state, SellShares(("GI_0",)))
    gi = state.family("GI")
    assert (gi.row, gi.col) == (3, 1)
    assert state.president("GI") == 1
    assert {state.share("GI_1").owner, state.share("GI_2").owner} == {"market"}
    assert state.players[0].cash == 26 + 14


def test_a_ticket_sold_in_the_stock_round_pays_its_full_value() -> None:
    state = _sr1()
    given_state(state).when(0, SellTicket("ZOOTicket 1 - Player 1")).then(
        Paid("bank", "p0", 4), PowerMoved("ZOOTicket 1 - Player 1", "closed")
    )


def test_one_purchase_per_turn() -> None:
    state = play(_sr1(), BuyPower("WHATSUP", 3))
    given_state(state).when(0, Par("GI", 7)).rejects(Reason.ILLEGAL, "already bought")


def test_days_off_moves_the_family_right() -> None:
    state = play(start(2), Pass(), Bid("DAYS_OFF", 3), Par("GI", 7), HOME)
    state = play(state, UsePower("DAYS_OFF", "days_off", "GI"))
    gi = state.family("GI")
    assert (gi.row, gi.col) == (1, 2)
    assert state.power("DAYS_OFF").owner == "closed"


def test_priority_goes_to_the_richest_when_the_stock_round_ends() -> None:
    state = play(_sr1(), Par("GI", 7), HOME, Pass(), Pass())
    assert state.flow.round == "sr"  # seat 0 bought this turn, so one more lap of passes
    state = play(state, Pass())
    assert state.flow.round == "or"
    assert state.priority == (1, 0)


def test_not_your_turn() -> None:
    given_state(_sr1()).when(1, Pass()).rejects(Reason.NOT_YOUR_TURN)


def test_the_home_tile_is_mandatory_on_a_white_home_hex() -> None:
    state = play(_sr1(), Par("GI", 7))
    Given(game, state).when(0, Pass()).rejects(Reason.ILLEGAL, "must lay")
    assert all(c.hex == "K9" for c in game.legal(state, 0))  # type: ignore[attr-defined]


def test_a_new_president_hands_back_the_certificates_it_acquired_first() -> None:
    # given seat 1 buying GI_3, then GI_2, while seat 0 holds the president's 40%
    state = play(_sr1(), Par("GI", 7), HOME, Pass())
    state = play(state, BuyShares(("GI_3",)), Pass(), Pass(), BuyShares(("GI_2",)), Pass(), Pass())
    assert state.options.rules >= 2 and seat_now(state) == 1
    # when it buys GI_1 too (60%), it takes the presidency
    state = play(state, BuyShares(("GI_1",)))
    # then, as at 18xx.games, the two it acquired first go to seat 0, not the lowest ids
    assert state.president("GI") == 1
    assert {state.share("GI_3").owner, state.share("GI_2").owner} == {"p0"}
    assert state.share("GI_1").owner == "p1"
