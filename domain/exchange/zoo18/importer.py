"""Import an 18xx.games 18ZOO export (title, players, settings, actions, result) as Plateau events.

Undo/redo are filtered like 18xx.games does, every remaining action becomes a Plateau command
decided on the current state (so the rules check it), and the events are folded in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.games.zoo18.data import MAPS
from domain.games.zoo18.decide import decide
from domain.games.zoo18.deck import lcg_deck, seed_of
from domain.games.zoo18.evolve import evolve
from domain.games.zoo18.messages import (
    Assign,
    Bid,
    BuyPower,
    BuyShares,
    BuyTrain,
    Command,
    DiscardTrain,
    Dividend,
    EndGame,
    Event,
    LayTile,
    Options,
    Par,
    Pass,
    PlaceToken,
    ProtectTrain,
    RouteClaim,
    RunRoutes,
    SellShares,
    SellTicket,
    UsePower,
)
from domain.games.zoo18.rounds import acting_seat
from domain.games.zoo18.scoring import player_value, standings
from domain.games.zoo18.setup import start_events
from domain.games.zoo18.state import State
from domain.kernel import Rejected

TITLES = {f"18ZOO - Map {m}": m for m in MAPS}
# 18xx.games' optional rules of 18ZOO, each an option of the same name (messages.Options)
OPTIONAL_RULES = ("power_visible", "base_2", "base_3")
IGNORED = ("message", "program_share_pass", "program_buy_shares", "program_disable")
IGNORED_PREFIX = "program_"
# the choices that name the family a power acts on, and the key they name it by
CHOICE_FAMILY_KEY = {
    "days_off": "corporation_id",
    "whatsup": "corporation_id",
    "remove_bandage": "corporation",
}


@dataclass
class Imported:
    title: str
    players: list[dict[str, str]]
    seats: int
    options: Options
    events: list[Event]
    result: dict[str, int]
    expected: dict[str, int]
    match: bool
    end_reason: str
    error: str = ""
    state: Any = field(default=None, repr=False)


def active_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """18xx.games undo/redo filtering: the actions that count, in list order."""
    kept: list[dict[str, Any]] = []
    redo_stack: list[list[dict[str, Any]]] = []
    for action in actions:
        kind = action.get("type")
        if kind == "undo":
            target = action.get("action_id")
            if target is None:
                idx = max(
                    (i for i, a in enumerate(kept) if a.get("type") != "message"), default=None
                )
                removed = [kept.pop(idx)] if idx is not None else []
            else:
                cut = next((i for i, a in enumerate(kept) if a.get("id") == target), None)
                start = 0 if target == 0 else (cut + 1 if cut is not None else len(kept))
                removed = [a for a in kept[start:] if a.get("type") != "message"]
                kept = kept[:start] + [a for a in kept[start:] if a.get("type") == "message"]
            redo_stack.append(removed)
        elif kind == "redo":
            if redo_stack:
                kept.extend(redo_stack.pop())
        else:
            if kind != "message":
                redo_stack.clear()
            kept.append(action)
    if kept:
        last_id = actions[-1].get("id")
        if isinstance(last_id, int):
            cut_at = next(
                (
                    i
                    for i, a in enumerate(kept)
                    if isinstance(a.get("id"), int) and a["id"] > last_id
                ),
                None,
            )
            if cut_at is not None:
                kept = kept[:cut_at]
    return kept


def _price_of(share_price: str) -> int:
    return int(str(share_price).split(",")[0])


def to_command(action: dict[str, Any]) -> Command | None:
    kind = action["type"]
    entity = str(action.get("entity", ""))
    company = action.get("entity_type") == "company"
    match kind:
        case "bid":
            return Bid(action["company"], int(action["price"]))
        case "pass":
            return Pass()
        case "par":
            return Par(action["corporation"], _price_of(action["share_price"]))
        case "buy_shares":
            return BuyShares(tuple(action["shares"]))
        case "sell_shares":
            # a percent below the certificates' sells the president's in part (rules 11)
            return SellShares(tuple(action["shares"]), int(action["percent"]))
        case "buy_company":
            return BuyPower(action["company"], int(action["price"]))
        case "lay_tile":
            return LayTile(
                action["hex"], action["tile"], int(action["rotation"]), entity if company else None
            )
        case "place_token":
            return PlaceToken(str(action["city"]), action.get("slot"), entity if company else None)
        case "run_routes":
            routes = action.get("routes", [])
            return RunRoutes(
                tuple(
                    RouteClaim(
                        r["train"],
                        tuple(tuple(c) for c in r.get("connections", [])),
                        r.get("revenue"),
                        r.get("subsidy"),
                    )
                    for r in routes
                ),
                # the site read a run recorded without `nodes` by its connections alone, and
                # paid what it read (rules 16: issue 42, situation 4)
                site_read=not any("nodes" in r for r in routes),
            )
        case "dividend":
            return Dividend(action["kind"])
        case "buy_train":
            return BuyTrain(action["train"], int(action["price"]), action.get("variant"))
        case "discard_train":
            return DiscardTrain(action["train"])
        case "choose_ability":
            choice = action.get("choice") or {}
            if entity.startswith("ZOOTicket"):
                price = choice.get("price")
                return SellTicket(entity, int(price) if price is not None else None)
            kind = str(choice.get("type"))
            family = choice.get(CHOICE_FAMILY_KEY.get(kind, "corporation"))
            family = family or choice.get("corporation_id") or choice.get("corporation")
            return UsePower(
                entity,
                kind,
                family,
                choice.get("train_id"),
                choice.get("variant"),
                choice.get("price"),
            )
        case "choose":
            return ProtectTrain(str(action.get("choice")))
        case "assign":
            return Assign(entity, str(action["target"]))
        case "end_game":
            return EndGame()
    return None


def _seat_of(state: State, action: dict[str, Any], ids: list[str]) -> int | None:
    entity = str(action.get("entity", ""))
    kind = action.get("entity_type")
    if kind == "player":
        return ids.index(entity) if entity in ids else None
    if kind == "corporation":
        return state.president(entity)
    try:
        owner = state.power(entity).owner
    except KeyError:
        return None
    if owner.startswith("p"):
        return int(owner[1:])
    if owner in ("bank", "closed"):
        return None
    return state.president(owner)


def import_game(data: dict[str, Any]) -> Imported:
    title = str(data["title"])
    map_id = TITLES.get(title)
    players = [{"id": str(p.get("id", p["name"])), "name": str(p["name"])} for p in data["players"]]
    ids = [p["id"] for p in players]
    names = tuple(p["name"] for p in players)
    seats = len(players)
    settings = data.get("settings") or {}
    rules = [str(rule) for rule in settings.get("optional_rules") or ()]
    options = Options(
        map=map_id or "A",
        imported=True,
        power_visible="power_visible" in rules,
        base_2="base_2" in rules,
        base_3="base_3" in rules,
    )
    expected = {str(k): int(v) for k, v in (data.get("result") or {}).items()}
    unknown = [rule for rule in rules if rule not in OPTIONAL_RULES]
    refused = f"unknown title {title}" if map_id is None else ""
    if unknown and not refused:
        known = ", ".join(OPTIONAL_RULES)
        refused = f"unsupported optional rule {', '.join(unknown)} (18ZOO has {known})"
    if refused:
        return Imported(title, players, seats, options, [], {}, expected, False, "", refused)
    seed = seed_of(data.get("id", ""), settings.get("seed"))
    state = State(seats=seats, options=options)
    events = start_events(state, names, lcg_deck(seed), seed)
    for event in events:
        state = evolve(state, event)
    error = ""
    for action in active_actions(list(data.get("actions", []))):
        for step in [action, *(action.get("auto_actions") or [])]:
            if state.ended:
                break
            try:
                command = to_command(step)
            except (KeyError, TypeError, ValueError) as problem:
                error = f"action {step.get('id')}: malformed ({problem})"
                break
            if command is None:
                kind = str(step.get("type"))
                if kind in IGNORED or kind.startswith(IGNORED_PREFIX):
                    continue
                error = f"action {step.get('id')}: unsupported action type {kind}"
                break
            seat = _seat_of(state, step, ids)
            if isinstance(command, Pass):
                # 18xx.games hands a pass to the blocking step whoever is named in it (some
                # recorded passes name the next entity); the awaited seat passes
                seat = acting_seat(state)
            if isinstance(command, EndGame):
                seat = acting_seat(state) if seat is None else seat
            try:
                new = decide(state, seat if seat is not None else -1, command, None)  # type: ignore[arg-type]
            except Rejected as refusal:
                error = (
                    f"action {step.get('id')} {step.get('type')} by {step.get('entity')}: {refusal}"
                )
                break
            for event in new:
                state = evolve(state, event)
            events.extend(new)
        if error:
            break
    values = {ids[s]: player_value(state, s) for s in standings(state)}
    # the scores by player, whatever order the file lists them in (the site's own order of
    # equal results need not be Plateau's standings)
    match = not error and values == expected
    return Imported(
        title, players, seats, options, events, values, expected, match, state.ended, error, state
    )
