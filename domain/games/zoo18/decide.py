"""decide: the checks every command shares (the game is over, a manual end, not this seat's
turn), then `commands.judge`, then what follows by itself (`rounds.settle`).

`explain` is the other entry point (the bundle's optional `explain`): what a run would pay,
computed on the public board, without deciding it.

The browser draws a route by clicking stops; before each click lands it asks the server what
the run would pay. `explain(state, seat, command)` answers for a `run_routes` command of the
family whose turn it is (the seat must be its president):

- the command is checked by `decide` itself (same checks, same modifiers, same words when it
  is refused); its events are thrown away and nothing else of them is told;
- the answer is `RunExplained`: per route the train, revenue, subsidy, visited stop hexes and
  the connections in the recorded 18xx.games format, the totals, and `command`, the exact
  `run_routes` command to send (which `decide` accepts as it is).

Routes given as their stops. A connection of exactly two hexes `[A, B]` normally names a walk
from a stop in A to a stop in the neighbouring hex B. When the command as given is refused and
every connection has two hexes, `explain` reads each route as its ordered stops instead
(`[[s0, s1], [s1, s2], ...]`; a one-hex connection `[[s0]]` for a route of one stop, which is
the 1S's `[["local", s0]]` and refused in words for other trains) and finds
the shortest free track between consecutive stops (never through another stop, never on track
another part of the run already uses); the answer's `command` then carries the full hex paths.
The recorded format keeps working unchanged (imports, the offered route sets).

Only the public board is read: no deck order or other hidden fact is used or returned.
"""

from __future__ import annotations

import msgspec

from domain.chance import Rng
from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink
from domain.games.zoo18.board.graph import Graph, Node, graph_of
from domain.games.zoo18.board.routes import track_keys, train_kind
from domain.games.zoo18.board.walks import chain_hexes
from domain.games.zoo18.commands import judge
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.messages import Command, EndGame, Event, RouteClaim, RunRecorded, RunRoutes
from domain.games.zoo18.operating import modifiers
from domain.games.zoo18.rounds import acting_seat, finish_game, settle
from domain.games.zoo18.state import State
from domain.kernel import Reason, Rejected, illegal


def decide(state: State, seat: int, command: Command, rng: Rng) -> list[Event]:
    if state.ended:
        raise Rejected(Reason.GAME_OVER)
    ctx = Ctx(state)
    if isinstance(command, EndGame):
        if not state.options.imported:
            raise Rejected(Reason.FORBIDDEN, "a game played here ends by the rules only")
        finish_game(ctx, "manually_ended")
        return ctx.events
    if acting_seat(state) != seat:
        raise Rejected(Reason.NOT_YOUR_TURN)
    judge(ctx, seat, command)
    settle(ctx)
    return ctx.events


# ---------------------------------------------------------------- explain

MAX_CHOICES = 6  # shortest walks tried per leg before backtracking gives up


class RouteExplained(msgspec.Struct, frozen=True):
    train: str
    revenue: int
    subsidy: int
    stops: tuple[str, ...]
    connections: tuple[tuple[str, ...], ...]


class RunExplained(msgspec.Struct, frozen=True):
    family: str
    routes: tuple[RouteExplained, ...]
    revenue: int
    subsidy: int
    total: int
    command: RunRoutes


class _NoDraw:
    """A run never draws; should a future rule try, explaining it must not pretend to know."""

    def randrange(self, n: int, /) -> int:
        raise Rejected(Reason.FORBIDDEN, "this command involves chance and cannot be explained")


def explain(state: State, seat: int, command: Command) -> RunExplained:
    if not isinstance(command, RunRoutes):
        raise Rejected(Reason.UNKNOWN_COMMAND, "only a run of trains (run_routes) is explained")
    _check_turn(state, seat)
    try:
        return _explain_as_given(state, seat, command)
    except Rejected as refusal:
        if refusal.reason != Reason.ILLEGAL or not _stop_form(command):
            raise
        first = refusal
    resolved = _resolve_stops(state, command)
    if resolved is None or resolved == command:
        raise first
    return _explain_as_given(state, seat, resolved)


def _check_turn(state: State, seat: int) -> None:
    if state.ended:
        raise Rejected(Reason.GAME_OVER)
    if acting_seat(state) != seat:
        raise Rejected(Reason.NOT_YOUR_TURN)
    flow = state.flow
    if flow.round != "or" or flow.step != "route":
        illegal("the trains do not run now")


def _explain_as_given(state: State, seat: int, command: RunRoutes) -> RunExplained:
    events = decide(state, seat, command, _NoDraw())
    recorded = next(e for e in events if isinstance(e, RunRecorded))
    sym = recorded.family
    routes = _per_route(state, sym, command)
    return RunExplained(
        family=sym,
        routes=routes,
        revenue=recorded.revenue,
        subsidy=recorded.subsidy,
        total=recorded.revenue + recorded.subsidy,
        command=command,
    )


