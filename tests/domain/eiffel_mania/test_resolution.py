"""N4 and N5 (R1-R8): denunciation, outcomes, warnings, gifts, clauses, inactivity, the end."""

from __future__ import annotations

import random

from domain.games.eiffel_mania import game
from domain.games.eiffel_mania.data import ALL_CARDS
from domain.games.eiffel_mania.messages import (
    BETRAY,
    COLLABORATE,
    AcceptOffer,
    Award,
    BecameInactive,
    CardGiven,
    CardsAwarded,
    CardsRevealed,
    ClauseInvoked,
    ClausePassed,
    CommitStance,
    DecisionRequested,
    Denounce,
    Denounced,
    DenunciationJudged,
    DenunciationPassed,
    GameEnded,
    GiveCard,
    InvokeClause,
    NegotiationEnded,
    NegotiationStarted,
    OfferArrangement,
    OutcomeDetermined,
    PassClause,
    PassDenounce,
    PickCard,
    PileDiscarded,
    RejectOffer,
    StanceCommitted,
    StancesRevealed,
    WarningTurned,
    WindowOpened,
)
from domain.kernel import Reason
from tests.domain.eiffel_mania.helpers import play, table

C = CommitStance(stance=COLLABORATE)
B = CommitStance(stance=BETRAY)
TOP = ("L12", "L11", "L10", "L09")


# --- R1 / R3 collaboration, R5 arrangement --------------------------------------------------


def test_collaboration_principal_picks_first_then_next_negotiation() -> None:
    start = play(table(top=TOP), (0, C))
    start.when(1, C).then(
        StanceCommitted(seat=1, stance=COLLABORATE),
        StancesRevealed(
            principal=0, principal_stance=COLLABORATE, partner=1, partner_stance=COLLABORATE
        ),
        OutcomeDetermined(principal=0, partner=1, outcome="collaboration"),
        DecisionRequested(seat=0, decision="pick"),
    )
    picking = play(start, (1, C))
    picking.when(1, PickCard(card="L12")).rejects(Reason.NOT_YOUR_TURN)
    picking.when(0, PickCard(card="L10")).rejects(Reason.ILLEGAL, "not on the table")
    picking.when(0, PickCard(card="L11")).then(
        CardsAwarded(awards=(Award(card="L11", seat=0), Award(card="L12", seat=1)), how="pick"),
        NegotiationEnded(next_from=1),
        NegotiationStarted(number=2, principal=1, partner=2),
        CardsRevealed(cards=("L10", "L09")),
    )


def test_accepted_offer_partner_picks_first_and_gift_passes_from_a_to_b() -> None:
    start = play(
        table(top=TOP, holdings={0: ["L01"]}),
        (0, OfferArrangement(partner_picks_first=True, gift_card="L01")),
        (1, AcceptOffer()),
        (0, C),
    )
    start.when(1, C).then(
        StanceCommitted(seat=1, stance=COLLABORATE),
        StancesRevealed(
            principal=0, principal_stance=COLLABORATE, partner=1, partner_stance=COLLABORATE
        ),
        OutcomeDetermined(principal=0, partner=1, outcome="collaboration"),
        DecisionRequested(seat=1, decision="pick"),
    )
    picking = play(start, (1, C))
    events = game.decide(picking.state, 1, PickCard(card="L12"), random.Random(0))
    assert events[:2] == [
        CardsAwarded(awards=(Award(card="L12", seat=1), Award(card="L11", seat=0)), how="pick"),
        CardGiven(giver=0, receiver=1, card="L01", reason="arrangement"),
    ]
    after = game.fold(events, picking.state)
    assert after.lot_owner[0] == 1 and after.lot_owner[11] == 1 and after.lot_owner[10] == 0


def test_arrangement_is_not_executed_when_someone_betrays() -> None:
    start = play(
        table(top=TOP, holdings={0: ["L01"]}),
        (0, OfferArrangement(gift_card="L01")),
        (1, AcceptOffer()),
        (0, C),
    )
    after = play(start, (1, B))
    assert after.state.lot_owner[0] == 0  # the gift stays with the principal


def test_rejected_offer_has_no_effect() -> None:
    start = play(
        table(top=TOP),
        (0, OfferArrangement(partner_picks_first=True)),
        (1, RejectOffer()),
        (0, C),
        (1, C),
    )
    assert start.state.phase == "pick" and start.state.awaiting == 0


# --- R3 betrayal, R4 warnings ----------------------------------------------------------------


