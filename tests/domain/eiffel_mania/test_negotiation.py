"""N0-N3 and N6: setup, rotation, Office window, reveal, offers and stances (given/when/then)."""

from __future__ import annotations

import random

from domain.games.eiffel_mania import game
from domain.games.eiffel_mania.data import ALL_CARDS
from domain.games.eiffel_mania.messages import (
    BETRAY,
    COLLABORATE,
    AcceptOffer,
    CardsRevealed,
    CommitStance,
    FirstPrincipalDrawn,
    NegotiationStarted,
    OfferAccepted,
    OfferArrangement,
    OfferMade,
    OfferRejected,
    OfferWithdrawn,
    OfficePassed,
    OfficePlayed,
    PassOffice,
    PileReordered,
    PileShuffled,
    PlayOffice,
    RejectOffer,
    SetPileOrder,
    StanceCommitted,
    WindowOpened,
    WithdrawOffer,
)
from domain.games.eiffel_mania.state import State
from domain.kernel import Reason, Seat
from tests.domain.eiffel_mania.helpers import opening, play, table


def test_setup_shuffles_all_24_cards_and_draws_the_first_principal() -> None:
    state = game.initial(4, None)
    events = game.setup(state, random.Random(7))
    shuffled, drawn = events[0], events[1]
    assert isinstance(shuffled, PileShuffled) and isinstance(drawn, FirstPrincipalDrawn)
    assert sorted(c or "" for c in shuffled.cards) == sorted(ALL_CARDS)
    assert len(set(shuffled.ids)) == 24
    assert 0 <= drawn.seat < 4
    after: State = game.fold(events, state)
    assert after.principal == drawn.seat and after.partner == (drawn.seat + 1) % 4
    assert after.phase in ("talk", "office")


def test_first_principal_is_uniform_over_seats() -> None:
    firsts = {game.setup(game.initial(3, None), random.Random(seed))[1].seat for seed in range(60)}
    assert firsts == {0, 1, 2}


def test_n2_reveals_the_top_two_cards_and_n3_awaits_both_negotiators() -> None:
    start = table(top=("L12", "S10"), first=2)
    state = start.state
    assert state.revealed == ("L12", "S10") and len(state.pile) == 22
    assert (state.principal, state.partner) == (2, 3)
    assert game.legal(state, 2) and game.legal(state, 3)
    assert game.legal(state, 0) == [] and game.legal(state, 1) == []
    assert CommitStance(stance=BETRAY) in game.legal(state, 3)


def test_partner_is_the_next_active_player_clockwise() -> None:
    start = table(first=3, betrayals={0: 3}, inactive=[0])
    assert (start.state.principal, start.state.partner) == (3, 1)


def test_commit_is_final_and_only_for_negotiators() -> None:
    start = table()
    start.when(2, CommitStance(stance=BETRAY)).rejects(Reason.NOT_YOUR_TURN, "negotiators")
    once = play(start, (0, CommitStance(stance=BETRAY)))
    once.when(0, CommitStance(stance=COLLABORATE)).rejects(Reason.ILLEGAL, "cannot change")
    assert game.legal(once.state, 0) == []
    assert game.legal(once.state, 1) == [
        CommitStance(stance=COLLABORATE),
        CommitStance(stance=BETRAY),
    ]


def test_commit_stance_is_simultaneous() -> None:
    assert CommitStance.simultaneous is True


def test_offer_by_principal_with_a_gift_he_owns() -> None:
    start = table(holdings={0: ["L03"]})
    start.when(0, OfferArrangement(gift_card="L03")).then(
        OfferMade(seat=0, partner_picks_first=False, gift_card="L03")
    )
    start.when(0, OfferArrangement(gift_card="L04")).rejects(Reason.ILLEGAL, "do not own L04")
    start.when(0, OfferArrangement()).rejects(Reason.ILLEGAL, "needs a term")
    start.when(1, OfferArrangement(partner_picks_first=True)).rejects(
        Reason.NOT_YOUR_TURN, "principal"
    )


