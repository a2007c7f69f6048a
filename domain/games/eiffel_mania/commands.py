"""The commands players send: who may send each one, when, and the events it records."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.chance import Rng, token
from domain.games.eiffel_mania.data import (
    CLAUSE,
    DENUNCIATION,
    MAX_OFFERS,
    OFFICE,
)
from domain.games.eiffel_mania.messages import (
    BETRAY,
    COLLABORATE,
    AcceptOffer,
    CardGiven,
    CardsAwarded,
    ClauseInvoked,
    ClausePassed,
    Command,
    CommitStance,
    DecisionRequested,
    Denounce,
    Denounced,
    DenunciationPassed,
    Event,
    GiveCard,
    InvokeClause,
    OfferAccepted,
    OfferArrangement,
    OfferMade,
    OfferRejected,
    OfferWithdrawn,
    OfficePassed,
    OfficePlayed,
    PassClause,
    PassDenounce,
    PassOffice,
    PickCard,
    PileReordered,
    PlayOffice,
    RejectOffer,
    SetPileOrder,
    StanceCommitted,
    WithdrawOffer,
)
from domain.games.eiffel_mania.resolution import award_pick
from domain.games.eiffel_mania.state import (
    State,
    accepted_offer,
    any_committed,
    holds,
    owned_cards,
    pending_offer,
    role_index,
)
from domain.kernel import Reason, Rejected, illegal

PHASE_WORDS = {
    "office": "an Office window",
    "reorder": "the Office user ordering the pile",
    "talk": "the negotiation talk",
    "denounce": "a Denunciation window",
    "pick": "the first pick",
    "give": "a card gift",
    "clause": "a Contract clause decision",
}


def _phase(state: State, *phases: str, doing: str) -> None:
    if state.phase not in phases:
        now = PHASE_WORDS.get(state.phase, "the engine's turn")
        illegal(f"you can {doing} only in {PHASE_WORDS[phases[0]]}; now: {now}")


def _asked(state: State, seat: int, expected: int | None, what: str) -> None:
    if seat != expected:
        who = "nobody" if expected is None else f"seat {expected}"
        raise Rejected(Reason.NOT_YOUR_TURN, f"{who} must {what}, not you")


# --- N1 Office ----------------------------------------------------------------------------


def play_office(state: State, seat: int, _: PlayOffice, rng: Rng) -> list[Event]:
    _phase(state, "office", doing="play an Office card")
    _asked(state, seat, state.queue[0], "play or pass an Office card")
    card = holds(state, seat, OFFICE)[0]
    return [OfficePlayed(seat=seat, card=card, pile=state.pile)]


def pass_office(state: State, seat: int, _: PassOffice, rng: Rng) -> list[Event]:
    _phase(state, "office", doing="pass the Office window")
    _asked(state, seat, state.queue[0], "play or pass an Office card")
    return [OfficePassed(seat=seat)]


def set_pile_order(state: State, seat: int, cmd: SetPileOrder, rng: Rng) -> list[Event]:
    _phase(state, "reorder", doing="order the pile")
    _asked(state, seat, state.awaiting, "order the pile")
    if sorted(cmd.order) != sorted(c or "" for c in state.pile):
        illegal(
            f"the order must list exactly the {len(state.pile)} cards now in the pile, each once"
        )
    ids = tuple(token(rng) for _ in cmd.order)
    return [PileReordered(seat=seat, order=cmd.order, ids=ids)]


# --- N3 talk and commit -------------------------------------------------------------------


def _talk_open(state: State, doing: str) -> None:
    _phase(state, "talk", doing=doing)
    if any_committed(state):
        illegal(f"a stance is committed: too late to {doing}")


def offer_arrangement(state: State, seat: int, cmd: OfferArrangement, rng: Rng) -> list[Event]:
    _talk_open(state, "make an offer")
    _asked(state, seat, state.principal, "make offers (the principal)")
    if accepted_offer(state) is not None:
        illegal("an offer is already accepted and locked")
    if len(state.offers) >= MAX_OFFERS:
        illegal(f"at most {MAX_OFFERS} offers per negotiation")
    if not cmd.partner_picks_first and cmd.gift_card is None:
        illegal("an offer needs a term: partner picks first or a gift")
    if cmd.gift_card is not None and cmd.gift_card not in owned_cards(state, seat):
        illegal(f"you do not own {cmd.gift_card}, so you cannot give it")
    return [
        OfferMade(seat=seat, partner_picks_first=cmd.partner_picks_first, gift_card=cmd.gift_card)
    ]


def withdraw_offer(state: State, seat: int, _: WithdrawOffer, rng: Rng) -> list[Event]:
    _talk_open(state, "withdraw an offer")
    _asked(state, seat, state.principal, "withdraw offers (the principal)")
    if pending_offer(state) is None:
        illegal("there is no pending offer to withdraw")
    return [OfferWithdrawn(seat=seat)]


def _answer(state: State, seat: int, doing: str) -> None:
    _talk_open(state, doing)
    _asked(state, seat, state.partner, "answer offers (the partner)")
    if pending_offer(state) is None:
        illegal("there is no pending offer to answer")


def accept_offer(state: State, seat: int, _: AcceptOffer, rng: Rng) -> list[Event]:
    _answer(state, seat, "accept an offer")
    return [OfferAccepted(seat=seat)]


def reject_offer(state: State, seat: int, _: RejectOffer, rng: Rng) -> list[Event]:
    _answer(state, seat, "reject an offer")
    return [OfferRejected(seat=seat)]


def commit_stance(state: State, seat: int, cmd: CommitStance, rng: Rng) -> list[Event]:
    _phase(state, "talk", doing="commit a stance")
    index = role_index(state, seat)
    if index is None:
        raise Rejected(
            Reason.NOT_YOUR_TURN,
            f"only the negotiators (seats {state.principal} and {state.partner}) commit stances",
        )
    if state.committed[index]:
        illegal("your stance is committed and cannot change")
    if cmd.stance not in (COLLABORATE, BETRAY):
        illegal("a stance is collaborate or betray")
    return [StanceCommitted(seat=seat, stance=cmd.stance)]


# --- N4 denunciation ----------------------------------------------------------------------


def denounce(state: State, seat: int, cmd: Denounce, rng: Rng) -> list[Event]:
    _phase(state, "denounce", doing="denounce")
    _asked(state, seat, state.queue[0], "denounce or pass")
    if cmd.target not in (state.principal, state.partner):
        illegal(f"you can denounce only a negotiator: seat {state.principal} or {state.partner}")
    card = holds(state, seat, DENUNCIATION)[0]
    return [Denounced(seat=seat, target=cmd.target, card=card)]


def pass_denounce(state: State, seat: int, _: PassDenounce, rng: Rng) -> list[Event]:
    _phase(state, "denounce", doing="pass the Denunciation window")
    _asked(state, seat, state.queue[0], "denounce or pass")
    return [DenunciationPassed(seat=seat)]


# --- N5 resolution decisions --------------------------------------------------------------


def pick_card(state: State, seat: int, cmd: PickCard, rng: Rng) -> list[Event]:
    _phase(state, "pick", doing="pick a card")
    _asked(state, seat, state.awaiting, "pick first")
    if cmd.card not in state.revealed:
        illegal(f"{cmd.card} is not on the table; pick one of {', '.join(state.revealed)}")
    return [CardsAwarded(awards=award_pick(state, seat, cmd.card), how="pick")]


def give_card(state: State, seat: int, cmd: GiveCard, rng: Rng) -> list[Event]:
    _phase(state, "give", doing="give a card")
    _asked(state, seat, state.awaiting, "give a card")
    if cmd.card not in owned_cards(state, seat):
        illegal(f"you do not own {cmd.card}")
    assert state.give_to is not None
    to = state.give_to
    if state.give_reason == "clause":
        return [CardGiven(giver=seat, receiver=to, card=cmd.card, reason="clause")]
    return [CardGiven(giver=seat, receiver=to, card=cmd.card, reason="denunciation")]


def invoke_clause(state: State, seat: int, _: InvokeClause, rng: Rng) -> list[Event]:
    _phase(state, "clause", doing="invoke a Contract clause")
    _asked(state, seat, state.awaiting, "decide on the Contract clause")
    card = holds(state, seat, CLAUSE)[0]
    a, b = state.effective
    betrayer = b if seat == a else a
    events: list[Event] = [ClauseInvoked(seat=seat, card=card, betrayer=betrayer)]
    if owned_cards(state, betrayer):
        events.append(
            DecisionRequested(seat=betrayer, decision="give", to_seat=seat, reason="clause")
        )
    return events


def pass_clause(state: State, seat: int, _: PassClause, rng: Rng) -> list[Event]:
    _phase(state, "clause", doing="pass the Contract clause")
    _asked(state, seat, state.awaiting, "decide on the Contract clause")
    return [ClausePassed(seat=seat)]


HANDLERS: dict[type[Any], Callable[[State, int, Any, Rng], list[Event]]] = {
    PlayOffice: play_office,
    PassOffice: pass_office,
    SetPileOrder: set_pile_order,
    OfferArrangement: offer_arrangement,
    WithdrawOffer: withdraw_offer,
    AcceptOffer: accept_offer,
    RejectOffer: reject_offer,
    CommitStance: commit_stance,
    Denounce: denounce,
    PassDenounce: pass_denounce,
    PickCard: pick_card,
    GiveCard: give_card,
    InvokeClause: invoke_clause,
    PassClause: pass_clause,
}


def judge(state: State, seat: int, command: Command, rng: Rng) -> list[Event]:
    """The events of the command itself, before the engine's automatic steps."""
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise Rejected(Reason.UNKNOWN_COMMAND, f"Eiffel Mania has no command {command!r}")
    return handler(state, seat, command, rng)
