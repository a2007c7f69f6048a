"""Apply a recorded fact to the state: no rules, no randomness, never mutates its input."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

from msgspec.structs import replace

from domain.games.bienvenue_a_bord.messages import (
    BonusSymbolChosen,
    CabinsOpened,
    CardsRevealed,
    Event,
    FirstSplitterDrawn,
    GameEnded,
    LovePlaced,
    MajorityDecided,
    ObjectiveDiscarded,
    ObjectiveTaken,
    PassengerBoarded,
    PassengerTurnedAway,
    PeopleChecked,
    PileBuilt,
    PileSplit,
    PileTaken,
    StopoverRevealed,
    SunScored,
)
from domain.games.bienvenue_a_bord.state import Cabin, Objective, Sheet, State, with_sheet


def _card_done(state: State, seat: int, card: str) -> State:
    """The card leaves the seat's hand for the discard (a compensation is no card)."""
    hand = state.hands[seat]
    if card in hand:
        hands = tuple(
            tuple(c for c in h if c != card) if n == seat else h for n, h in enumerate(state.hands)
        )
        return replace(state, hands=hands, discard=(*state.discard, card))
    pending = tuple(p for p in state.pending if p != (seat, card))
    return replace(state, pending=pending)


def _cabins(sheet: Sheet, cabin_id: str | None, **changes: object) -> Sheet:
    def change(c: Cabin) -> Cabin:
        return replace(c, **changes) if c.id == cabin_id else c

    return replace(sheet, cabins=tuple(change(c) for c in sheet.cabins))


def _sheet_event(state: State, event: Event) -> State:
    match event:
        case CabinsOpened(seat=seat, source=source, cabins=opened):
            sheet = state.sheets[seat]
            for cabin in opened:
                sheet = _cabins(sheet, cabin, status="open")
            return _card_done(with_sheet(state, seat, sheet), seat, source)
        case PassengerBoarded(seat=seat, card=card, cabin=cabin, vp=vp, symbol=symbol):
            sheet = _cabins(
                state.sheets[seat], cabin, status="occupied", passenger=card, vp=vp, symbol=symbol
            )
            return _card_done(with_sheet(state, seat, sheet), seat, card)
        case PassengerTurnedAway(seat=seat, card=card):
            return _card_done(state, seat, card)
        case LovePlaced(seat=seat, source=source, cabin=cabin, vp=vp):
            sheet = state.sheets[seat]
            if cabin is not None:
                sheet = _cabins(sheet, cabin, love=vp, love_source=source)
            return _card_done(with_sheet(state, seat, sheet), seat, source)
        case ObjectiveTaken(seat=seat, card=card, symbol=symbol):
            sheet = state.sheets[seat]
            objectives = (*sheet.objectives, Objective(card=card, symbol=symbol))
            state = with_sheet(state, seat, replace(sheet, objectives=objectives))
            return _card_done(state, seat, card)
        case ObjectiveDiscarded(seat=seat, card=card):
            return _card_done(state, seat, card)
        case PeopleChecked(seat=seat, satisfied=satisfied, unhappy=unhappy):
            sheet = state.sheets[seat]
            sheet = replace(
                sheet, satisfied=sheet.satisfied + satisfied, unhappy=sheet.unhappy + unhappy
            )
            return with_sheet(state, seat, sheet)
        case BonusSymbolChosen(seat=seat, symbol=symbol):
            state = with_sheet(state, seat, replace(state.sheets[seat], bonus=symbol))
            return _card_done(state, seat, "E2")
    return state


def evolve(state: State, event: Event) -> State:
    match event:
        case PileBuilt(cards=cards, tokens=tokens):
            return replace(state, pile=cards, tokens=tokens)
        case FirstSplitterDrawn(seat=seat):
            return replace(state, splitter=seat)
        case CardsRevealed(turn=turn, splitter=splitter, cards=cards):
            n = len(cards)
            return replace(
                state,
                phase="split",
                turn=turn,
                splitter=splitter,
                revealed=cards,
                pile=state.pile[n:],
                tokens=state.tokens[n:],
                single=None,
                taken=None,
                received=((), ()),
            )
        case PileSplit(single=single):
            return replace(state, phase="choose", single=single)
        case PileTaken(pile=pile, hands=hands):
            return replace(state, phase="resolve", taken=pile, hands=hands, received=hands)
        case SunScored(points=points):
            sheets = tuple(
                replace(s, sun_slots=(*s.sun_slots, p))
                for s, p in zip(state.sheets, points, strict=True)
            )
            return replace(state, phase="stopover", sheets=sheets)
        case StopoverRevealed(card=card):
            return replace(
                state,
                pile=state.pile[1:],
                tokens=state.tokens[1:],
                stopovers=(*state.stopovers, card),
            )
        case MajorityDecided(card=card, winner=winner, receivers=receivers):
            if winner is not None:
                sheet = state.sheets[winner]
                state = with_sheet(
                    state, winner, replace(sheet, majorities=(*sheet.majorities, card))
                )
            if card == "E1":
                return state
            return replace(state, pending=tuple((seat, card) for seat in receivers))
        case GameEnded(scores=scores, ranks=ranks):
            return replace(state, phase="over", scores=scores, ranks=ranks)
    return _sheet_event(state, event)


def fold(state: State, events: Iterable[Event]) -> State:
    return reduce(evolve, events, state)
