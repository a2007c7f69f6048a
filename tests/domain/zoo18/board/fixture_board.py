"""Replays only the board side of a recorded 18xx.games 18ZOO game (tiles, tokens, powers, runs).

The fixtures are the copy in tests/data/18zoo. Everything that is not the board
(money, shares, turn order) is ignored; the phase is followed from the trains bought.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from domain.games.zoo18 import board as B
from tests.paths import ZOO18_FIXTURES

ROOT = Path(__file__).resolve().parents[4]
FIXTURES = ZOO18_FIXTURES

PHASE_COLOURS = {
    "2S": ("yellow",),
    "3S": ("yellow", "green"),
    "3S Long": ("yellow", "green"),
    "4S": ("yellow", "green"),
    "4S Perm": ("yellow", "green", "brown"),
    "5S": ("yellow", "green", "brown"),
    "4J": ("yellow", "green", "brown", "gray"),
}
POWER_MODES = {"RABBITS": "rabbits", "MOLES": "moles", "ANCIENT_MAPS": "ancient_maps"}


def fixture_paths() -> list[Path]:
    return sorted(FIXTURES.glob("*/*.json"))


def fixture(name: str) -> Path:
    """The fixture file "<map dir>/<name>.json"."""
    return FIXTURES / f"{name}.json"


def active_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions that survive undo/redo (spec §13), in list order."""
    kept: list[dict[str, Any]] = []
    undone: list[list[dict[str, Any]]] = []
    for action in actions:
        kind = action["type"]
        if kind == "undo":
            target = action.get("action_id")
            if target is None:
                for i in range(len(kept) - 1, -1, -1):
                    if kept[i]["type"] != "message":
                        undone.append([kept.pop(i)])
                        break
            else:
                first = next((i for i, a in enumerate(kept) if a.get("id") == target), -1)
                batch = [a for a in kept[first + 1 :] if a["type"] != "message"]
                kept = kept[: first + 1] + [a for a in kept[first + 1 :] if a["type"] == "message"]
                undone.append(batch)
        elif kind == "redo":
            if undone:
                kept.extend(undone.pop())
        else:
            if kind != "message":
                undone.clear()
            kept.append(action)
    return kept


def train_base(train_id: str) -> str:
    return train_id.rsplit("-", 1)[0]


@dataclass
class BoardReplay:
    map_def: B.MapDef
    board: B.Board
    colours: tuple[str, ...] = ("yellow",)
    variants: dict[str, str] = field(default_factory=dict)
    owner: dict[str, str] = field(default_factory=dict)  # power -> family
    wheat: dict[str, str] = field(default_factory=dict)  # family -> hex
    hole_pick: list[str] = field(default_factory=list)
    barrels: set[str] = field(default_factory=set)
    runs: list[tuple[str, B.RunResult, dict[str, Any]]] = field(default_factory=list)
    lays: list[tuple[str, B.Lay]] = field(default_factory=list)
    strict_failures: list[str] = field(default_factory=list)
    best: list[tuple[int, int, B.Modifiers]] = field(default_factory=list)


def map_of(fixture: dict[str, Any]) -> str:
    match = re.search(r"Map ([A-F])", fixture["title"])
    assert match, fixture["title"]
    return match.group(1)


def replay(path: Path, strict_lays: bool = True, stop_at: int | None = None) -> BoardReplay:
    """Replay the board actions; with `stop_at`, stop before the action of that id."""
    fixture = json.loads(path.read_text())
    map_def = B.load_map(map_of(fixture))
    state = BoardReplay(map_def, B.initial_board(map_def))
    last_family = ""
    after_par: tuple[str, tuple[str, ...]] | None = None
    for action in active_actions(fixture["actions"]):
        if action.get("id") == stop_at:
            break
        for step in [action, *action.get("auto_actions", [])]:
            last_family, after_par = _apply(state, step, last_family, after_par, strict_lays)
    return state