def test_a_lone_betrayer_takes_both_cards_and_turns_his_warning() -> None:
    start = play(table(top=TOP), (0, B))
    start.when(1, C).then(
        StanceCommitted(seat=1, stance=COLLABORATE),
        StancesRevealed(
            principal=0, principal_stance=BETRAY, partner=1, partner_stance=COLLABORATE
        ),
        OutcomeDetermined(principal=0, partner=1, outcome="betrayal", betrayer=0),
        CardsAwarded(awards=(Award(card="L12", seat=0), Award(card="L11", seat=0)), how="betrayal"),
        WarningTurned(seat=0, betrayals=1),
        NegotiationEnded(next_from=1),
        NegotiationStarted(number=2, principal=1, partner=2),
        CardsRevealed(cards=("L10", "L09")),
    )


def test_double_betrayal_deals_one_card_to_each_other_player_with_four() -> None:
    start = play(table(top=TOP), (0, B))
    for seed in range(12):
        events = game.decide(start.state, 1, B, random.Random(seed))
        deal = next(e for e in events if isinstance(e, CardsAwarded))
        assert deal.how == "random_deal"
        assert sorted(a.seat for a in deal.awards) == [2, 3]
        assert sorted(a.card for a in deal.awards) == ["L11", "L12"]
        assert WarningTurned(seat=0, betrayals=1) in events
        assert WarningTurned(seat=1, betrayals=1) in events


def test_double_betrayal_deal_is_random() -> None:
    start = play(table(top=TOP), (0, B))
    deals = set()
    for seed in range(20):
        events = game.decide(start.state, 1, B, random.Random(seed))
        deal = next(e for e in events if isinstance(e, CardsAwarded))
        deals.add(deal.awards)
    assert len({tuple(sorted((a.card, a.seat) for a in d)) for d in deals}) == 2


def test_double_betrayal_with_three_players_gives_both_cards_to_the_other_even_inactive() -> None:
    start = play(table(seats=3, top=TOP, betrayals={2: 3}, inactive=[2]), (0, B))
    events = game.decide(start.state, 1, B, random.Random(3))
    deal = next(e for e in events if isinstance(e, CardsAwarded))
    assert {(a.card, a.seat) for a in deal.awards} == {("L12", 2), ("L11", 2)}


# --- R6 Contract clause ----------------------------------------------------------------------


def test_betrayed_victim_with_a_clause_is_asked() -> None:
    start = play(table(top=TOP, holdings={1: ["S07"]}), (0, B))
    start.when(1, C).then(
        StanceCommitted(seat=1, stance=COLLABORATE),
        StancesRevealed(
            principal=0, principal_stance=BETRAY, partner=1, partner_stance=COLLABORATE
        ),
        OutcomeDetermined(principal=0, partner=1, outcome="betrayal", betrayer=0),
        CardsAwarded(awards=(Award(card="L12", seat=0), Award(card="L11", seat=0)), how="betrayal"),
        WarningTurned(seat=0, betrayals=1),
        DecisionRequested(seat=1, decision="clause"),
    )


def test_invoked_clause_makes_the_betrayer_give_a_card_of_his_choice() -> None:
    start = play(table(top=TOP, holdings={1: ["S07"]}), (0, B), (1, C))
    start.when(0, InvokeClause()).rejects(Reason.NOT_YOUR_TURN)
    start.when(1, InvokeClause()).then(
        ClauseInvoked(seat=1, card="S07", betrayer=0),
        DecisionRequested(seat=0, decision="give", to_seat=1, reason="clause"),
    )
    invoked = play(start, (1, InvokeClause()))
    assert "S07" in invoked.state.discarded
    assert sorted(c.card for c in game.legal(invoked.state, 0)) == ["L11", "L12"]
    invoked.when(0, GiveCard(card="L10")).rejects(Reason.ILLEGAL, "do not own L10")
    events = invoked.when(0, GiveCard(card="L12")).events
    assert events[:2] == [
        CardGiven(giver=0, receiver=1, card="L12", reason="clause"),
        NegotiationEnded(next_from=1),
    ]


def test_passed_clause_keeps_the_card() -> None:
    start = play(table(top=TOP, holdings={1: ["S07"]}), (0, B), (1, C))
    events = start.when(1, PassClause()).events
    assert events[:2] == [ClausePassed(seat=1), NegotiationEnded(next_from=1)]
    assert game.fold(events, start.state).held[1] == ("S07",)


def test_no_clause_when_the_victim_also_betrayed_or_both_collaborate() -> None:
    double = play(table(top=TOP, holdings={1: ["S07"]}), (0, B), (1, B))
    assert double.state.phase != "clause" and double.state.held[1] == ("S07",)
    both = play(table(top=TOP, holdings={1: ["S07"]}), (0, C), (1, C), (0, PickCard(card="L12")))
    assert both.state.phase != "clause" and both.state.held[1] == ("S07",)


