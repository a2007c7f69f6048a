"""Building blocks for Eiffel Mania rule tests: a rigged pile, holdings, and the engine's run."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from domain.games.eiffel_mania import game
from domain.games.eiffel_mania.data import ALL_CARDS
from domain.games.eiffel_mania.flow import advance
from domain.games.eiffel_mania.messages import (
    Award,
    BecameInactive,
    CardsAwarded,
    Event,
    FirstPrincipalDrawn,
    PileShuffled,
    WarningTurned,
)
from domain.games.eiffel_mania.state import State
from tests.given import Given, given


def pile_with(*top: str) -> tuple[str, ...]:
    """All 24 cards, `top` first (in that order), then the others in catalogue order."""
    return (*top, *(card for card in ALL_CARDS if card not in top))


def opening(
    *,
    seats: int = 4,
    top: Iterable[str] = (),
    first: int = 0,
    holdings: Mapping[int, Iterable[str]] | None = None,
    betrayals: Mapping[int, int] | None = None,
    inactive: Iterable[int] = (),
    pile: Iterable[str] | None = None,
) -> list[Event]:
    """Setup events for a rigged table, then the engine's automatic events up to a decision.

    `holdings` are cards already won (taken from the pile before play starts)."""
    order = tuple(pile) if pile is not None else pile_with(*top)
    events: list[Event] = [PileShuffled(cards=order, ids=tuple(f"id{i}" for i in order))]
    for seat, cards in (holdings or {}).items():
        awards = tuple(Award(card=c, seat=seat) for c in cards)
        events.append(CardsAwarded(awards=awards, how="betrayal"))
    for seat, count in (betrayals or {}).items():
        events.append(WarningTurned(seat=seat, betrayals=count))
    out = tuple(inactive)
    if out:
        events.append(BecameInactive(seats=out))
    events.append(FirstPrincipalDrawn(seat=first))
    state = game.fold(events, game.initial(seats, None))
    return events + advance(state, random.Random(0))


def table(**kwargs: Any) -> Given:
    seats = kwargs.get("seats", 4)
    return given(game, *opening(**kwargs), seats=seats)


def play(start: Given, *moves: tuple[int, Any], seed: int = 0) -> Given:
    """Apply commands one after the other (each must be accepted)."""
    rng = random.Random(seed)
    for seat, command in moves:
        start = start.and_(*game.decide(start.state, seat, command, rng))
    return start


def state_of(start: Given) -> State:
    state: State = start.state
    return state
