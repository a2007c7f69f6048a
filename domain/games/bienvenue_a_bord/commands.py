"""Check a player's command against the rules and state the facts it produces."""

from __future__ import annotations

import msgspec

from domain.games.bienvenue_a_bord.choices import card_choices, e3_choices, e4_choices
from domain.games.bienvenue_a_bord.data import CRUISE, SYMBOLS, CabinCard, PassengerCard
from domain.games.bienvenue_a_bord.messages import (
    Choice,
    ChooseBonusSymbol,
    Command,
    Event,
    OpenCabins,
    PileSplit,
    PileTaken,
    PlaceLove,
    Resolve,
    Split,
    TakePile,
)
from domain.games.bienvenue_a_bord.resolution import (
    bonus_symbol,
    love_compensation,
    open_compensation,
    resolve_card,
)
from domain.games.bienvenue_a_bord.state import Sheet, State
from domain.kernel import Reason, Rejected, illegal

PHASE_TEXT = {
    "setup": "the game has not been set up",
    "split": "the splitter is splitting the three cards",
    "choose": "the other player is choosing a pile",
    "resolve": "the players are resolving their cards",
    "stopover": "the stopover compensations are being resolved",
}


def _phase(state: State, wanted: str, what: str) -> None:
    if state.phase != wanted:
        illegal(f"no {what} now: {PHASE_TEXT[state.phase]}")


def _split(state: State, seat: int, command: Split) -> list[Event]:
    _phase(state, "split", "split")
    if seat != state.splitter:
        raise Rejected(Reason.NOT_YOUR_TURN, f"seat {state.splitter} is the splitter this turn")
    if command.single not in state.revealed:
        shown = ", ".join(state.revealed)
        illegal(f"{command.single} is not a revealed card ({shown})")
    pair = tuple(c for c in state.revealed if c != command.single)
    return [PileSplit(seat=seat, single=command.single, pair=pair)]


def _take(state: State, seat: int, command: TakePile) -> list[Event]:
    _phase(state, "choose", "pile choice")
    if seat != state.chooser:
        raise Rejected(Reason.NOT_YOUR_TURN, f"seat {state.chooser} chooses a pile this turn")
    assert state.single is not None
    pair = tuple(c for c in state.revealed if c != state.single)
    mine, other = ((state.single,), pair) if command.pile == "single" else (pair, (state.single,))
    hands = tuple(mine if n == seat else other for n in range(state.seats))
    return [PileTaken(seat=seat, pile=command.pile, hands=hands)]


def _why_not(card_id: str, choice: Choice, sheet: Sheet) -> str:
    """A plain-words reason a choice is refused for this card."""
    card = CRUISE[card_id]
    legal = card_choices(card_id, sheet)
    if isinstance(card, CabinCard):
        options = " or ".join(str(list(c.open or ())) for c in legal)
        if card.special:
            return f"{card_id} must open levels summing to the largest total possible: {options}"
        return f"{card_id} opens one cabin per printed level, highest first: choose {options}"
    if isinstance(card, PassengerCard):
        if card.effect == "love":
            targets = sheet.loveless_occupied()
            if choice.cabin is None:
                return f"the love must go on an occupied cabin without love ({', '.join(targets)})"
            return f"cabin {choice.cabin} is not an occupied cabin without love"
        cabins = sheet.open_empty()
        if choice.cabin is None and cabins:
            return f"the passenger must board: you have open-empty cabins ({', '.join(cabins)})"
        if choice.cabin is not None and choice.cabin not in cabins:
            return f"cabin {choice.cabin} is not open and empty"
        if card.effect == "wild_symbol" and choice.cabin is not None:
            return "choose the symbol of this wild passenger: fun, sun or game"
        return f"{card_id} takes only a cabin"
    if choice.symbol is None and card.chooses_symbol and legal != [Choice()]:
        return f"{card_id} needs the symbol it counts: {', '.join(SYMBOLS)}"
    return f"{card_id} takes no choice here"


def _resolve(state: State, seat: int, command: Resolve) -> list[Event]:
    _phase(state, "resolve", "card to resolve")
    if command.card not in state.hands[seat]:
        mine = ", ".join(state.hands[seat]) or "none left"
        illegal(f"{command.card} is not yours to resolve (yours: {mine})")
    sheet = state.sheets[seat]
    choice = command.choice
    card = CRUISE[command.card]
    if isinstance(card, CabinCard) and card.special and choice.open is not None:
        # a multiset: any order is accepted, the legal list holds it highest first
        levels = tuple(sorted((v for v in choice.open if v is not None), reverse=True))
        if len(levels) == len(choice.open):
            choice = msgspec.structs.replace(choice, open=levels)
    if choice not in card_choices(command.card, sheet):
        illegal(_why_not(command.card, command.choice, sheet))
    return resolve_card(state, seat, command.card, choice)


def _compensation(state: State, seat: int, stopover: str, what: str) -> Sheet:
    _phase(state, "stopover", what)
    if (seat, stopover) not in state.pending:
        raise Rejected(Reason.NOT_YOUR_TURN, f"you receive no {stopover} compensation now")
    return state.sheets[seat]


def judge(state: State, seat: int, command: Command) -> list[Event]:
    """The events of the command itself, before the engine's automatic steps."""
    match command:
        case Split():
            return _split(state, seat, command)
        case TakePile():
            return _take(state, seat, command)
        case Resolve():
            return _resolve(state, seat, command)
        case ChooseBonusSymbol(symbol=symbol):
            _compensation(state, seat, "E2", "bonus symbol")
            return bonus_symbol(state, seat, symbol)
        case OpenCabins(levels=levels):
            sheet = _compensation(state, seat, "E3", "cabin opening")
            options = e3_choices(sheet)
            levels = tuple(sorted(levels, reverse=True))
            if levels not in options:
                shown = " or ".join(str(list(o)) for o in options)
                illegal(f"the E3 compensation opens levels summing to 2: {shown}")
            return open_compensation(seat, sheet, levels)
        case PlaceLove(cabin=cabin):
            sheet = _compensation(state, seat, "E4", "love placement")
            if cabin not in e4_choices(sheet):
                targets = sheet.loveless_occupied()
                if cabin is None:
                    detail = f"place the love on an occupied cabin ({', '.join(targets)})"
                else:
                    detail = f"cabin {cabin} is not an occupied cabin without love"
                illegal(detail)
            return love_compensation(seat, cabin)
    raise Rejected(Reason.UNKNOWN_COMMAND, f"Bienvenue à bord has no command {command!r}")