def test_third_betrayer_still_gives_on_a_clause_then_becomes_inactive() -> None:
    start = play(table(top=TOP, holdings={1: ["S07"]}, betrayals={0: 2}), (0, B), (1, C))
    assert start.state.betrayals[0] == 3 and not start.state.inactive[0]
    given_back = play(start, (1, InvokeClause()), (0, GiveCard(card="L11")))
    assert given_back.state.lot_owner[10] == 1
    assert given_back.state.inactive[0]


# --- N4 / R2 denunciation --------------------------------------------------------------------


def test_denunciation_window_starts_after_the_partner_and_only_active_outsiders() -> None:
    start = play(table(first=1, top=TOP, holdings={0: ["S04"], 3: ["S05"], 1: ["S06"]}), (1, B))
    start.when(2, C).then(
        StanceCommitted(seat=2, stance=COLLABORATE),
        WindowOpened(kind="denounce", seats=(3, 0)),
    )
    inactive = play(
        table(first=1, top=TOP, holdings={0: ["S04"]}, betrayals={0: 3}, inactive=[0]), (1, B)
    )
    assert play(inactive, (2, C)).state.phase != "denounce"


def test_denounce_target_must_be_a_negotiator_and_the_turn_is_respected() -> None:
    start = play(table(top=TOP, holdings={2: ["S04"], 3: ["S05"]}), (0, B), (1, C))
    assert start.state.queue == (2, 3)
    start.when(3, PassDenounce()).rejects(Reason.NOT_YOUR_TURN)
    start.when(2, Denounce(target=3)).rejects(Reason.ILLEGAL, "seat 0 or 1")
    assert game.legal(start.state, 2) == [Denounce(target=0), Denounce(target=1), PassDenounce()]
    events = start.when(2, PassDenounce()).events
    assert events == [DenunciationPassed(seat=2)]


def test_correct_denunciation_replaces_the_betrayer_who_gets_no_warning() -> None:
    start = play(
        table(top=TOP, holdings={2: ["S04"]}),
        (0, OfferArrangement(partner_picks_first=True)),
        (1, AcceptOffer()),
        (0, B),
        (1, C),
    )
    start.when(2, Denounce(target=0)).then(
        Denounced(seat=2, target=0, card="S04"),
        StancesRevealed(
            principal=0, principal_stance=BETRAY, partner=1, partner_stance=COLLABORATE
        ),
        DenunciationJudged(denouncer=2, target=0, correct=True),
        OutcomeDetermined(principal=2, partner=1, outcome="collaboration"),
        DecisionRequested(seat=2, decision="pick"),  # D14 principal's pick; D6 offer void
    )
    after = play(start, (2, Denounce(target=0)), (2, PickCard(card="L12")))
    state = after.state
    assert state.lot_owner[11] == 2 and state.lot_owner[10] == 1
    assert state.betrayals == (0, 0, 0, 0)
    assert "S04" in state.discarded
    assert (state.principal, state.partner) == (1, 2)  # rotation follows the original partner


def test_correct_denunciation_of_the_partner_and_the_principal_still_betrays() -> None:
    start = play(table(top=TOP, holdings={2: ["S04"]}), (0, B), (1, B))
    events = start.when(2, Denounce(target=1)).events
    assert events[2:5] == [
        DenunciationJudged(denouncer=2, target=1, correct=True),
        OutcomeDetermined(principal=0, partner=2, outcome="betrayal", betrayer=0),
        CardsAwarded(awards=(Award(card="L12", seat=0), Award(card="L11", seat=0)), how="betrayal"),
    ]
    assert WarningTurned(seat=0, betrayals=1) in events
    assert WarningTurned(seat=1, betrayals=1) not in events


def test_wrong_denouncer_without_cards_gives_nothing() -> None:
    start = play(table(top=TOP, holdings={2: ["S04"]}), (0, B), (1, C))
    events = start.when(2, Denounce(target=1)).events
    assert events[2:4] == [
        DenunciationJudged(denouncer=2, target=1, correct=False),
        OutcomeDetermined(principal=0, partner=1, outcome="betrayal", betrayer=0),
    ]


def test_wrong_denouncer_with_one_card_gives_it_automatically() -> None:
    start = play(table(top=TOP, holdings={2: ["S04", "L01"]}), (0, B), (1, C))
    events = start.when(2, Denounce(target=1)).events
    assert events[2:5] == [
        DenunciationJudged(denouncer=2, target=1, correct=False),
        DecisionRequested(seat=2, decision="give", to_seat=1, reason="denunciation"),
        CardGiven(giver=2, receiver=1, card="L01", reason="denunciation"),
    ]
    assert events[5] == OutcomeDetermined(principal=0, partner=1, outcome="betrayal", betrayer=0)


