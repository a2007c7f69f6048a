"""Every command a seat may send now (§4); all choice sets are small and listed in full."""

from __future__ import annotations

from domain.games.bienvenue_a_bord.choices import card_choices, e3_choices, e4_choices
from domain.games.bienvenue_a_bord.data import SYMBOLS
from domain.games.bienvenue_a_bord.messages import (
    ChooseBonusSymbol,
    Command,
    OpenCabins,
    PlaceLove,
    Resolve,
    Split,
    TakePile,
)
from domain.games.bienvenue_a_bord.state import State


def compensation_commands(state: State, seat: int) -> list[Command]:
    sheet = state.sheets[seat]
    out: list[Command] = []
    for receiver, stopover in state.pending:
        if receiver != seat:
            continue
        if stopover == "E2":
            out.extend(ChooseBonusSymbol(symbol=s) for s in SYMBOLS)
        elif stopover == "E3":
            out.extend(OpenCabins(levels=levels) for levels in e3_choices(sheet))
        elif stopover == "E4":
            out.extend(PlaceLove(cabin=cabin) for cabin in e4_choices(sheet))
    return out


def legal(state: State, seat: int) -> list[Command]:
    if state.phase == "split":
        return [Split(single=c) for c in state.revealed] if seat == state.splitter else []
    if state.phase == "choose":
        if seat != state.chooser:
            return []
        return [TakePile(pile="single"), TakePile(pile="pair")]
    if state.phase == "resolve":
        sheet = state.sheets[seat]
        return [
            Resolve(card=card, choice=choice)
            for card in state.hands[seat]
            for choice in card_choices(card, sheet)
        ]
    if state.phase == "stopover":
        return compensation_commands(state, seat)
    return []
