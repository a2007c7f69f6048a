"""N5 RESOLVE, steps R1-R8: the engine's share of the resolution of a negotiation."""

from __future__ import annotations

from domain.chance import Rng, shuffle
from domain.games.eiffel_mania.data import CLAUSE, MAX_BETRAYALS
from domain.games.eiffel_mania.messages import (
    BETRAY,
    COLLABORATE,
    Award,
    BecameInactive,
    CardGiven,
    CardsAwarded,
    DecisionRequested,
    DenunciationJudged,
    Event,
    NegotiationEnded,
    OutcomeDetermined,
    StancesRevealed,
    WarningTurned,
)
from domain.games.eiffel_mania.state import State, accepted_offer, holds, owned_cards


def r1_reveal(state: State) -> list[Event]:
    p_stance, q_stance = state.stances
    assert p_stance is not None and q_stance is not None
    return [
        StancesRevealed(
            principal=state.principal,
            principal_stance=p_stance,
            partner=state.partner,
            partner_stance=q_stance,
        )
    ]


def r2_denunciation(state: State) -> list[Event]:
    """Judge the denunciation; a wrong denouncer who owns cards is asked to give one."""
    denouncer, target = state.denouncer, state.denounced
    assert denouncer is not None and target is not None
    index = 0 if target == state.principal else 1
    correct = state.effective_stances[index] == BETRAY
    events: list[Event] = [DenunciationJudged(denouncer=denouncer, target=target, correct=correct)]
    if not correct and owned_cards(state, denouncer):
        events.append(
            DecisionRequested(
                seat=denouncer, decision="give", to_seat=target, reason="denunciation"
            )
        )
    return events


def arrangement_in_force(state: State) -> bool:
    """An accepted arrangement binds only if nobody was replaced by a denunciation (D6)."""
    return accepted_offer(state) is not None and not state.denunciation_correct


def r3_outcome(state: State, rng: Rng) -> list[Event]:
    a, b = state.effective
    sa, sb = state.effective_stances
    cards = state.revealed
    if sa == COLLABORATE and sb == COLLABORATE:
        outcome = OutcomeDetermined(principal=a, partner=b, outcome="collaboration")
        offer = accepted_offer(state)
        picker = b if arrangement_in_force(state) and offer and offer.partner_picks_first else a
        if len(cards) < 2:  # D23, robustness only: the principal takes the single card
            awards = tuple(Award(card=c, seat=a) for c in cards)
            return [outcome, CardsAwarded(awards=awards, how="collaboration")]
        return [outcome, DecisionRequested(seat=picker, decision="pick")]
    if sa == BETRAY and sb == BETRAY:
        recipients = shuffle(rng, [s for s in range(state.seats) if s not in (a, b)])
        dealt = shuffle(rng, cards)
        awards = tuple(
            Award(card=c, seat=recipients[i % len(recipients)]) for i, c in enumerate(dealt)
        )
        return [
            OutcomeDetermined(principal=a, partner=b, outcome="double_betrayal"),
            CardsAwarded(awards=awards, how="random_deal"),
        ]
    betrayer = a if sa == BETRAY else b
    return [
        OutcomeDetermined(principal=a, partner=b, outcome="betrayal", betrayer=betrayer),
        CardsAwarded(awards=tuple(Award(card=c, seat=betrayer) for c in cards), how="betrayal"),
    ]


def award_pick(state: State, picker: int, card: str) -> tuple[Award, ...]:
    """The first picker takes `card`; the other revealed card goes to the other negotiator."""
    a, b = state.effective
    other = b if picker == a else a
    return (
        Award(card=card, seat=picker),
        *(Award(card=c, seat=other) for c in state.revealed if c != card),
    )


def r4_to_r6(state: State) -> list[Event]:
    """R4 warnings, R5 arrangement gift, R6 the victim's Contract clause decision."""
    a, b = state.effective
    sa, sb = state.effective_stances
    events: list[Event] = []
    for seat, stance in ((a, sa), (b, sb)):
        if stance == BETRAY:
            events.append(WarningTurned(seat=seat, betrayals=state.betrayals[seat] + 1))
    offer = accepted_offer(state)
    if (
        sa == COLLABORATE
        and sb == COLLABORATE
        and arrangement_in_force(state)
        and offer is not None
        and offer.gift_card is not None
        and offer.gift_card in owned_cards(state, a)
    ):
        events.append(CardGiven(giver=a, receiver=b, card=offer.gift_card, reason="arrangement"))
    if (sa == BETRAY) != (sb == BETRAY):
        victim = a if sa == COLLABORATE else b
        if holds(state, victim, CLAUSE):
            events.append(DecisionRequested(seat=victim, decision="clause"))
    return events


def r7_to_n6(state: State) -> list[Event]:
    """R7 placement happened as cards moved; R8 inactivity; N6 rotation to the partner seat."""
    events: list[Event] = []
    out = tuple(
        seat
        for seat in range(state.seats)
        if state.betrayals[seat] >= MAX_BETRAYALS and not state.inactive[seat]
    )
    if out:
        events.append(BecameInactive(seats=out))
    events.append(NegotiationEnded(next_from=state.partner))
    return events
