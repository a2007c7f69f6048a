"""Building 18ZOO positions for the rules tests by playing commands from a chosen deck."""

from __future__ import annotations

import random
from typing import Any

from msgspec.structs import replace

from domain.games.zoo18 import game
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.messages import Options
from domain.games.zoo18.rounds import acting_seat
from domain.games.zoo18.setup import seat_names, start_events
from domain.games.zoo18.state import State

DECK = (
    "DAYS_OFF",
    "MIDAS",
    "TOO_MUCH_RESPONSIBILITY",
    "WHATSUP",
    "LEPRECHAUN_POT_OF_GOLD",
    "IT_S_ALL_GREEK_TO_ME",
    "PATCH",
    "WHEAT",
    "RABBITS",
    "MOLES",
    "ANCIENT_MAPS",
    "HOLE",
    "ON_A_DIET",
    "SHINING_GOLD",
    "THAT_S_MINE",
    "WORK_IN_PROGRESS",
    "TWO_BARRELS",
    "A_SQUEEZE",
    "WINGS",
    "A_TIP_OF_SUGAR",
)


def start(seats: int = 2, map_id: str = "A", deck: tuple[str, ...] = DECK) -> State:
    options = Options(map=map_id)
    state = game.initial(seats, options)
    return game.fold(start_events(state, seat_names(seats), deck), state)


HOME = "home"  # stands for the first home tile legal() offers right after a par


def play(state: State, *commands: Any) -> State:
    """Each command by the awaited seat; fails loudly if one is refused."""
    for command in commands:
        seat = acting_seat(state)
        assert seat is not None, f"nobody is awaited for {command}"
        if command == HOME:
            command = game.legal(state, seat)[0]
        events = game.decide(state, seat, command, random.Random(0))
        state = game.fold(events, state)
    return state


def seat_now(state: State) -> int:
    seat = acting_seat(state)
    assert seat is not None
    return seat


def arrange_flow(ctx: Ctx, **changes: Any) -> None:
    """Put the rounds machine where a test starts (no event: no game gets there this way)."""
    ctx.state = replace(ctx.state, flow=replace(ctx.state.flow, **changes))
