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
from domain.games.bienvenue_a_bord.state import Sheet


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


def game_trigger(seat: int, sheet: Sheet, symbol: str | None) -> list[Event]:
    """A Game symbol drawn checks as many Satisfied as Game symbols held, the new one too."""
    if symbol != "game":
        return []
    return [PeopleChecked(seat=seat, satisfied=sheet.symbols("game") + 1, unhappy=0, why="game")]


def board_passenger(seat: int, sheet: Sheet, card: PassengerCard, choice: Choice) -> list[Event]:
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
    level = sheet.cabin(choice.cabin).level
    assert card.level is not None
    if level < card.level:
        events.append(PeopleChecked(seat=seat, satisfied=0, unhappy=1, why="cabin_too_low"))
    elif level > card.level:
        events.append(PeopleChecked(seat=seat, satisfied=1, unhappy=0, why="cabin_upgrade"))
    if card.requires is not None and sheet.symbols(card.requires) == 0:
        why = f"no_{card.requires}"
        events.append(PeopleChecked(seat=seat, satisfied=0, unhappy=1, why=why))
    events.extend(game_trigger(seat, sheet, symbol))
    return events


def resolve_card(seat: int, sheet: Sheet, card_id: str, choice: Choice) -> list[Event]:
    card = CRUISE[card_id]
    if isinstance(card, CabinCard):
        opened = cabins_to_open(sheet, choice.open or ())
        return [CabinsOpened(seat=seat, source=card_id, cabins=opened)]
    if isinstance(card, PassengerCard):
        return board_passenger(seat, sheet, card, choice)
    if len(sheet.objectives) >= OBJECTIVE_SLOTS:
        return [ObjectiveDiscarded(seat=seat, card=card_id)]
    return [ObjectiveTaken(seat=seat, card=card_id, symbol=choice.symbol)]


def bonus_symbol(seat: int, sheet: Sheet, symbol: str) -> list[Event]:
    return [BonusSymbolChosen(seat=seat, symbol=symbol), *game_trigger(seat, sheet, symbol)]


def open_compensation(seat: int, sheet: Sheet, levels: tuple[int, ...]) -> list[Event]:
    return [CabinsOpened(seat=seat, source="E3", cabins=cabins_to_open(sheet, levels))]


def love_compensation(seat: int, cabin: str | None) -> list[Event]:
    return [LovePlaced(seat=seat, source="E4", cabin=cabin, vp=E4_LOVE_VP)]
