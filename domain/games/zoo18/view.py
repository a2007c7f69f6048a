"""What each viewer sees: the whole public game (18ZOO hides only the order of the powers deck)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink, market
from domain.games.zoo18.ctx import (
    future_powers,
    next_token_price,
    offered_powers,
    seat_id,
    ticket_value,
)
from domain.games.zoo18.data import (
    DAY_NAMES,
    FAMILY_NAMES,
    MARKET,
    POWER_NAME,
    POWER_PRICE,
    SR_POWERS,
    TOKEN_PRICES,
    draft_size,
)
from domain.games.zoo18.legal import legal
from domain.games.zoo18.messages import Event, Started
from domain.games.zoo18.rounds import acting_entity, acting_seat
from domain.games.zoo18.scoring import player_value
from domain.games.zoo18.state import State
from domain.games.zoo18.trains import depot_offer
from domain.kernel import Omniscient, Viewer


def redact(event: Event, viewer: Viewer) -> Event | None:
    if isinstance(event, Started) and not isinstance(viewer, Omniscient):
        # the draft offer and the next four are public; the rest of the deck order is not,
        # nor the seed it was dealt from (it tells the whole order)
        shown = draft_size(len(event.players)) + 4
        hidden = (None,) * (len(event.deck) - shown)
        return replace(event, deck=event.deck[:shown] + hidden, seed=None)
    return event


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    if not state.players:
        return {"started": False}
    flow = state.flow
    seat = acting_seat(state)
    return {
        "started": True,
        "map": state.map,
        "exportable": state.options.exportable,
        "phase": state.phase,
        "round": {
            "kind": flow.round,
            "day": DAY_NAMES.get(flow.turn, ""),
            "turn": flow.turn,
            "operating_round": flow.or_num,
            "step": flow.step,
            "order": list(flow.order),
            "index": flow.index,
        },
        "awaiting": {
            "seat": seat,
            "entity": acting_entity(state),
            "commands": sorted({type(c).__name__ for c in legal(state, seat)})
            if seat is not None
            else [],
        },
        "ticket_value": ticket_value(state),
        "priority": list(state.priority),
        "players": [_player(state, n) for n in range(len(state.players))],
        "families": [_family(state, f.sym) for f in state.families],
        "market": _market(state),
        "powers": {
            "offered": [_power(p) for p in offered_powers(state)],
            "future": [_power(p) for p in future_powers(state) if not p.startswith("hidden")],
        },
        "depot": [{"train": t.id, "name": t.name, "from": t.owner} for t in depot_offer(state)],
        "hexes": _hexes(state),
        "last_run": {
            "family": state.last_run[0],
            "revenue": state.last_run[1],
            "subsidy": state.last_run[2],
        },
        "ended": state.ended,
    }


def _power(pid: str) -> dict[str, Any]:
    return {
        "id": pid,
        "name": POWER_NAME.get(pid, pid),
        "price": POWER_PRICE.get(pid, 0),
        "kind": "SR" if pid in SR_POWERS else "OR",
    }


def _player(state: State, n: int) -> dict[str, Any]:
    me = seat_id(n)
    p = state.players[n]
    return {
        "seat": n,
        "name": p.name,
        "cash": p.cash,
        "penalty": p.penalty,
        "shares": {
            f.sym: state.percent_of(me, f.sym)
            for f in state.families
            if state.percent_of(me, f.sym)
        },
        "certificates": [s.id for s in state.shares if s.owner == me],
        "powers": [_power(h.id) for h in state.owned_powers(me)],
        "tickets": [t.id for t in state.owned_tickets(me)],
        "value": player_value(state, n),
    }


def _family(state: State, sym: str) -> dict[str, Any]:
    f = state.family(sym)
    pres = state.president(sym)
    return {
        "sym": sym,
        "name": FAMILY_NAMES[sym],
        "open": f.parred,
        "cash": f.cash,
        "price": market.price((f.row, f.col)) if f.parred else None,
        "cell": [f.row, f.col] if f.parred else None,
        "president": pres,
        "trains": [
            {"id": t.id, "runs_as": t.variant or t.name, "obsolete": t.obsolete, "ran": t.operated}
            for t in state.family_trains(sym)
        ],
        "tokens_left": len(TOKEN_PRICES[sym]) - f.tokens_used,
        "next_token_price": next_token_price(state, sym),
        "ipo": [s.id for s in state.family_shares(sym) if s.owner == "ipo"],
        "market_pool": [s.id for s in state.family_shares(sym) if s.owner == "market"],
        "powers": [_power(h.id) for h in state.owned_powers(sym)],
        "marks": list(f.marks),
    }


def _market(state: State) -> list[list[dict[str, Any]]]:
    here: dict[tuple[int, int], list[tuple[int, str]]] = {}
    for f in state.families:
        if f.parred:
            here.setdefault((f.row, f.col), []).append((f.arrival, f.sym))
    return [
        [
            {
                "id": market.cell_id((c.row, c.col)),
                "price": c.price,
                "threshold": c.threshold,
                "dividend": c.dividend,
                "president_bonus": c.bonus,
                "families": [sym for _, sym in sorted(here.get((c.row, c.col), []))],
            }
            for c in row
        ]
        for row in MARKET
    ]


def _hexes(state: State) -> list[dict[str, Any]]:
    """Every hex as the board engine describes it: the face shown (laid tile, HOLE tunnel tile
    or printed hex), its track, its stops paying now with slots, tokens and reservations."""
    board = state.board
    if board is None:
        return []
    return [_hex(board, h) for h in B.describe(board, boardlink.colours(state.phase))]


def _hex(board: B.Board, h: B.HexView) -> dict[str, Any]:
    tile, _, face_id = B.face(board, h.hex)
    return {
        "hex": h.hex,
        "color": h.color,
        "type": h.type,
        "tile": h.tile,  # the laid copy ("7-0"), None on a printed or tunnel face
        "face": h.face,  # the tile name or printed id shown
        "face_id": face_id,  # copy or printed id, as in 18xx.games city ids
        "rotation": h.rotation,
        "label": h.label,
        # ends of the face before rotation: 0..5 edges, 6 + i the i-th stop, -1 the junction
        "paths": [list(p) for p in tile.paths],
        "exits": sorted({int(end[4:]) for p in h.paths for end in p if end.startswith("edge")}),
        "stops": [
            {
                "kind": stop.kind,
                "revenue": stop.revenue,
                "slots": stop.slots,
                "hidden": stop.hidden,
                "city_id": B.city_id(board, h.hex, i) if stop.kind == "city" else None,
            }
            for i, stop in enumerate(h.stops)
        ],
        "revenue": [stop.revenue for stop in h.stops],
        "tokens": [
            {"city": i, "slot": slot, "owner": owner}
            for i, stop in enumerate(h.stops)
            for slot, owner in stop.tokens
        ],
        "reserved": [
            {"city": i, "slot": slot, "family": family}
            for i, stop in enumerate(h.stops)
            for slot, family in stop.reserved
        ],
        "terrain": h.terrain,
        "lay_cost": h.lay_cost,
        "home_of": h.home_of,
    }