def _apply(
    state: BoardReplay,
    action: dict[str, Any],
    last_family: str,
    after_par: tuple[str, tuple[str, ...]] | None,
    strict_lays: bool,
) -> tuple[str, tuple[str, ...] | Any]:
    kind = action["type"]
    entity = action.get("entity")
    if action.get("entity_type") == "corporation":
        last_family = entity
    if kind == "par":
        family = action["corporation"]
        state.board = B.place_home_token(state.board, state.map_def, family)
        par = int(action["share_price"].split(",")[0])
        colours = ("yellow",) + (("green",) if par >= 9 else ()) + (("brown",) if par >= 12 else ())
        return last_family, (family, colours)
    if kind == "buy_train":
        base = train_base(action["train"])
        state.variants[action["train"]] = action.get("variant") or base
        state.colours = max(state.colours, PHASE_COLOURS[base], key=len)
        return last_family, None
    if kind == "choose_ability" and action["choice"].get("type") == "whatsup":
        train = action["choice"]["train_id"]
        state.variants[train] = action["choice"].get("variant") or train_base(train)
        state.colours = max(state.colours, PHASE_COLOURS[train_base(train)], key=len)
        return last_family, after_par
    if kind == "choose_ability" and action["choice"].get("type") == "two_barrels":
        state.barrels.add(last_family)
        return last_family, after_par
    if kind == "buy_company" and action.get("entity_type") == "corporation":
        state.owner[action["company"]] = entity
        return last_family, after_par
    if kind == "lay_tile":
        family = entity if action["entity_type"] == "corporation" else last_family
        mode = POWER_MODES.get(entity, "track")
        colours = state.colours
        if after_par is not None and after_par[0] == family and mode == "track":
            mode = "home" if action["hex"] == state.map_def.home(family) else "bonus"
            colours = after_par[1] if mode == "home" else state.colours
        args = (family, action["hex"], action["tile"], action["rotation"], colours, mode)
        try:
            B.check_lay(state.board, state.map_def, *args, strict=True)
        except Exception as error:
            state.strict_failures.append(f"{action['id']} {args}: {error}")
            if strict_lays:
                raise
        lay = B.check_lay(state.board, state.map_def, *args, strict=False)
        state.lays.append((family, lay))
        state.board = lay.board
        return last_family, after_par
    if kind == "place_token":
        family = entity if action["entity_type"] == "corporation" else last_family
        coord, city = B.city_at(state.board, state.map_def, action["city"])
        if entity == "ON_A_DIET":
            state.board = B.check_token(
                state.board, state.map_def, family, coord, city, action.get("slot"), extra_slot=True
            )
        else:
            state.board = B.check_token(
                state.board, state.map_def, family, coord, city, action.get("slot")
            )
        return last_family, None
    if kind == "assign":
        target = action["target"]
        if entity == "HOLE":
            state.hole_pick.append(target)
            if len(state.hole_pick) == 2:
                state.board = B.use_hole(state.board, state.map_def, *state.hole_pick)
        elif entity == "WHEAT":
            state.wheat[last_family] = target
        elif entity == "THAT_S_MINE":
            from domain.games.zoo18.board.tokens import reserve

            state.board = reserve(state.board, state.map_def, last_family, target)
        elif entity == "WORK_IN_PROGRESS":
            state.board = B.check_token(
                state.board, state.map_def, last_family, target, 0, reachable=False, owner="WIP"
            )
        return last_family, after_par
    if kind == "run_routes":
        family = entity
        trains = tuple(
            B.Train(r["train"], state.variants.get(r["train"], train_base(r["train"])))
            for r in action["routes"]
        )
        specs = tuple(
            B.RouteSpec(
                train=r["train"],
                connections=tuple(tuple(c) for c in r["connections"]),
                hexes=tuple(r.get("hexes", ())),
                revenue=r.get("revenue"),
                subsidy=r.get("subsidy"),
            )
            for r in action["routes"]
        )
        modifiers = B.Modifiers(
            wheat_hex=state.wheat.get(family),
            two_barrels=family in state.barrels,
            a_squeeze=state.owner.get("A_SQUEEZE") == family,
            wings=state.owner.get("WINGS") == family,
            sugar=state.owner.get("A_TIP_OF_SUGAR") == family,
        )
        state.barrels.discard(family)
        if specs:
            result = B.route_revenue(
                state.board, state.map_def, family, trains, specs, state.colours, modifiers
            )
            state.runs.append((family, result, action))
            best = B.best_routes(
                state.board, state.map_def, family, trains, state.colours, modifiers
            )
            found = B.route_revenue(
                state.board, state.map_def, family, trains, best, state.colours, modifiers
            )
            state.best.append((result.revenue, found.revenue, modifiers))
        return last_family, None
    if kind in ("pass",) and after_par is not None and entity == after_par[0]:
        return last_family, after_par
    if kind in ("pass", "buy_shares", "sell_shares", "bid", "buy_company", "end_game"):
        return last_family, None if kind != "pass" else after_par
    return last_family, after_par
