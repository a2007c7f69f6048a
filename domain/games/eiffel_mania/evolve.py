"""evolve: apply one recorded fact to the state. No rules, no randomness, never mutates."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

from msgspec.structs import replace

from domain.games.eiffel_mania.data import LOT_NUMBER
from domain.games.eiffel_mania.messages import (
    COLLABORATE,
    BecameInactive,
    CardGiven,
    CardsAwarded,
    CardsRevealed,
    ClauseInvoked,
    ClausePassed,
    DecisionRequested,
    Denounced,
    DenunciationJudged,
    DenunciationPassed,
    Event,
    FirstPrincipalDrawn,
    GameEnded,
    NegotiationEnded,
    NegotiationStarted,
    OfferAccepted,
    OfferMade,
    OfferRejected,
    OfferWithdrawn,
    OfficePassed,
    OfficePlayed,
    OutcomeDetermined,
    PileDiscarded,
    PileReordered,
    PileShuffled,
    StanceCommitted,
    StancesRevealed,
    WarningTurned,
    WindowOpened,
)
from domain.games.eiffel_mania.state import Offer, OfferStatus, State


def _place(owners: tuple[int | None, ...], index: int, seat: int | None) -> tuple[int | None, ...]:
    return (*owners[:index], seat, *owners[index + 1 :])


def _take(state: State, card: str) -> State:
    """Remove `card` from wherever it is (table, pile, a holding, the plan)."""
    if card in state.revealed:
        state = replace(state, revealed=tuple(c for c in state.revealed if c != card))
    if card in state.pile:
        keep = [i for i, c in enumerate(state.pile) if c != card]
        state = replace(
            state,
            pile=tuple(state.pile[i] for i in keep),
            pile_ids=tuple(state.pile_ids[i] for i in keep),
        )
    if card in LOT_NUMBER:
        index = LOT_NUMBER[card] - 1
        return replace(state, lot_owner=_place(state.lot_owner, index, None))
    held = tuple(tuple(c for c in cards if c != card) for cards in state.held)
    return replace(state, held=held)


def _put(state: State, card: str, seat: int) -> State:
    """Give `card` to `seat`: a lot is (re)marked on the plan (R7), a special is held."""
    state = _take(state, card)
    if card in LOT_NUMBER:
        index = LOT_NUMBER[card] - 1
        return replace(state, lot_owner=_place(state.lot_owner, index, seat))
    held = tuple((*cards, card) if s == seat else cards for s, cards in enumerate(state.held))
    return replace(state, held=held)


def _discard(state: State, card: str) -> State:
    state = _take(state, card)
    return replace(state, discarded=(*state.discarded, card))


def _mark_last_offer(state: State, status: OfferStatus) -> State:
    last = replace(state.offers[-1], status=status)
    return replace(state, offers=(*state.offers[:-1], last))


def _lapse_pending(state: State) -> State:
    if state.offers and state.offers[-1].status == "pending":
        return _mark_last_offer(state, "lapsed")
    return state


def evolve(state: State, event: Event) -> State:
    match event:
        case PileShuffled(cards=cards, ids=ids):
            return replace(state, pile=cards, pile_ids=ids)
        case FirstPrincipalDrawn(seat=seat):
            return replace(state, next_from=seat, phase="check")
        case NegotiationStarted(number=number, principal=principal, partner=partner):
            return replace(
                state,
                phase="office_window",
                negotiation=number,
                principal=principal,
                partner=partner,
                queue=(),
                revealed=(),
                offers=(),
                stances=(None, None),
                committed=(False, False),
                stances_revealed=False,
                denouncer=None,
                denounced=None,
                denunciation_correct=None,
                effective=(principal, partner),
                effective_stances=(None, None),
                outcome=None,
                awaiting=None,
                give_to=None,
                give_reason="",
            )
        case WindowOpened(kind=kind, seats=seats):
            return replace(state, phase=kind, queue=seats)
        case OfficePassed():
            rest = state.queue[1:]
            return replace(state, queue=rest, phase="office" if rest else "reveal")
        case OfficePlayed(seat=seat, card=card, pile=pile):
            state = _discard(state, card)
            if len(pile) == len(state.pile) and None not in pile:
                state = replace(state, pile=pile)  # the user's own log shows him the pile
            return replace(state, queue=(), phase="reorder", awaiting=seat, office_seer=seat)
        case PileReordered(order=order, ids=ids):
            return replace(state, pile=order, pile_ids=ids, phase="reveal", awaiting=None)
        case CardsRevealed(cards=cards):
            n = len(cards)
            return replace(
                state,
                revealed=cards,
                pile=state.pile[n:],
                pile_ids=state.pile_ids[n:],
                phase="talk",
            )
        case OfferMade(partner_picks_first=first, gift_card=gift):
            if state.offers and state.offers[-1].status == "pending":
                state = _mark_last_offer(state, "replaced")
            return replace(state, offers=(*state.offers, Offer(first, gift)))
        case OfferWithdrawn():
            return _mark_last_offer(state, "withdrawn")
        case OfferAccepted():
            return _mark_last_offer(state, "accepted")
        case OfferRejected():
            return _mark_last_offer(state, "rejected")
        case StanceCommitted(seat=seat, stance=stance):
            state = _lapse_pending(state)
            index = 0 if seat == state.principal else 1
            stances = (stance, state.stances[1]) if index == 0 else (state.stances[0], stance)
            committed = (True, state.committed[1]) if index == 0 else (state.committed[0], True)
            phase = "denounce_window" if all(committed) else "talk"
            return replace(state, stances=stances, committed=committed, phase=phase)
        case DenunciationPassed():
            rest = state.queue[1:]
            return replace(state, queue=rest, phase="denounce" if rest else "r1")
        case Denounced(seat=seat, target=target, card=card):
            state = _discard(state, card)
            return replace(state, queue=(), denouncer=seat, denounced=target, phase="r1")
        case StancesRevealed(
            principal=principal,
            principal_stance=p_stance,
            partner=partner,
            partner_stance=q_stance,
        ):
            return replace(
                state,
                stances=(p_stance, q_stance),
                stances_revealed=True,
                effective=(principal, partner),
                effective_stances=(p_stance, q_stance),
                phase="r2",
            )
        case DenunciationJudged(denouncer=denouncer, target=target, correct=correct):
            state = replace(state, denunciation_correct=correct, phase="r3")
            if not correct:
                return state
            a, b = state.effective
            sa, sb = state.effective_stances
            if target == a:
                return replace(state, effective=(denouncer, b), effective_stances=(COLLABORATE, sb))
            return replace(state, effective=(a, denouncer), effective_stances=(sa, COLLABORATE))
        case DecisionRequested(seat=seat, decision=decision, to_seat=to_seat, reason=reason):
            return replace(
                state, phase=decision, awaiting=seat, give_to=to_seat, give_reason=reason
            )
        case OutcomeDetermined(outcome=outcome):
            return replace(state, outcome=outcome)
        case CardsAwarded(awards=awards, how=how):
            for award in awards:
                state = _put(state, award.card, award.seat)
            if how == "last_active":  # the whole rest of the pile, even where it was redacted
                return replace(state, pile=(), pile_ids=())
            return replace(state, phase="r4", awaiting=None)
        case WarningTurned(seat=seat, betrayals=count):
            counts = tuple(count if s == seat else n for s, n in enumerate(state.betrayals))
            return replace(state, betrayals=counts)
        case CardGiven(giver=_, receiver=receiver, card=card, reason=reason):
            state = _put(state, card, receiver)
            if reason == "arrangement":
                return state
            after = "r3" if reason == "denunciation" else "r7"
            return replace(state, phase=after, awaiting=None, give_to=None, give_reason="")
        case ClauseInvoked(card=card):
            state = _discard(state, card)
            return replace(state, phase="r7", awaiting=None)
        case ClausePassed():
            return replace(state, phase="r7", awaiting=None)
        case BecameInactive(seats=seats):
            inactive = tuple(flag or seat in seats for seat, flag in enumerate(state.inactive))
            return replace(state, inactive=inactive)
        case NegotiationEnded(next_from=next_from):
            return replace(state, next_from=next_from, phase="check", revealed=())
        case PileDiscarded(cards=cards):
            return replace(state, pile=(), pile_ids=(), discarded=(*state.discarded, *cards))
        case GameEnded(reason=reason):
            return replace(state, phase="over", end_reason=reason, awaiting=None, queue=())
    return state


def fold(state: State, events: Iterable[Event]) -> State:
    return reduce(evolve, events, state)
