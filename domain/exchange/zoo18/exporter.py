"""An 18ZOO game as an 18xx.games export: title, players, settings, actions, result.

The inverse of `importer`: the stored events give back the commands (`recover`), and each
command becomes the site's action, named by the entity the site expects it from (the player in
the draft and stock rounds, the family operating, the power or ticket used). Plateau has no
programmed actions, so no action carries `auto_actions`. The deck replays on the site only when
it was dealt from a seed (rules 2, or an import that recorded one). The site's optional rules
the game was set up with (power_visible, base_2, base_3: options of the same names) go in
`settings.optional_rules`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from domain.exchange.zoo18.importer import CHOICE_FAMILY_KEY, OPTIONAL_RULES, TITLES
from domain.exchange.zoo18.recover import Step, recover
from domain.exchange.zoo18.site_routes import read_back
from domain.games.zoo18.board.graph import Graph, graph_of
from domain.games.zoo18.board.model import RouteSpec
from domain.games.zoo18.board.routes import resolve
from domain.games.zoo18.decide import run_result
from domain.games.zoo18.market import cell_id
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
    Parred,
    Pass,
    PlaceToken,
    ProtectTrain,
    RouteClaim,
    RunRecorded,
    RunRoutes,
    SellShares,
    SellTicket,
    UsePower,
)
from domain.games.zoo18.powers import half_used
from domain.games.zoo18.rounds import acting_entity
from domain.games.zoo18.scoring import player_value, standings
from domain.games.zoo18.state import State
from domain.kernel import Rejected

SITE_TITLE: dict[str, str] = {map_id: title for title, map_id in TITLES.items()}


class NotExportable(Exception):
    """The game cannot be written so that 18xx.games deals and plays it the same."""


def export_game(state: State, events: Sequence[Event]) -> dict[str, Any]:
    """`state` is the game's initial state (its options), `events` its game events in order."""
    recovered = recover(state, events)
    started, steps, final = recovered.started, recovered.steps, recovered.final
    if started.seed is None:
        raise NotExportable(
            "its powers deck was dealt by Plateau's own shuffle, which 18xx.games cannot deal"
            " again: only a game created with the option exportable (or imported) has a seed"
        )
    names = list(started.players)
    return {
        "title": SITE_TITLE[started.map],
        "players": [{"id": name, "name": name} for name in names],
        "settings": {"seed": started.seed, "optional_rules": optional_rules(state.options)},
        "actions": [to_action(step, n + 1) for n, step in enumerate(steps)],
        "result": _result(final, names),
        "status": "finished" if final.ended else "active",
    }


def optional_rules(options: Options) -> list[str]:
    """The site's optional rules a game was set up with, in the site's order."""
    return [rule for rule in OPTIONAL_RULES if getattr(options, rule)]


def _result(state: State, names: list[str]) -> dict[str, int]:
    if not state.players:
        return {}
    return {names[seat]: player_value(state, seat) for seat in standings(state)}


def to_action(step: Step, action_id: int) -> dict[str, Any]:
    """The site's action for one recovered decision."""
    entity, kind = _entity(step)
    body = _body(step.before, step.command, step.events)
    if isinstance(step.command, LayTile | PlaceToken | UsePower | Assign | SellTicket):
        power = getattr(step.command, "power", None) or getattr(step.command, "ticket", None)
        if power is not None:
            entity, kind = power, "company"
    return {
        "type": body.pop("type"),
        "entity": entity,
        "entity_type": kind,
        "id": action_id,
        **body,
    }


def _entity(step: Step) -> tuple[str, str]:
    state, command = step.before, step.command
    if isinstance(command, SellShares) and state.flow.round == "or":
        return _player(state, step.seat), "player"  # an emergency sale is the president's
    if isinstance(command, EndGame):
        return _player(state, step.seat), "player"
    who = acting_entity(state)
    if isinstance(command, Pass) and state.flow.round == "or" and who is not None:
        pending = half_used(state, who)
        if pending is not None:  # the site's power step is the power's: it is the one passing
            return pending, "company"
    if who is None or who.startswith("p"):
        return _player(state, step.seat), "player"
    return who, "corporation"


def _player(state: State, seat: int) -> str:
    return state.players[seat].name


def _percent(state: State, shares: tuple[str, ...]) -> int:
    return sum(state.share(share).percent for share in shares)


