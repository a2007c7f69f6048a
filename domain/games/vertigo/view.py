"""What each viewer sees: everything is public except the choices of an open vote."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from domain.games.vertigo import messages as m
from domain.games.vertigo.commands import DESCRIPTIONS, deciders
from domain.games.vertigo.data import (
    COLORS,
    ENGINEERS,
    LAW_NAMES,
    PROVINCE_IDS,
    REGIONS,
    region_range,
    witness_threshold,
)
from domain.games.vertigo.legal import legal
from domain.games.vertigo.scoring import eligible
from domain.games.vertigo.state import (
    CODE_KIND,
    FREE,
    POLLUTED,
    Country,
    State,
    factory_stock,
    population_stock,
    scholar_stock,
)
from domain.kernel import Omniscient, Viewer, sees_seat


def redact(event: m.Event, viewer: Viewer) -> m.Event | None:
    if isinstance(event, m.VoteCast) and not sees_seat(viewer, event.seat):
        return replace(event, choice=None)
    return event


def _province(c: Country, i: int) -> dict[str, Any]:
    cell = c.cells[i]
    factory = CODE_KIND.get(cell)
    state = "free" if cell == FREE else "polluted" if cell == POLLUTED else "populated"
    return {
        "id": PROVINCE_IDS[i],
        "state": state,
        "factory": factory,
        "engineers": ENGINEERS[factory] if factory else 0,
        "moved": i in c.moved,
    }


def _country(s: State, seat: int) -> dict[str, Any]:
    c = s.countries[seat]
    regions = [
        {
            "name": REGIONS[r],
            "idle_scholars": c.idle(r),
            "idle_ready": c.idle_ready[r],
            "trained": r in c.trained,
            "population": c.population(r),
            "pollution": 10 * c.polluted(r),
            "treatment_plant": c.has_treatment(r),
            "overpopulated": c.overpopulated(r),
            "pollution_sources": c.sources(r),
            "provinces": [_province(c, i) for i in region_range(r)],
        }
        for r in range(3)
    ]
    return {
        "seat": seat,
        "color": COLORS[seat],
        "active": c.active,
        "eliminated": c.eliminated,
        "safe": c.safe,
        "diplomats": c.diplomats,
        "laws_used": sorted(c.laws_used),
        "factories": c.factories(),
        "polluting": c.factories("polluting"),
        "clean": c.factories("clean"),
        "treatment": c.factories("treatment"),
        "population": c.population(),
        "scholars": c.scholars(),
        "scholar_supply": scholar_stock(s, seat),
        "eligible": eligible(c),
        "non_polluting": c.non_polluting(),
        "regions": regions,
    }


def _vote(s: State, viewer: Viewer) -> dict[str, Any] | None:
    if not s.vote_law:
        return None
    cast = dict(s.votes)
    choices = {}
    for p in s.voters:
        if p not in cast:
            choices[str(p)] = "not yet voted"
        elif sees_seat(viewer, p):
            choices[str(p)] = cast[p]
        else:
            choices[str(p)] = "voted"
    return {
        "law": s.vote_law,
        "name": LAW_NAMES[s.vote_law],
        "proposer": s.vote_proposer,
        "voters": list(s.voters),
        "weights": {str(p): s.countries[p].diplomats for p in s.voters},
        "choices": choices,
    }


def _awaiting(s: State, viewer: Viewer) -> dict[str, Any] | None:
    seats = deciders(s)
    if not seats:
        return None
    task = s.agenda[0]
    shown = [p for p in seats if task.kind != "vote" or sees_seat(viewer, p)]
    options = {str(p): [msgspec.to_builtins(cmd) for cmd in legal(s, p)] for p in shown}
    return {
        "seats": list(seats),
        "step": task.kind,
        "what": DESCRIPTIONS[task.kind],
        "options": options,
    }


def view(s: State, viewer: Viewer) -> dict[str, Any]:
    return {
        "turn": s.turn,
        "over": s.over,
        "end_reason": s.end_reason,
        "pollution": 10 * s.level,
        "witness": s.witness,
        "witness_threshold": witness_threshold(s.seats),
        "placed_this_turn": s.placed,
        "treasury": s.treasury,
        "first_player": s.first,
        "order": list(s.in_order()) if s.order else [],
        "laws_proposed_this_turn": sorted(s.proposed),
        "dice": [{"seat": p, "region": r, "face": f} for p, r, f in s.dice],
        "end_die": s.end_die,
        "supply": {
            "polluting": factory_stock(s, "polluting"),
            "clean": factory_stock(s, "clean"),
            "treatment": factory_stock(s, "treatment"),
            "population": population_stock(s),
        },
        "countries": [_country(s, seat) for seat in range(s.seats)],
        "vote": _vote(s, viewer),
        "awaiting": _awaiting(s, viewer),
        "omniscient": isinstance(viewer, Omniscient),
    }
