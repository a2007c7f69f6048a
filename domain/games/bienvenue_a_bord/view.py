"""What a viewer may know: the whole public state; the pile order only for Omniscient."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.games.bienvenue_a_bord.data import (
    CRUISE,
    CRUISE_IDS,
    LEVELS,
    OBJECTIVE_SLOTS,
    STOPOVER,
    STOPOVER_TURNS,
    TURNS,
    CabinCard,
    PassengerCard,
)
from domain.games.bienvenue_a_bord.legal import legal
from domain.games.bienvenue_a_bord.messages import Event, PileBuilt
from domain.games.bienvenue_a_bord.scoring import OBJECTIVE, breakdown, objective_points
from domain.games.bienvenue_a_bord.state import Sheet, State
from domain.kernel import Omniscient, Viewer


def redact(event: Event, viewer: Viewer) -> Event | None:
    """Only the shuffle is secret: its order is hidden from every seat and spectator."""
    if isinstance(event, PileBuilt) and not isinstance(viewer, Omniscient):
        return msgspec.structs.replace(event, cards=tuple(None for _ in event.cards))
    return event


def card_view(card_id: str) -> dict[str, Any]:
    card = CRUISE[card_id]
    kind = (
        "cabin"
        if isinstance(card, CabinCard)
        else "passenger"
        if isinstance(card, PassengerCard)
        else "objective"
    )
    out: dict[str, Any] = msgspec.to_builtins(card)
    out["kind"] = kind
    return out


def sheet_view(sheet: Sheet, revealed_stopovers: tuple[str, ...]) -> dict[str, Any]:
    return {
        "levels": {
            str(level): [
                {
                    "id": c.id,
                    "level": c.level,
                    "status": c.status,
                    "passenger": c.passenger,
                    "vp": c.vp,
                    "symbol": c.symbol,
                    "love": c.love,
                }
                for c in sheet.cabins
                if c.level == level
            ]
            for level in LEVELS
        },
        "symbols": {
            "fun": sheet.symbols("fun"),
            "sun": sheet.symbols("sun"),
            "game": sheet.symbols("game"),
            "love": sheet.loves(),
        },
        "bonus_symbol": sheet.bonus,
        "satisfied": sheet.satisfied,
        "unhappy": sheet.unhappy,
        "objective_slots": OBJECTIVE_SLOTS,
        "objectives": [
            {
                "card": o.card,
                "code": OBJECTIVE[o.card].code,
                "scoring": OBJECTIVE[o.card].scoring,
                "symbol": o.symbol or OBJECTIVE[o.card].symbol,
                "points": objective_points(sheet, o),
            }
            for o in sheet.objectives
        ],
        "sun_slots": [
            sheet.sun_slots[n] if n < len(sheet.sun_slots) else None
            for n in range(len(STOPOVER_TURNS))
        ],
        "majority_slots": [
            {
                "stopover": n + 1,
                "card": revealed_stopovers[n] if n < len(revealed_stopovers) else None,
                "won": revealed_stopovers[n] in sheet.majorities
                if n < len(revealed_stopovers)
                else None,
            }
            for n in range(len(STOPOVER_TURNS))
        ],
        "score": breakdown(sheet),
    }


def undrawn_cruise(state: State) -> list[str]:
    """The multiset (sorted: it says nothing of the order) of cruise cards still face down."""
    if state.phase == "setup":
        return []
    drawn = set(state.discard) | set(state.revealed)
    for hand in state.hands:
        drawn |= set(hand)
    return sorted(c for c in CRUISE_IDS if c not in drawn)


def awaiting(state: State) -> list[dict[str, Any]]:
    what = {
        "split": "split",
        "choose": "take_pile",
        "resolve": "resolve",
        "stopover": "compensation",
    }
    out: list[dict[str, Any]] = []
    for seat in range(state.seats):
        if legal(state, seat):
            entry: dict[str, Any] = {"seat": seat, "for": what[state.phase]}
            if state.phase == "resolve":
                entry["cards"] = list(state.hands[seat])
            if state.phase == "stopover":
                entry["stopover"] = next(s for r, s in state.pending if r == seat)
            out.append(entry)
    return out


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    pair = [c for c in state.revealed if c != state.single] if state.single else None
    stopovers_left = len(STOPOVER_TURNS) - len(state.stopovers) if state.phase != "setup" else 0
    out: dict[str, Any] = {
        "phase": state.phase,
        "turn": state.turn,
        "turns": TURNS,
        "stopover_after_turns": list(STOPOVER_TURNS),
        "splitter": state.splitter,
        "chooser": state.chooser,
        "awaiting": awaiting(state),
        "table": {
            "revealed": [card_view(c) for c in state.revealed],
            "single": state.single,
            "pair": pair,
            "taken_by_chooser": state.taken,
            "received": [list(r) for r in state.received],
        },
        "hands": [[card_view(c) for c in hand] for hand in state.hands],
        "pending_compensations": [{"seat": s, "stopover": e} for s, e in state.pending],
        "pile": {
            "size": len(state.pile),
            "face_down": list(state.tokens),
            "stopovers_face_down": stopovers_left,
            "undrawn_cruise": undrawn_cruise(state),
        },
        "stopovers": [
            {
                "number": n + 1,
                "card": card,
                "metric": STOPOVER[card].metric,
                "compensation": STOPOVER[card].compensation,
            }
            for n, card in enumerate(state.stopovers)
        ],
        "sheets": [sheet_view(sheet, state.stopovers) for sheet in state.sheets],
        "discard": list(state.discard),
    }
    if state.phase == "over":
        out["result"] = {"scores": list(state.scores), "ranks": list(state.ranks)}
    if isinstance(viewer, Omniscient):
        out["pile"]["cards"] = list(state.pile)
    return out