def _body(state: State, command: Command, events: tuple[Event, ...]) -> dict[str, Any]:
    match command:
        case Bid(power=power, price=price):
            return {"type": "bid", "company": power, "price": price}
        case Pass():
            return {"type": "pass"}
        case Par(family=family):
            parred = next(e for e in events if isinstance(e, Parred))
            return {
                "type": "par",
                "corporation": family,
                "share_price": cell_id((parred.row, parred.col)),
            }
        case BuyShares(shares=shares):
            return {
                "type": "buy_shares",
                "shares": list(shares),
                "percent": _percent(state, shares),
            }
        case SellShares(shares=shares, percent=percent):
            return {
                "type": "sell_shares",
                "shares": list(shares),
                "percent": _percent(state, shares) if percent is None else percent,
            }
        case BuyPower(power=power, price=price):
            return {"type": "buy_company", "company": power, "price": price}
        case LayTile(hex=hex_, tile=tile, rotation=rotation):
            return {"type": "lay_tile", "hex": hex_, "tile": tile, "rotation": rotation}
        case PlaceToken(city=city, slot=slot):
            return {"type": "place_token", "city": city, "slot": slot}
        case RunRoutes(routes=routes, site_read=True):
            # recorded without `nodes` and paid as the site read it: given back as recorded
            return {
                "type": "run_routes",
                "routes": [
                    {"train": r.train, "connections": [list(c) for c in r.connections]}
                    for r in routes
                ],
            }
        case RunRoutes(routes=routes):
            return {
                "type": "run_routes",
                "routes": [
                    {"train": r.train, "connections": connections} | ({"nodes": n} if n else {})
                    for r, (connections, n) in zip(
                        routes, _site_forms(state, events, routes), strict=True
                    )
                ],
            }
        case Dividend(kind=kind):
            return {"type": "dividend", "kind": kind}
        case BuyTrain(train=train, price=price, variant=variant):
            # the site's client names the variant bought, the train's own name by default
            named = variant or state.train(train).variant or state.train(train).name
            return {"type": "buy_train", "train": train, "price": price, "variant": named}
        case DiscardTrain(train=train):
            return {"type": "discard_train", "train": train}
        case SellTicket(price=price):
            choice: dict[str, Any] = {"type": "sell"}
            if price is not None and state.flow.round == "or":  # an SR sale takes no price
                choice |= {"price": price, "corporation": state.flow.order[state.flow.index]}
            return {"type": "choose_ability", "choice": choice}
        case UsePower():
            return {"type": "choose_ability", "choice": _choice(command)}
        case ProtectTrain(train=None):
            return {"type": "pass"}  # PATCH saves nothing: the site passes
        case ProtectTrain(train=train):
            return {"type": "choose", "choice": train}
        case Assign(hex=hex_):
            return {"type": "assign", "target": hex_, "target_type": "hex"}
        case EndGame():
            return {"type": "end_game"}
    raise ValueError(f"no 18xx.games action for {command!r}")


def _site_forms(
    state: State, events: tuple[Event, ...], routes: tuple[RouteClaim, ...]
) -> list[tuple[list[list[str]], list[str]]]:
    """Each route's connections and the stops the site names in it (`Route#node_signatures`,
    written in every run it records): "HEX-INDEX", INDEX the stop's place among the parts of the
    hex's tile, which is its place among Plateau's stops (cities, towns, off-boards; a printed Y
    hex lists its label first, but has no track to run on). The site reads a connection that
    could end at more than one stop by these: without them it took the first reading, and a run
    through a tile with two ponds on one edge (X28, X29) could count both ponds (B 3 7127 #330).

    A route is written as Plateau recorded it, or from its other end where only that form reads
    back to the same stops on the site (`site_routes.read_back`: C 4 20470 #147)."""
    as_recorded: list[tuple[list[list[str]], list[str]]] = [
        ([list(c) for c in r.connections], []) for r in routes
    ]
    recorded = next((e for e in events if isinstance(e, RunRecorded)), None)
    if recorded is None or state.board is None or not routes:
        return as_recorded
    try:
        result = run_result(state, recorded.family, routes)
    except Rejected:  # a run stored under older rules that today's board reads otherwise
        return as_recorded
    graph = graph_of(state.board)
    paths = [_paths(graph, recorded.family, r) for r in routes]
    forms = []
    for i, (route, done) in enumerate(zip(routes, result.routes, strict=True)):
        connections, nodes = as_recorded[i][0], _in_site_order(route, done.nodes)
        ran = list(done.nodes)
        other = frozenset(pid for j, p in enumerate(paths) if j != i for pid in p)
        backwards = [c[::-1] for c in connections[::-1]]
        if (
            read_back(graph, route.connections, nodes, other) != ran
            and read_back(graph, [tuple(c) for c in backwards], nodes[::-1], other) == ran[::-1]
        ):
            connections, nodes = backwards, nodes[::-1]
        forms.append((connections, nodes))
    return forms


def _paths(graph: Graph, family: str, route: RouteClaim) -> tuple[int, ...]:
    """The paths a route runs on, as Plateau reads its connections (none if it cannot)."""
    try:
        chains = resolve(graph, family, RouteSpec(route.train, route.connections), frozenset())
    except Rejected:
        return ()
    return tuple(pid for _, _, pids in chains for pid in pids)


def _in_site_order(route: RouteClaim, nodes: tuple[tuple[str, int], ...]) -> list[str]:
    """The route's stops as the site names them: each connection joins two stops next to each
    other on the route, and the site names its two ends in the connection's order. A route can
    stop twice in a hex (the two ponds of an X26: E 5 20142 #351), so a connection is matched to
    a pair of stops, not hexes."""
    pairs = list(itertools.pairwise(nodes))
    named: list[tuple[str, int]] = []
    for connection in route.connections:
        if not connection or connection[0] == "local":
            continue
        ends = (connection[0], connection[-1])
        pair = next((p for p in pairs if {p[0][0], p[1][0]} == set(ends)), None)
        if pair is None:
            continue
        pairs.remove(pair)
        named.extend(pair if pair[0][0] == ends[0] else pair[::-1])
    return list(dict.fromkeys(f"{hex_}-{index}" for hex_, index in named or nodes))


def _choice(command: UsePower) -> dict[str, Any]:
    choice: dict[str, Any] = {"type": command.kind}
    key = CHOICE_FAMILY_KEY.get(command.kind)
    if key is not None and command.family is not None:  # the others act on their owner
        choice[key] = command.family
    if command.train is not None:
        choice["train_id"] = command.train
    if command.variant is not None:
        choice["variant"] = command.variant
    if command.price is not None:
        choice["price"] = command.price
    return choice