def _per_route(state: State, sym: str, command: RunRoutes) -> tuple[RouteExplained, ...]:
    if state.board is None or not command.routes:
        return tuple(
            RouteExplained(r.train, r.revenue or 0, r.subsidy or 0, (), r.connections)
            for r in command.routes
        )
    result = run_result(state, sym, command.routes)
    return tuple(
        RouteExplained(done.train, done.revenue, done.subsidy, done.stops, route.connections)
        for done, route in zip(result.routes, command.routes, strict=True)
    )


def run_result(state: State, sym: str, routes: tuple[RouteClaim, ...]) -> B.RunResult:
    """What the board makes of `sym` running `routes` at `state` (Rejected if it refuses)."""
    assert state.board is not None
    trains = tuple(B.Train(t.id, t.variant or t.name) for t in state.family_trains(sym))
    specs = tuple(B.RouteSpec(r.train, r.connections) for r in routes)
    m = boardlink.map_def(state)
    colours, mods = boardlink.colours(state.phase), modifiers(state, sym)
    return B.route_revenue(state.board, m, sym, trains, specs, colours, mods)


# ---------------------------------------------------------------- routes given as stops


def _stop_form(command: RunRoutes) -> bool:
    """Whether every route reads as a list of clicked stops."""
    for route in command.routes:
        conns = route.connections
        if len(conns) == 1 and len(conns[0]) == 1 and conns[0][0] != "local":
            continue  # a route of one stop
        if not conns or any(len(c) != 2 or c[0] == c[1] for c in conns):
            return False
        if any(conns[i][1] != conns[i + 1][0] for i in range(len(conns) - 1)):
            return False
    return bool(command.routes)


def _resolve_stops(state: State, command: RunRoutes) -> RunRoutes | None:
    """The command with every stop-to-stop leg replaced by the shortest free track; refused in
    words when no free track joins two consecutive stops or a route has a single stop."""
    board = state.board
    if board is None:
        return None
    graph = graph_of(board)
    taken: frozenset[tuple[str, int, tuple[int, int]]] = frozenset()
    used: frozenset[int] = frozenset()
    claims: list[RouteClaim] = []
    for route in command.routes:
        conns = route.connections
        if len(conns) == 1 and len(conns[0]) == 1 and _is_1s(state, route.train):
            claims.append(RouteClaim(route.train, (("local", conns[0][0]),)))
            continue
        if len(conns) == 1 and len(conns[0]) == 1:
            raise Rejected(
                Reason.ILLEGAL,
                f"the route of {route.train} has one stop ({conns[0][0]}): add a second stop",
            )
        stops = (conns[0][0], *(c[1] for c in conns))
        if any(coord not in graph.faces for coord in stops):
            return None
        found = _legs(graph, stops, taken, used)
        if found is None:
            raise Rejected(
                Reason.ILLEGAL,
                f"no free track joins {', '.join(stops)} in that order for {route.train}",
            )
        legs, taken, used = found
        hexes = tuple(chain_hexes(graph, pids) for pids in legs)
        claims.append(RouteClaim(route.train, hexes))
    return RunRoutes(tuple(claims))


def _is_1s(state: State, train: str) -> bool:
    """The 1S (a patched family's) runs alone from its token city: one stop is its route."""
    try:
        card = state.train(train)
        return train_kind(card.variant or card.name).kind == "1S"
    except (KeyError, Rejected):
        return False


_Taken = frozenset[tuple[str, int, tuple[int, int]]]


def _legs(
    graph: Graph, stops: tuple[str, ...], taken: _Taken, used: frozenset[int]
) -> tuple[list[tuple[int, ...]], _Taken, frozenset[int]] | None:
    """Walks joining consecutive stop hexes (shortest first), each on track nobody uses yet."""

    def step(
        index: int, node: Node, taken: _Taken, used: frozenset[int], seen: frozenset[Node]
    ) -> tuple[list[tuple[int, ...]], _Taken, frozenset[int]] | None:
        if index == len(stops) - 1:
            return [], taken, used
        target = stops[index + 1]
        options = []
        for end, pids in graph.chains(node, used):
            if end[0] != target or end in seen:
                continue
            keys = [key for pid in pids for key in track_keys(graph, pid)]
            if len(set(keys)) != len(keys) or any(key in taken for key in keys):
                continue
            options.append((len(chain_hexes(graph, pids)), len(pids), end, pids, keys))
        options.sort(key=lambda o: (o[0], o[1], o[2]))
        for _, _, end, pids, keys in options[:MAX_CHOICES]:
            rest = step(index + 1, end, taken | set(keys), used | set(pids), seen | {end})
            if rest is not None:
                return [pids, *rest[0]], rest[1], rest[2]
        return None

    for start in sorted(n for n in graph.nodes if n[0] == stops[0]):
        found = step(0, start, taken, used, frozenset({start}))
        if found is not None:
            return found
    return None