def test_wrong_denouncer_with_several_cards_chooses() -> None:
    start = play(table(top=TOP, holdings={2: ["S04", "L01", "S10"]}), (0, C), (1, C))
    asked = play(start, (2, Denounce(target=0)))
    assert asked.state.phase == "give" and asked.state.awaiting == 2
    assert game.legal(asked.state, 2) == [GiveCard(card="L01"), GiveCard(card="S10")]
    asked.when(2, GiveCard(card="S10")).then(
        CardGiven(giver=2, receiver=0, card="S10", reason="denunciation"),
        OutcomeDetermined(principal=0, partner=1, outcome="collaboration"),
        DecisionRequested(seat=0, decision="pick"),
    )


# --- R8 inactivity and the end ---------------------------------------------------------------


def test_third_betrayal_makes_the_player_inactive() -> None:
    start = play(table(top=TOP, betrayals={0: 2}), (0, B))
    events = start.when(1, C).events
    assert WarningTurned(seat=0, betrayals=3) in events
    assert BecameInactive(seats=(0,)) in events
    after = play(start, (1, C))
    after.when(0, CommitStance(stance=BETRAY)).rejects(Reason.FORBIDDEN, "out of the negotiations")
    assert game.legal(after.state, 0) == []


def test_inactive_player_is_forbidden_to_use_windows() -> None:
    start = play(
        table(top=TOP, holdings={2: ["S04"]}, betrayals={3: 3}, inactive=[3]), (0, B), (1, C)
    )
    start.when(3, PassDenounce()).rejects(Reason.FORBIDDEN, "out of the negotiations")


def test_last_active_player_takes_the_rest_of_the_pile() -> None:
    start = play(table(seats=3, top=TOP, betrayals={0: 2, 2: 3}, inactive=[2]), (0, B))
    after = start.when(1, C).then(
        StanceCommitted(seat=1, stance=COLLABORATE),
        StancesRevealed(
            principal=0, principal_stance=BETRAY, partner=1, partner_stance=COLLABORATE
        ),
        OutcomeDetermined(principal=0, partner=1, outcome="betrayal", betrayer=0),
        CardsAwarded(awards=(Award(card="L12", seat=0), Award(card="L11", seat=0)), how="betrayal"),
        WarningTurned(seat=0, betrayals=3),
        BecameInactive(seats=(0,)),
        NegotiationEnded(next_from=1),
        CardsAwarded(
            awards=tuple(Award(card=c, seat=1) for c in start.state.pile), how="last_active"
        ),
        GameEnded(reason="inactivity"),
    )
    assert after.pile == () and after.lot_owner[9] == 1 and len(after.held[1]) == 12
    assert game.result(after).reason == "inactivity"


def test_d11_both_last_active_out_together_discard_the_pile() -> None:
    start = play(table(seats=3, top=TOP, betrayals={0: 2, 1: 2, 2: 3}, inactive=[2]), (0, B))
    events = game.decide(start.state, 1, B, random.Random(0))
    assert events[-3:] == [
        NegotiationEnded(next_from=1),
        PileDiscarded(cards=tuple(c or "" for c in start.state.pile)),
        GameEnded(reason="inactivity"),
    ]
    assert BecameInactive(seats=(0, 1)) in events


def test_game_ends_when_the_pile_is_empty() -> None:
    rest = [c for c in ALL_CARDS if c not in ("L12", "L11")]
    start = play(
        table(top=("L12", "L11"), holdings={3: rest}, betrayals={3: 3}, inactive=[3]),
        (0, C),
        (1, C),
    )
    events = start.when(0, PickCard(card="L12")).events
    assert events[-2:] == [NegotiationEnded(next_from=1), GameEnded(reason="pile_empty")]
    over = game.fold(events, start.state)
    assert game.is_over(over)
    for seat in range(4):
        assert game.legal(over, seat) == []
    given_over = start.and_(*events)
    given_over.when(1, C).rejects(Reason.GAME_OVER)


def test_d23_a_single_last_card_goes_to_the_principal_on_collaboration() -> None:
    rest = [c for c in ALL_CARDS if c != "L12"]
    start = play(table(top=("L12",), holdings={3: rest}, betrayals={3: 3}, inactive=[3]), (0, C))
    assert start.state.revealed == ("L12",)
    events = start.when(1, C).events
    assert events[2:4] == [
        OutcomeDetermined(principal=0, partner=1, outcome="collaboration"),
        CardsAwarded(awards=(Award(card="L12", seat=0),), how="collaboration"),
    ]
    assert events[-1] == GameEnded(reason="pile_empty")
