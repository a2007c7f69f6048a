"""`legal` is exactly what `decide` accepts, and `decide` only ever refuses with Rejected."""

from __future__ import annotations

import random
from typing import Any

import pytest

from clients.python.simulate import play
from domain.bots import random_bot
from domain.games.bienvenue_a_bord import Options, game
from domain.games.bienvenue_a_bord.data import CABIN_IDS, SYMBOLS
from domain.games.bienvenue_a_bord.messages import (
    Choice,
    ChooseBonusSymbol,
    OpenCabins,
    PlaceLove,
    Resolve,
    Split,
    TakePile,
)
from domain.games.bienvenue_a_bord.state import State
from domain.kernel import Rejected

OPENINGS: list[tuple[int | None, ...]] = [
    (),
    (1,),
    (2,),
    (3,),
    (None,),
    (2, 1),
    (3, 1),
    (1, 1),
    (2, 2),
    (1, None),
    (None, 1),
    (None, None),
    (2, None),
    (3, 2),
    (1, 1, 1),
    (3, 3),
]


def candidates(state: State) -> list[Any]:
    """Right and wrong commands for this position (multisets given highest first)."""
    cards = {*state.revealed, "PAS01", "CAB17", "OBJ02", "PAS33"}
    for hand in state.hands:
        cards |= set(hand)
    choices = [Choice(), *(Choice(open=o) for o in OPENINGS)]
    for cabin in (*CABIN_IDS, None):
        choices.append(Choice(cabin=cabin))
        choices.extend(Choice(cabin=cabin, symbol=s) for s in SYMBOLS)
    choices.extend(Choice(symbol=s) for s in SYMBOLS)
    return [
        *(Split(single=c) for c in cards),
        TakePile(pile="single"),
        TakePile(pile="pair"),
        *(Resolve(card=c, choice=ch) for c in cards for ch in choices),
        *(ChooseBonusSymbol(symbol=s) for s in SYMBOLS),
        *(OpenCabins(levels=o) for o in [(2,), (1, 1), (1,), (), (2, 1), (3,)]),
        *(PlaceLove(cabin=c) for c in (*CABIN_IDS, None)),
    ]


@pytest.mark.parametrize("seed", range(4))
def test_decide_accepts_exactly_the_legal_commands(seed: int) -> None:
    played = play(game, 2, Options(), [random_bot, random_bot], random.Random(seed))
    state = game.initial(2, Options())
    rng = random.Random(seed)
    for n, event in enumerate(played.events):
        state = game.evolve(state, event)
        if n % 9 or state.phase == "setup":
            continue
        for seat in (0, 1, 2):
            legal = game.legal(state, seat) if seat < 2 else []
            for command in candidates(state):
                try:
                    game.decide(state, seat, command, rng)
                except Rejected:
                    assert command not in legal, f"legal {command} refused"
                else:
                    assert command in legal, f"{command} accepted for seat {seat}, not legal"
