"""legal: every command a seat may send now (a sample for set_pile_order, §4)."""

from __future__ import annotations

from domain.games.eiffel_mania.data import MAX_OFFERS
from domain.games.eiffel_mania.messages import (
    BETRAY,
    COLLABORATE,
    AcceptOffer,
    Command,
    CommitStance,
    Denounce,
    GiveCard,
    InvokeClause,
    OfferArrangement,
    PassClause,
    PassDenounce,
    PassOffice,
    PickCard,
    PlayOffice,
    RejectOffer,
    SetPileOrder,
    WithdrawOffer,
)
from domain.games.eiffel_mania.state import (
    State,
    accepted_offer,
    any_committed,
    owned_cards,
    pending_offer,
    role_index,
)


def pile_order_sample(pile: tuple[str, ...]) -> list[SetPileOrder]:
    """The current order, then each other card moved to the top."""
    sample = [SetPileOrder(order=pile)]
    for i in range(1, len(pile)):
        sample.append(SetPileOrder(order=(pile[i], *pile[:i], *pile[i + 1 :])))
    return sample


def _talk(state: State, seat: int) -> list[Command]:
    index = role_index(state, seat)
    if index is None or state.committed[index]:
        return []
    commands: list[Command] = [CommitStance(stance=COLLABORATE), CommitStance(stance=BETRAY)]
    if any_committed(state):
        return commands
    pending = pending_offer(state)
    if index == 0:
        if accepted_offer(state) is None and len(state.offers) < MAX_OFFERS:
            commands.append(OfferArrangement(partner_picks_first=True))
            for card in owned_cards(state, seat):
                commands.append(OfferArrangement(partner_picks_first=False, gift_card=card))
                commands.append(OfferArrangement(partner_picks_first=True, gift_card=card))
        if pending is not None:
            commands.append(WithdrawOffer())
    elif pending is not None:
        commands += [AcceptOffer(), RejectOffer()]
    return commands


def legal(state: State, seat: int) -> list[Command]:
    phase = state.phase
    if phase == "talk":
        return _talk(state, seat)
    if phase == "office" and state.queue[0] == seat:
        return [PlayOffice(), PassOffice()]
    if phase == "denounce" and state.queue[0] == seat:
        return [Denounce(target=state.principal), Denounce(target=state.partner), PassDenounce()]
    if state.awaiting != seat:
        return []
    if phase == "reorder":
        return list(pile_order_sample(tuple(c or "" for c in state.pile)))
    if phase == "pick":
        return [PickCard(card=card) for card in state.revealed]
    if phase == "give":
        return [GiveCard(card=card) for card in owned_cards(state, seat)]
    if phase == "clause":
        return [InvokeClause(), PassClause()]
    return []


def awaited(state: State) -> list[int]:
    """The seats the engine waits for (both negotiators may be awaited at once in N3)."""
    if state.phase == "talk":
        return [
            seat
            for i, seat in enumerate((state.principal, state.partner))
            if not state.committed[i]
        ]
    if state.phase in ("office", "denounce"):
        return [state.queue[0]]
    if state.phase in ("reorder", "pick", "give", "clause") and state.awaiting is not None:
        return [state.awaiting]
    return []
