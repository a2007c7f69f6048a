"""evolve: apply one recorded fact to the state. No rules are checked and nothing is drawn.

From rules version 2 on, the agenda's tasks are queued by events (`TasksQueued`), which evolve
only applies; a game of version 1 stored none, and its agenda is planned from the facts as it
always was (`planned`), so a replay rebuilds the same state."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

from msgspec.structs import replace

from domain.games.vertigo import messages as m
from domain.games.vertigo.data import (
    END_CHECK_FROM,
    ENGINEERS,
    PROVINCE_INDEX,
    REGION_INDEX,
    UN,
    region_of,
)
from domain.games.vertigo.state import (
    FACTORY_CODE,
    FREE,
    MANAGEMENT,
    POLLUTED,
    POP,
    POP_CLEAN,
    Country,
    State,
    Task,
)


def _set_cell(c: Country, index: int, code: int) -> tuple[int, ...]:
    cells = list(c.cells)
    cells[index] = code
    return tuple(cells)


def _bump(counts: tuple[int, int, int], region: int, by: int) -> tuple[int, int, int]:
    out = list(counts)
    out[region] += by
    return (out[0], out[1], out[2])


def _country(s: State, seat: int, c: Country) -> tuple[Country, ...]:
    return (*s.countries[:seat], c, *s.countries[seat + 1 :])


def _pay(s: State, seat: int, cost: int, c: Country, to_treasury: bool = False) -> State:
    """Replace the seat's country by `c` after it paid `cost` to the bank (or the treasury)."""
    c = replace(c, safe=c.safe - cost)
    if to_treasury:
        return replace(s, countries=_country(s, seat, c), treasury=s.treasury + cost)
    return replace(s, countries=_country(s, seat, c), bank=s.bank + cost)


def _add_scholar(c: Country, to: str, acted: bool) -> Country:
    if to == UN:
        return replace(c, diplomats=c.diplomats + 1)
    r = REGION_INDEX[to]
    if acted:
        return replace(c, idle_acted=_bump(c.idle_acted, r, 1))
    return replace(c, idle_ready=_bump(c.idle_ready, r, 1))


def evolve(s: State, e: m.Event) -> State:
    if isinstance(e, m.TasksQueued):
        return replace(s, agenda=(*(_task(t) for t in e.tasks), *s.agenda[e.done :]))
    after = _facts(s, e)
    if after.queued:  # rules 2 on: the events that follow queue the tasks
        return after
    agenda = planned(after, e)  # rules 1: the agenda planned from the facts, as it was
    return after if agenda is after.agenda else replace(after, agenda=agenda)


def _task(t: m.QueuedTask) -> Task:
    return Task(t.kind, t.seat, t.region, t.owner, t.count, t.from_die, t.adjacency, t.law)