def test_offer_answers_and_locks() -> None:
    start = table()
    start.when(1, AcceptOffer()).rejects(Reason.ILLEGAL, "no pending offer")
    offered = play(start, (0, OfferArrangement(partner_picks_first=True)))
    offered.when(0, AcceptOffer()).rejects(Reason.NOT_YOUR_TURN, "partner")
    offered.when(1, RejectOffer()).then(OfferRejected(seat=1))
    offered.when(0, WithdrawOffer()).then(OfferWithdrawn(seat=0))
    accepted = offered.and_(OfferAccepted(seat=1))
    accepted.when(0, OfferArrangement(partner_picks_first=True)).rejects(
        Reason.ILLEGAL, "already accepted"
    )
    accepted.when(0, WithdrawOffer()).rejects(Reason.ILLEGAL, "no pending offer")


def test_at_most_three_offers_and_a_new_offer_replaces_the_pending_one() -> None:
    start = table(holdings={0: ["L01", "L02"]})
    two = play(
        start,
        (0, OfferArrangement(partner_picks_first=True)),
        (0, OfferArrangement(gift_card="L01")),
    )
    assert [o.status for o in two.state.offers] == ["replaced", "pending"]
    three = play(two, (0, OfferArrangement(gift_card="L02")))
    three.when(0, OfferArrangement(partner_picks_first=True)).rejects(Reason.ILLEGAL, "at most 3")
    assert not any(isinstance(c, OfferArrangement) for c in game.legal(three.state, 0))


def test_pending_offer_lapses_at_the_first_commit_and_talk_closes() -> None:
    start = play(table(), (0, OfferArrangement(partner_picks_first=True)))
    committed = play(start, (1, CommitStance(stance=COLLABORATE)))
    assert committed.state.offers[-1].status == "lapsed"
    committed.when(0, OfferArrangement(partner_picks_first=True)).rejects(
        Reason.ILLEGAL, "too late"
    )
    assert game.legal(committed.state, 0) == [
        CommitStance(stance=COLLABORATE),
        CommitStance(stance=BETRAY),
    ]


def test_legal_offers_of_the_principal() -> None:
    start = table(holdings={0: ["L05", "S07"]})
    offers = [c for c in game.legal(start.state, 0) if isinstance(c, OfferArrangement)]
    assert OfferArrangement(partner_picks_first=True) in offers
    assert OfferArrangement(gift_card="S07") in offers
    assert OfferArrangement(partner_picks_first=True, gift_card="L05") in offers
    assert len(offers) == 5


def test_office_window_asks_active_holders_clockwise_from_the_principal() -> None:
    start = table(first=1, holdings={0: ["S01"], 2: ["S02", "S03"], 3: []}, top=("L12", "L11"))
    state = start.state
    assert state.phase == "office" and state.queue == (2, 0)
    start.when(0, PassOffice()).rejects(Reason.NOT_YOUR_TURN)
    after = start.when(2, PassOffice()).then(OfficePassed(seat=2))
    assert after.queue == (0,)


def test_office_window_skips_inactive_holders() -> None:
    start = table(first=1, holdings={0: ["S01"]}, betrayals={0: 3}, inactive=[0])
    assert start.state.phase == "talk" and start.state.revealed


def test_last_office_pass_reveals() -> None:
    start = table(holdings={2: ["S01"]}, top=("L12", "L11"))
    start.when(2, PassOffice()).then(OfficePassed(seat=2), CardsRevealed(cards=("L12", "L11")))


