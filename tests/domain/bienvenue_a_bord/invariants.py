"""Invariants checked after every step of the random games."""

from __future__ import annotations

from collections import Counter

from domain.games.bienvenue_a_bord.data import (
    CABIN_IDS,
    CRUISE_IDS,
    OBJECTIVE_SLOTS,
    STOPOVER_IDS,
)
from domain.games.bienvenue_a_bord.state import State

ALL_64 = Counter([*CRUISE_IDS, *STOPOVER_IDS])


def all_64_cards_accounted_for(state: State) -> None:
    on_table = state.revealed if state.phase in ("split", "choose") else ()
    where = [
        *(c for c in state.pile if c is not None),
        *on_table,
        *(c for hand in state.hands for c in hand),
        *state.discard,
        *state.stopovers,
    ]
    assert len(state.pile) == len(state.tokens)
    assert Counter(where) == ALL_64, Counter(where) - ALL_64 or ALL_64 - Counter(where)


def cabins_never_over_capacity(state: State) -> None:
    for sheet in state.sheets:
        assert tuple(c.id for c in sheet.cabins) == CABIN_IDS
        for cabin in sheet.cabins:
            if cabin.status == "occupied":
                assert cabin.passenger is not None  # exactly one passenger
                assert cabin.vp is not None or cabin.symbol is not None
            else:
                assert cabin.passenger is cabin.vp is cabin.symbol is cabin.love is None
        boarded = [c.passenger for c in sheet.cabins if c.passenger is not None]
        assert len(boarded) == len(set(boarded)) <= len(CABIN_IDS)
        assert len(sheet.objectives) <= OBJECTIVE_SLOTS
        assert sheet.satisfied >= 0 and sheet.unhappy >= 0
        assert len(sheet.sun_slots) == len(state.stopovers)


def hands_come_from_this_turn(state: State) -> None:
    held = [c for hand in state.hands for c in hand]
    assert set(held) <= set(state.revealed) and len(held) <= 3
    if state.phase in ("split", "choose", "stopover", "over"):
        assert not held


INVARIANTS = (all_64_cards_accounted_for, cabins_never_over_capacity, hands_come_from_this_turn)