def _facts(s: State, e: m.Event) -> State:
    """`e` folded on `s`, but for the agenda."""
    match e:
        case m.FirstPlayerDrawn(seat=seat):
            return replace(s, first=seat, order=s.clockwise_from(seat), queued=e.queued)
        case m.SetupPopulationPlaced(seat=seat, province=pid, cost=cost):
            c = s.countries[seat]
            return _pay(s, seat, cost, replace(c, cells=_set_cell(c, PROVINCE_INDEX[pid], POP)))
        case m.SetupScholarPlaced(seat=seat, to=to, cost=cost):
            return _pay(s, seat, cost, _add_scholar(s.countries[seat], to, acted=False))
        case m.SetupFactoryPlaced(seat=seat, province=pid, kind=kind, cost=cost):
            c = s.countries[seat]
            cells = _set_cell(c, PROVINCE_INDEX[pid], FACTORY_CODE[kind])
            return _pay(s, seat, cost, replace(c, cells=cells))
        case m.StepEnded():
            return replace(s, cleaned=frozenset())
        case m.TurnStarted(turn=turn):
            return replace(s, turn=turn, dice=(), end_die=None)
        case m.EndDieRolled(face=face):
            return replace(s, end_die=face)
        case m.GameEnded(reason=reason):
            return replace(s, over=True, end_reason=reason)
        case m.FirstPlayerDesignated(seat=seat):
            return replace(s, first=seat)
        case m.TurnOrderSet(order=order):
            return replace(s, order=order)
        case m.ScholarReleased(seat=seat, source=source):
            c = s.countries[seat]
            if source == UN:
                c = replace(c, diplomats=c.diplomats - 1)
            else:
                r = REGION_INDEX[source]
                if c.idle_acted[r]:
                    c = replace(c, idle_acted=_bump(c.idle_acted, r, -1))
                else:
                    c = replace(c, idle_ready=_bump(c.idle_ready, r, -1))
            return replace(s, countries=_country(s, seat, c))
        case m.FactoryAbandoned(seat=seat, province=pid):
            c = s.countries[seat]
            c = replace(c, cells=_set_cell(c, PROVINCE_INDEX[pid], POP))
            return replace(s, countries=_country(s, seat, c))
        case m.UpkeepPaid(seat=seat, to_bank=bank, to_treasury=treasury):
            c = s.countries[seat]
            c = replace(c, safe=c.safe - bank - treasury)
            return replace(
                s,
                countries=_country(s, seat, c),
                bank=s.bank + bank,
                treasury=s.treasury + treasury,
            )
        case m.ScholarMoved(seat=seat, source=source, to=to):
            c = s.countries[seat]
            c = replace(c, idle_ready=_bump(c.idle_ready, REGION_INDEX[source], -1))
            return replace(s, countries=_country(s, seat, _add_scholar(c, to, acted=True)))
        case m.FactoryBuilt(seat=seat, province=pid, kind=kind, cost=cost):
            c = s.countries[seat]
            i = PROVINCE_INDEX[pid]
            ready = _bump(c.idle_ready, region_of(i), -ENGINEERS[kind])
            c = replace(c, cells=_set_cell(c, i, FACTORY_CODE[kind]), idle_ready=ready)
            return _pay(s, seat, cost, c)
        case m.FactoryTransformed(seat=seat, province=pid, cost=cost):
            c = s.countries[seat]
            i = PROVINCE_INDEX[pid]
            ready = _bump(c.idle_ready, region_of(i), -1)
            return _pay(
                s, seat, cost, replace(c, cells=_set_cell(c, i, POP_CLEAN), idle_ready=ready)
            )
        case m.ProvinceDepolluted(seat=seat, province=pid, cost=cost):
            c = s.countries[seat]
            c = replace(c, cells=_set_cell(c, PROVINCE_INDEX[pid], FREE))
            return _pay(s, seat, cost, c, to_treasury=True)
        case m.PopulationBought(seat=seat, province=pid, cost=cost):
            c = s.countries[seat]
            i = PROVINCE_INDEX[pid]
            c = replace(c, cells=_set_cell(c, i, POP), moved=c.moved | {i})
            return _pay(s, seat, cost, c)
        case m.PopulationMoved(seat=seat, source=src, to=dst, cost=cost):
            c = s.countries[seat]
            i, j = PROVINCE_INDEX[src], PROVINCE_INDEX[dst]
            grid = list(c.cells)
            grid[i], grid[j] = FREE, POP
            c = replace(c, cells=tuple(grid), moved=(c.moved - {i}) | {j})
            return _pay(s, seat, cost, c)
        case m.ScholarTrained(seat=seat, region=region, cost=cost):
            r = REGION_INDEX[region]
            c = _add_scholar(s.countries[seat], region, acted=True)
            return _pay(s, seat, cost, replace(c, trained=c.trained | {r}))
        case m.PollutionDieRolled(seat=seat, region=region, face=face):
            return replace(s, dice=(*s.dice, (seat, region, face)))
        case m.PollutionPlaced(owner=owner, province=pid, from_die=from_die):
            c = s.countries[owner]
            i = PROVINCE_INDEX[pid]
            c = replace(c, cells=_set_cell(c, i, POLLUTED), moved=c.moved - {i})
            s = replace(s, countries=_country(s, owner, c))
            if from_die:
                return replace(s, placed=s.placed + 1, witness=s.witness + 1)
            return s
        case m.GlobalIncrease(level=level):
            return replace(s, level=level // 10, witness=0)
        case m.PlayerEliminated(seat=seat, safe=safe):
            old = s.countries[seat]
            cells = tuple(POLLUTED if x == POLLUTED else FREE for x in old.cells)
            gone = Country(
                cells=cells,
                safe=0,
                laws_used=old.laws_used,
                active=False,
                eliminated=s.eliminations + 1,
            )
            return replace(
                s,
                countries=_country(s, seat, gone),
                treasury=s.treasury + safe,
                eliminations=s.eliminations + 1,
            )
        case m.PollutionPhaseEnded(level=level):
            return replace(s, level=level // 10)
        case m.ProvinceCleaned(seat=seat, province=pid):
            c = s.countries[seat]
            i = PROVINCE_INDEX[pid]
            c = replace(c, cells=_set_cell(c, i, FREE))
            return replace(s, countries=_country(s, seat, c), cleaned=s.cleaned | {region_of(i)})
        case m.ProductionPaid(amounts=amounts):
            countries = tuple(
                replace(c, safe=c.safe + a) if a else c
                for c, a in zip(s.countries, amounts, strict=True)
            )
            return replace(s, countries=countries, bank=s.bank - sum(amounts))
        case m.LawProposed(seat=seat, law=law, voters=voters):
            c = s.countries[seat]
            c = replace(c, laws_used=c.laws_used | {law})
            return replace(
                s,
                countries=_country(s, seat, c),
                proposed=s.proposed | {law},
                vote_law=law,
                vote_proposer=seat,
                voters=voters,
                votes=(),
            )
        case m.VoteCast(seat=seat, choice=choice):
            return replace(s, votes=(*s.votes, (seat, choice if choice is not None else "hidden")))
        case m.VotesRevealed():
            return replace(s, vote_law=0, vote_proposer=-1, voters=(), votes=())
        case m.LawEnacted(law=law, proposer=proposer, bonus=bonus, safes=safes, treasury=delta):
            countries = tuple(
                replace(c, safe=c.safe + d + (bonus if seat == proposer else 0))
                if d or seat == proposer
                else c
                for seat, (c, d) in enumerate(zip(s.countries, safes, strict=True))
            )
            return replace(s, countries=countries, treasury=s.treasury - bonus + delta)
        case m.PollutionFined(seat=seat, amount=amount):
            return _pay(s, seat, amount, s.countries[seat], to_treasury=True)
        case m.PollutingDestroyed(seat=seat, province=pid):
            c = s.countries[seat]
            c = replace(c, cells=_set_cell(c, PROVINCE_INDEX[pid], POP))
            return replace(s, countries=_country(s, seat, c))
        case m.TurnEnded():
            countries = tuple(
                replace(
                    c,
                    moved=frozenset(),
                    trained=frozenset(),
                    idle_ready=(
                        c.idle_ready[0] + c.idle_acted[0],
                        c.idle_ready[1] + c.idle_acted[1],
                        c.idle_ready[2] + c.idle_acted[2],
                    ),
                    idle_acted=(0, 0, 0),
                )
                for c in s.countries
            )
            return replace(s, countries=countries, witness=0, placed=0, proposed=frozenset())
    return s


def fold(s: State, events: Iterable[m.Event]) -> State:
    return reduce(evolve, events, s)


# ---------------------------------------------------------------- the agenda of version 1
# What the rules plan after each fact: the turn's steps, the dice a region rolls, the markers
# a die places, the fines a law brings... From rules 2 on, the rules write it down as
# `TasksQueued` events (`flow.queue`), which `evolve` only applies; a game of version 1 stored
# none, and `evolve` plans its agenda here, as it always did, for those games only.


def _pop(s: State, *front: Task) -> tuple[Task, ...]:
    return front + s.agenda[1:]


def _turn_body(s: State, order: tuple[int, ...]) -> tuple[Task, ...]:
    steps = MANAGEMENT if s.turn >= 2 else MANAGEMENT[1:]
    tasks = [Task(step, seat=p) for p in order for step in steps]
    tasks += [Task("sources", seat=p, region=r) for p in order for r in range(3)]
    tasks += [Task("decrease"), Task("production")]
    tasks += [Task("law", seat=p) for p in order]
    tasks += [Task("end_turn"), Task("start_turn")]
    return tuple(tasks)


def _die(s: State, e: m.PollutionDieRolled) -> tuple[Task, ...]:
    place = Task("place", seat=e.seat, owner=e.seat, region=REGION_INDEX[e.region], from_die=True)
    if e.face == "one_cloud":
        return _pop(s, place)
    if e.face == "two_clouds":
        return _pop(s, place, place)
    if e.face == "cloud_arrow":
        return _pop(s, Task("target", seat=e.seat))
    return _pop(s)


def planned(s: State, e: m.Event) -> tuple[Task, ...]:
    """The agenda after `e`, folded on `s` but for the agenda (`s.agenda` is the one before)."""
    match e:
        case m.FirstPlayerDrawn():
            return (*(Task("setup", seat=p) for p in s.order), Task("start_turn"))
        case m.TurnStarted(turn=turn):
            front = [Task("end_check")] if turn >= END_CHECK_FROM else []
            if turn >= 2:
                front.append(Task("designate", seat=s.clockwise_from(s.first)[0]))
            return _pop(s, *front, Task("order"))
        case m.GameEnded():
            return ()
        case m.TurnOrderSet(order=order):
            return _pop(s, *_turn_body(s, order))
        case m.PollutionSourcesCounted(seat=seat, region=region, sources=n):
            roll = Task("roll", seat=seat, region=REGION_INDEX[region])
            return _pop(s, *(roll for _ in range(n)))
        case m.PollutionDieRolled():
            return _die(s, e)
        case m.PollutionTargetChosen(player=player, region=region, placer=placer, adjacency=adj):
            region_index = REGION_INDEX[region]
            return _pop(
                s,
                Task(
                    "place",
                    seat=placer,
                    owner=player,
                    region=region_index,
                    from_die=True,
                    adjacency=adj,
                ),
            )
        case m.GlobalIncrease():
            start = s.first if s.first >= 0 else 0
            tasks = tuple(
                Task("place", seat=p, owner=p, region=r)
                for p in s.clockwise_from(start)
                for r in range(3)
            )
            return tasks + s.agenda
        case m.PlayerEliminated(seat=seat):
            return tuple(t for t in s.agenda if t.seat != seat and t.owner != seat)
        case m.PollutionPhaseEnded(decrease=decrease):
            return _pop(s, *(Task("cleanup", seat=p) for p in s.in_order() if decrease))
        case m.LawProposed(seat=seat, law=law):
            return _pop(s, Task("vote", seat=seat, law=law))
        case m.VotesRevealed(law=law, proposer=proposer, adopted=adopted):
            return _pop(s, *([Task("enact", seat=proposer, law=law)] if adopted else []))
        case m.LawEnacted(law=law):
            return _pop(s, *(Task("fine", seat=p) for p in s.in_order() if law == 2))
        case m.PollutionFined(seat=seat, destroy=destroy):
            return _pop(s, *([Task("destroy", seat=seat, count=destroy)] if destroy else []))
        case m.PollutingDestroyed():
            head = s.head
            if head is not None and head.count > 1:
                return _pop(s, replace(head, count=head.count - 1))
            return _pop(s)
        case (
            m.StepEnded()
            | m.EndDieRolled()
            | m.FirstPlayerDesignated()
            | m.UpkeepPaid()
            | m.ArrowLost()
            | m.MarkerLost()
            | m.LawPassed()
            | m.PollutionPlaced()
            | m.ProductionPaid()
            | m.TurnEnded()
        ):
            return _pop(s)
    return s.agenda


def queued(was: tuple[Task, ...], now: tuple[Task, ...]) -> m.TasksQueued:
    """The event that turns the agenda `was` into `now`: the tasks done at its head, and those
    put in their place (what the two share at their end is kept)."""
    kept = 0
    while kept < min(len(was), len(now)) and was[len(was) - 1 - kept] == now[len(now) - 1 - kept]:
        kept += 1
    tasks = tuple(
        m.QueuedTask(t.kind, t.seat, t.region, t.owner, t.count, t.from_die, t.adjacency, t.law)
        for t in now[: len(now) - kept]
    )
    return m.TasksQueued(done=len(was) - kept, tasks=tasks)