def test_play_office_shows_the_pile_to_its_user_only_and_reorder_any_permutation() -> None:
    start = table(holdings={2: ["S01"]}, top=("L12", "L11"))
    pile = start.state.pile
    played = start.when(2, PlayOffice()).then(OfficePlayed(seat=2, card="S01", pile=pile))
    assert played.phase == "reorder" and "S01" in played.discarded
    sample = game.legal(played, 2)
    assert len(sample) == len(pile) and sample[0] == SetPileOrder(order=pile)
    assert all(isinstance(c, SetPileOrder) and c.order[0] == pile[i] for i, c in enumerate(sample))
    new = tuple(reversed(pile))
    events = game.decide(played, 2, SetPileOrder(order=new), random.Random(1))
    reorder = events[0]
    assert isinstance(reorder, PileReordered) and reorder.order == new
    assert set(reorder.ids).isdisjoint(played.pile_ids)
    assert events[1] == CardsRevealed(cards=(new[0], new[1]))
    after = game.fold(events, played)
    assert game.view(after, Seat(2)).pile_order == list(new[2:])
    assert game.view(after, Seat(0)).pile_order is None
    assert game.redact(reorder, Seat(1)).order == (None,) * len(new)  # type: ignore[union-attr]
    assert game.redact(reorder, Seat(2)) == reorder


def test_set_pile_order_must_be_a_permutation_of_the_pile() -> None:
    start = play(table(holdings={2: ["S01"]}), (2, PlayOffice()))
    pile = tuple(c or "" for c in start.state.pile)
    start.when(2, SetPileOrder(order=pile[1:])).rejects(Reason.ILLEGAL, "exactly the 23 cards")
    start.when(2, SetPileOrder(order=(pile[0], *pile[:-1]))).rejects(Reason.ILLEGAL, "each once")
    start.when(2, SetPileOrder(order=(*pile[:-1], "S01"))).rejects(Reason.ILLEGAL)
    start.when(0, SetPileOrder(order=pile)).rejects(Reason.NOT_YOUR_TURN)


def test_d29_a_second_office_moves_the_knowledge_to_its_user() -> None:
    start = table(holdings={2: ["S01"], 3: ["S02"]})
    first = play(start, (2, PlayOffice()))
    pile = tuple(c or "" for c in first.state.pile)
    first = play(first, (2, SetPileOrder(order=pile)))
    assert first.state.office_seer == 2
    # next negotiation: 1 is principal; 2 used his only Office card, 3 is asked
    nxt = play(first, (0, CommitStance(stance=COLLABORATE)), (1, CommitStance(stance=BETRAY)))
    assert nxt.state.principal == 1 and nxt.state.phase == "office"
    assert game.view(nxt.state, Seat(2)).pile_order == list(nxt.state.pile)
    assert nxt.state.queue == (3,)
    second = play(nxt, (3, PlayOffice()))
    assert game.view(second.state, Seat(3)).pile_order == list(second.state.pile)
    assert game.view(second.state, Seat(2)).pile_order is None


def test_n6_next_principal_is_the_partner_seat() -> None:
    start = table(first=1)
    after = play(start, (1, CommitStance(stance=COLLABORATE)), (2, CommitStance(stance=BETRAY)))
    assert (after.state.principal, after.state.partner, after.state.negotiation) == (2, 3, 2)


def test_n6_skips_a_partner_who_just_became_inactive() -> None:
    start = table(first=0, betrayals={1: 2})
    after = play(start, (0, CommitStance(stance=COLLABORATE)), (1, CommitStance(stance=BETRAY)))
    assert after.state.inactive[1]
    assert (after.state.principal, after.state.partner) == (2, 3)


def test_engine_opens_the_negotiation_and_the_office_window_as_events() -> None:
    events = opening(first=3, holdings={1: ["S01"], 0: ["S02"]})
    assert NegotiationStarted(number=1, principal=3, partner=0) in events
    assert events[-1] == WindowOpened(kind="office", seats=(0, 1))


def test_stance_committed_event_records_the_stance() -> None:
    start = table()
    start.when(1, CommitStance(stance=BETRAY)).then(StanceCommitted(seat=1, stance=BETRAY))
