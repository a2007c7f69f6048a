"""decide and the engine's automatic steps: turn counter, end die, production, law effects...

`decide` judges the command against the agenda's head, then `advance` runs every automatic step
and every decision that has a single legal command (D45), until a real choice is awaited.
"""

from __future__ import annotations

from domain.chance import Rng
from domain.games.vertigo import messages as m
from domain.games.vertigo.data import (
    CLEAN,
    COLORS,
    DIE_FACES,
    POLLUTING,
    PRODUCTION,
    REGIONS,
    SUN,
    TREATMENT,
    TURN_CAP,
)
from domain.games.vertigo.evolve import evolve
from domain.games.vertigo.laws import destroy_all, enact, fine_event
from domain.games.vertigo.legal import first_legal
from domain.games.vertigo.pollution import candidates as unpolluted
from domain.games.vertigo.pollution import decrease_events, roll_events, targets
from domain.games.vertigo.state import State, Task
from domain.games.vertigo.steps import DESCRIPTIONS, deciders, judge
from domain.kernel import Reason, Rejected

Events = list[m.VertigoEvent]


def production(s: State) -> m.ProductionPaid:
    amounts = tuple(
        c.population()
        + PRODUCTION[POLLUTING] * c.factories(POLLUTING)
        + PRODUCTION[CLEAN] * c.factories(CLEAN)
        + PRODUCTION[TREATMENT] * c.factories(TREATMENT)
        if c.active
        else 0
        for c in s.countries
    )
    return m.ProductionPaid(amounts)


def automatic(s: State, task: Task, rng: Rng) -> Events | None:
    """Events of the head task when the engine resolves it alone; None when a choice is awaited."""
    kind = task.kind
    if kind == "start_turn":
        return [m.TurnStarted(s.turn + 1)]
    if kind == "end_check":
        if s.turn >= TURN_CAP:
            return [m.GameEnded("turn_cap")]
        face = DIE_FACES[rng.randrange(len(DIE_FACES))]
        if face == SUN:
            return [m.EndDieRolled(face)]
        return [m.EndDieRolled(face), m.GameEnded("end_die")]
    if kind == "order":
        return [m.TurnOrderSet(s.clockwise_from(s.first))]
    if kind == "sources":
        sources = s.countries[task.seat].sources(task.region)
        return [m.PollutionSourcesCounted(task.seat, REGIONS[task.region], sources)]
    if kind == "roll":
        return roll_events(s, task, rng)
    if kind == "target" and not targets(s, task.seat):
        return [m.ArrowLost(task.seat)]
    if kind == "place" and not unpolluted(s, task.owner, task.region):
        return [m.MarkerLost(task.owner, REGIONS[task.region])]
    if kind == "decrease":
        return list(decrease_events(s))
    if kind == "production":
        return [production(s)]
    if kind == "enact":
        return [enact(s, task.law, task.seat)]
    if kind == "fine":
        return [fine_event(s, task.seat)]
    if kind == "destroy":
        return destroy_all(s, task)
    if kind == "end_turn":
        return [m.TurnEnded(s.turn)]
    return None


def advance(s: State, rng: Rng) -> tuple[State, Events]:
    out: Events = []
    while not s.over and s.agenda:
        task = s.agenda[0]
        events = automatic(s, task, rng)
        if events is None:
            if task.kind == "vote":
                break
            options = first_legal(s, task.seat, 2)
            if len(options) != 1:
                break
            events = judge(s, task.seat, options[0], task)
        for event in events:
            s = evolve(s, event)
        out += events
    return s, out


def setup(s: State, rng: Rng) -> Events:
    events: Events = [m.FirstPlayerDrawn(rng.randrange(s.seats))]
    for event in events:
        s = evolve(s, event)
    _, more = advance(s, rng)
    return events + more


def decide(s: State, seat: int, cmd: m.VertigoCommand, rng: Rng) -> Events:
    if s.over:
        raise Rejected(Reason.GAME_OVER)
    if not isinstance(cmd, m.Command):
        raise Rejected(Reason.UNKNOWN_COMMAND, "Vertigo has no such command")
    if not s.agenda:
        raise Rejected(Reason.ILLEGAL, "the game has not been set up yet")
    if not 0 <= seat < s.seats:
        raise Rejected(Reason.FORBIDDEN, "there is no such seat")
    awaited = deciders(s)
    if seat not in awaited:
        task = s.agenda[0]
        if task.kind == "vote" and seat in s.voters:
            raise Rejected(Reason.NOT_YOUR_TURN, "you already voted on this law")
        who = " and ".join(COLORS[p] for p in awaited) or "nobody"
        doing = DESCRIPTIONS.get(task.kind, "act")
        raise Rejected(Reason.NOT_YOUR_TURN, f"waiting for {who} to {doing}")
    task = s.agenda[0]
    events = judge(s, seat, cmd, task)
    for event in events:
        s = evolve(s, event)
    _, more = advance(s, rng)
    return events + more
