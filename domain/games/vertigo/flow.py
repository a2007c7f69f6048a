"""The engine's automatic steps: turn counter, end die, dice, production, law effects...

`advance` runs every automatic step of the agenda and every decision that has a single legal
command (D45), until a real choice is awaited; `setup` and `decide` call it.
"""

from __future__ import annotations

from domain.chance import Rng, choice
from domain.games.vertigo import messages as m
from domain.games.vertigo.commands import judge
from domain.games.vertigo.data import (
    CLEAN,
    DIE_FACES,
    POLLUTING,
    PRODUCTION,
    REGIONS,
    SUN,
    TREATMENT,
    TURN_CAP,
)
from domain.games.vertigo.evolve import evolve, fold, planned, queued
from domain.games.vertigo.laws import destroy_all, enact, fine_event
from domain.games.vertigo.legal import first_legal
from domain.games.vertigo.pollution import candidates as unpolluted
from domain.games.vertigo.pollution import decrease_events, targets
from domain.games.vertigo.state import State, Task

Events = list[m.Event]


def roll_die(rng: Rng) -> str:
    """The one Vertigo die: the end die and the pollution dice are the same die."""
    return choice(rng, DIE_FACES)


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
        face = roll_die(rng)
        if face == SUN:
            return [m.EndDieRolled(face)]
        return [m.EndDieRolled(face), m.GameEnded("end_die")]
    if kind == "order":
        return [m.TurnOrderSet(s.clockwise_from(s.first))]
    if kind == "sources":
        sources = s.countries[task.seat].sources(task.region)
        return [m.PollutionSourcesCounted(task.seat, REGIONS[task.region], sources)]
    if kind == "roll":
        return [m.PollutionDieRolled(task.seat, REGIONS[task.region], roll_die(rng))]
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


def queue(s: State, events: Events) -> Events:
    """`events` as the game stores them, folded from `s`: from rules 2 on (a game whose tasks
    are queued by events), each followed by the `TasksQueued` of the tasks it brings."""
    out: Events = []
    for event in events:
        after = evolve(s, event)
        out.append(event)
        if after.queued:
            agenda = planned(after, event)
            if agenda != after.agenda:
                tasks = queued(after.agenda, agenda)
                out.append(tasks)
                after = evolve(after, tasks)
        s = after
    return out


def advance(s: State, rng: Rng) -> Events:
    """The automatic and forced events from `s` on, up to the next real choice or the end."""
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
        events = queue(s, events)
        s = fold(s, events)
        out += events
    return out
