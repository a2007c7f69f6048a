"""The facts that follow from resolving a card or a compensation with an accepted choice."""

from __future__ import annotations

from domain.games.bienvenue_a_bord.data import (
    CABINS_BY_LEVEL,
    CRUISE,
    E4_LOVE_VP,
    OBJECTIVE_SLOTS,
    CabinCard,
    PassengerCard,
)
from domain.games.bienvenue_a_bord.messages import (
    BonusSymbolChosen,
    CabinsOpened,
    Choice,
    Event,
    LovePlaced,
    ObjectiveDiscarded,
    ObjectiveTaken,
    PassengerBoarded,
    PassengerTurnedAway,
    PeopleChecked,
)
from domain.games.bienvenue_a_bord.state import Sheet, State, symbols_when_taken


def cabins_to_open(sheet: Sheet, levels: tuple[int | None, ...]) -> tuple[str, ...]:
    """The lowest-lettered closed cabin of each level asked for (None = opening forfeited)."""
    chosen: list[str] = []
    for level in levels:
        if level is None:
            continue
        cabin = next(
            c for c in CABINS_BY_LEVEL[level] if c not in chosen and c in sheet.closed(level)
        )
        chosen.append(cabin)
    return tuple(chosen)


def game_trigger(state: State, seat: int, symbol: str | None, *, in_cabin: bool) -> list[Event]:
    """A Game symbol drawn checks one Satisfied per Game symbol, the new one included (§3.2).
    Version 2 (D25): only a Game drawn in a cabin triggers it, counting the Games in cabins.
    Version 1 counted the bonus box too, and a Game chosen for it triggered the check."""
    if symbol != "game":
        return []
    sheet = state.sheets[seat]
    if state.options.rules >= 2:
        if not in_cabin:
            return []
        held, why = sheet.cabin_symbols("game"), "game_in_cabins"
    else:
        held, why = sheet.symbols("game"), "game"
    return [PeopleChecked(seat=seat, satisfied=held + 1, unhappy=0, why=why)]


def conditional_check(state: State, seat: int, card: PassengerCard) -> list[Event]:
    """A conditional passenger without his symbol checks 1 Unhappy (he keeps his VP).
    Version 2 (D10): the symbols the player had when he took the card, so that one drawn by a
    card of the same turn does not count, whatever the order of resolution. Version 1 looked
    at the sheet as it stood when the passenger was resolved."""
    if card.requires is None:
        return []
    if state.options.rules >= 2:
        held, why = symbols_when_taken(state, seat, card.requires), f"no_{card.requires}_when_taken"
    else:
        held, why = state.sheets[seat].symbols(card.requires), f"no_{card.requires}"
    return [] if held else [PeopleChecked(seat=seat, satisfied=0, unhappy=1, why=why)]


def board_passenger(state: State, seat: int, card: PassengerCard, choice: Choice) -> list[Event]:
    if choice.cabin is None:
        why = "no_loveless_passenger" if card.effect == "love" else "no_open_cabin"
        return [
            PassengerTurnedAway(seat=seat, card=card.id),
            PeopleChecked(seat=seat, satisfied=0, unhappy=1, why=why),
        ]
    if card.effect == "love":
        return [LovePlaced(seat=seat, source=card.id, cabin=choice.cabin, vp=card.vp)]
    symbol = card.symbol if card.effect == "symbol" else choice.symbol
    vp = card.vp if card.effect in ("vp", "conditional_vp") else None
    events: list[Event] = [
        PassengerBoarded(seat=seat, card=card.id, cabin=choice.cabin, vp=vp, symbol=symbol)
    ]
    level = state.sheets[seat].cabin(choice.cabin).level
    assert card.level is not None
    if level < card.level:
        events.append(PeopleChecked(seat=seat, satisfied=0, unhappy=1, why="cabin_too_low"))
    elif level > card.level:
        events.append(PeopleChecked(seat=seat, satisfied=1, unhappy=0, why="cabin_upgrade"))
    events.extend(conditional_check(state, seat, card))
    events.extend(game_trigger(state, seat, symbol, in_cabin=True))
    return events


def resolve_card(state: State, seat: int, card_id: str, choice: Choice) -> list[Event]:
    card = CRUISE[card_id]
    sheet = state.sheets[seat]
    if isinstance(card, CabinCard):
        opened = cabins_to_open(sheet, choice.open or ())
        return [CabinsOpened(seat=seat, source=card_id, cabins=opened)]
    if isinstance(card, PassengerCard):
        return board_passenger(state, seat, card, choice)
    if len(sheet.objectives) >= OBJECTIVE_SLOTS:
        return [ObjectiveDiscarded(seat=seat, card=card_id)]
    return [ObjectiveTaken(seat=seat, card=card_id, symbol=choice.symbol)]


def bonus_symbol(state: State, seat: int, symbol: str) -> list[Event]:
    trigger = game_trigger(state, seat, symbol, in_cabin=False)
    return [BonusSymbolChosen(seat=seat, symbol=symbol), *trigger]


def open_compensation(seat: int, sheet: Sheet, levels: tuple[int, ...]) -> list[Event]:
    return [CabinsOpened(seat=seat, source="E3", cabins=cabins_to_open(sheet, levels))]


def love_compensation(seat: int, cabin: str | None) -> list[Event]:
    return [LovePlaced(seat=seat, source="E4", cabin=cabin, vp=E4_LOVE_VP)]
