"""Positions for the rules tests, built from the game's own events."""

from __future__ import annotations

from typing import Any

from domain.games.bienvenue_a_bord import game
from domain.games.bienvenue_a_bord.data import CRUISE_IDS, CRUISE_PER_BLOCK, RULES
from domain.games.bienvenue_a_bord.messages import (
    CabinsOpened,
    CardsRevealed,
    Event,
    FirstSplitterDrawn,
    Options,
    PassengerBoarded,
    PeopleChecked,
    PileBuilt,
    PileSplit,
    PileTaken,
)
from domain.games.bienvenue_a_bord.state import State
from tests.given import Given, given


def pile(*top: str, stopovers: tuple[str, ...] = ("E1", "E2", "E3", "E4")) -> tuple[str, ...]:
    """A known pile: `top` first, then the other cruise cards in catalogue order, with a
    stopover under every 15 cruise cards."""
    cruise = [*top, *(c for c in CRUISE_IDS if c not in top)]
    out: list[str] = []
    for block, stopover in enumerate(stopovers):
        out.extend(cruise[block * CRUISE_PER_BLOCK : (block + 1) * CRUISE_PER_BLOCK])
        out.append(stopover)
    return tuple(out)


def started(*top: str, splitter: int = 0, stopovers: tuple[str, ...] = ("E1", "E2", "E3", "E4")):
    """Setup done and turn 1 drawn: the top three cards are revealed."""
    cards = pile(*top, stopovers=stopovers)
    return [
        PileBuilt(cards=cards, tokens=tuple(f"t{n}" for n in range(len(cards)))),
        FirstSplitterDrawn(seat=splitter),
        CardsRevealed(turn=1, splitter=splitter, cards=cards[:3]),
    ]


def dealt(
    single: str,
    pair: tuple[str, str],
    *,
    chooser_takes: str = "pair",
    splitter: int = 0,
    turn: int = 1,
    stopovers: tuple[str, ...] = ("E1", "E2", "E3", "E4"),
    next_stopover: str | None = None,
) -> list[Event]:
    """Turn `turn` drawn with `single` + `pair`, split and taken: the resolve phase.
    With `next_stopover`, that stopover lies right under the drawn cards."""
    events: list[Any] = started(single, *pair, splitter=splitter, stopovers=stopovers)
    if next_stopover is not None:
        drawn = (single, *pair)
        rest = [c for c in pile(*drawn) if c not in drawn and c != next_stopover]
        cards = (*drawn, next_stopover, *rest)
        events[0] = PileBuilt(cards=cards, tokens=tuple(f"t{n}" for n in range(len(cards))))
    if turn != 1:
        events[-1] = CardsRevealed(turn=turn, splitter=splitter, cards=(single, *pair))
    chooser = 1 - splitter
    mine, other = ((single,), pair) if chooser_takes == "single" else (pair, (single,))
    hands = tuple(mine if n == chooser else other for n in range(2))
    events += [
        PileSplit(seat=splitter, single=single, pair=pair),
        PileTaken(seat=chooser, pile=chooser_takes, hands=hands),
    ]
    return events


def opened(seat: int, *cabins: str) -> CabinsOpened:
    """Test set-up: cabins already opened earlier in the game."""
    return CabinsOpened(seat=seat, source="earlier", cabins=cabins)


def boarded(seat: int, cabin: str, vp: int | None = None, symbol: str | None = None):
    """Test set-up: a passenger seated earlier (opens the cabin first)."""
    return [
        opened(seat, cabin),
        PassengerBoarded(seat=seat, card="earlier", cabin=cabin, vp=vp, symbol=symbol),
    ]


def people(seat: int, satisfied: int = 0, unhappy: int = 0) -> PeopleChecked:
    return PeopleChecked(seat=seat, satisfied=satisfied, unhappy=unhappy, why="earlier")


def at(*events: Any, rules: int = RULES) -> Given:
    """The position after `events`, in a game played by rules version `rules` (today's by
    default; 1 for a game started before version 2)."""
    flat: list[Any] = []
    for e in events:
        flat.extend(e if isinstance(e, list) else [e])
    return given(game, *flat, seats=2, options=Options(rules=rules))


def state_at(*events: Any, rules: int = RULES) -> State:
    result: State = at(*events, rules=rules).state
    return result
