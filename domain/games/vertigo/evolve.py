"""evolve: apply one recorded fact to the state. No rules are checked and nothing is drawn;
the agenda advances deterministically from the facts, so a replay rebuilds the same state."""

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


def _pop(s: State, *front: Task) -> State:
    return replace(s, agenda=front + s.agenda[1:])


def _push(s: State, *front: Task) -> State:
    return replace(s, agenda=front + s.agenda)


def _add_scholar(c: Country, to: str, acted: bool) -> Country:
    if to == UN:
        return replace(c, diplomats=c.diplomats + 1)
    r = REGION_INDEX[to]
    if acted:
        return replace(c, idle_acted=_bump(c.idle_acted, r, 1))
    return replace(c, idle_ready=_bump(c.idle_ready, r, 1))


def _turn_body(s: State, order: tuple[int, ...]) -> tuple[Task, ...]:
    steps = MANAGEMENT if s.turn >= 2 else MANAGEMENT[1:]
    tasks = [Task(step, seat=p) for p in order for step in steps]
    tasks += [Task("sources", seat=p, region=r) for p in order for r in range(3)]
    tasks += [Task("decrease"), Task("production")]
    tasks += [Task("law", seat=p) for p in order]
    tasks += [Task("end_turn"), Task("start_turn")]
    return tuple(tasks)


def evolve(s: State, e: m.Event) -> State:
    match e:
        case m.FirstPlayerDrawn(seat=seat):
            order = s.clockwise_from(seat)
            setup = tuple(Task("setup", seat=p) for p in order)
            return replace(s, first=seat, order=order, agenda=(*setup, Task("start_turn")))
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
            return replace(s, agenda=s.agenda[1:], cleaned=frozenset())
        case m.TurnStarted(turn=turn):
            front: list[Task] = []
            if turn >= END_CHECK_FROM:
                front.append(Task("end_check"))
            if turn >= 2:
                designator = s.clockwise_from(s.first)[0]
                front.append(Task("designate", seat=designator))
            front.append(Task("order"))
            s = replace(s, turn=turn, dice=(), end_die=None)
            return _pop(s, *front)
        case m.EndDieRolled(face=face):
            return _pop(replace(s, end_die=face))
        case m.GameEnded(reason=reason):
            return replace(s, over=True, end_reason=reason, agenda=())
        case m.FirstPlayerDesignated(seat=seat):
            return _pop(replace(s, first=seat))
        case m.TurnOrderSet(order=order):
            s = replace(s, order=order)
            return _pop(s, *_turn_body(s, order))
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
                agenda=s.agenda[1:],
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
        case m.PollutionSourcesCounted(seat=seat, region=region, sources=n):
            roll = Task("roll", seat=seat, region=REGION_INDEX[region])
            return _pop(s, *(roll for _ in range(n)))
        case m.PollutionDieRolled(seat=seat, region=region, face=face):
            s = replace(s, dice=(*s.dice, (seat, region, face)))
            r = REGION_INDEX[region]
            place = Task("place", seat=seat, owner=seat, region=r, from_die=True)
            if face == "one_cloud":
                return _pop(s, place)
            if face == "two_clouds":
                return _pop(s, place, place)
            if face == "cloud_arrow":
                return _pop(s, Task("target", seat=seat))
            return _pop(s)
        case m.ArrowLost() | m.MarkerLost() | m.LawPassed():
            return _pop(s)
        case m.PollutionTargetChosen(player=player, region=region, placer=placer, adjacency=adj):
            place = Task(
                "place",
                seat=placer,
                owner=player,
                region=REGION_INDEX[region],
                from_die=True,
                adjacency=adj,
            )
            return _pop(s, place)
        case m.PollutionPlaced(owner=owner, province=pid, from_die=from_die):
            c = s.countries[owner]
            i = PROVINCE_INDEX[pid]
            c = replace(c, cells=_set_cell(c, i, POLLUTED), moved=c.moved - {i})
            s = replace(s, countries=_country(s, owner, c))
            if from_die:
                s = replace(s, placed=s.placed + 1, witness=s.witness + 1)
            return _pop(s)
        case m.GlobalIncrease(level=level):
            start = s.first if s.first >= 0 else 0
            tasks = tuple(
                Task("place", seat=p, owner=p, region=r)
                for p in s.clockwise_from(start)
                for r in range(3)
            )
            return _push(replace(s, level=level // 10, witness=0), *tasks)
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
            agenda = tuple(t for t in s.agenda if t.seat != seat and t.owner != seat)
            return replace(
                s,
                countries=_country(s, seat, gone),
                treasury=s.treasury + safe,
                eliminations=s.eliminations + 1,
                agenda=agenda,
            )
        case m.PollutionPhaseEnded(decrease=decrease, level=level):
            s = replace(s, level=level // 10)
            if decrease:
                return _pop(s, *(Task("cleanup", seat=p) for p in s.in_order()))
            return _pop(s)
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
            return replace(s, countries=countries, bank=s.bank - sum(amounts), agenda=s.agenda[1:])
        case m.LawProposed(seat=seat, law=law, voters=voters):
            c = s.countries[seat]
            c = replace(c, laws_used=c.laws_used | {law})
            s = replace(
                s,
                countries=_country(s, seat, c),
                proposed=s.proposed | {law},
                vote_law=law,
                vote_proposer=seat,
                voters=voters,
                votes=(),
            )
            return _pop(s, Task("vote", seat=seat, law=law))
        case m.VoteCast(seat=seat, choice=choice):
            return replace(s, votes=(*s.votes, (seat, choice if choice is not None else "hidden")))
        case m.VotesRevealed(law=law, proposer=proposer, adopted=adopted):
            s = replace(s, vote_law=0, vote_proposer=-1, voters=(), votes=())
            if adopted:
                return _pop(s, Task("enact", seat=proposer, law=law))
            return _pop(s)
        case m.LawEnacted(law=law, proposer=proposer, bonus=bonus, safes=safes, treasury=delta):
            countries = tuple(
                replace(c, safe=c.safe + d + (bonus if seat == proposer else 0))
                if d or seat == proposer
                else c
                for seat, (c, d) in enumerate(zip(s.countries, safes, strict=True))
            )
            s = replace(s, countries=countries, treasury=s.treasury - bonus + delta)
            if law == 2:
                return _pop(s, *(Task("fine", seat=p) for p in s.in_order()))
            return _pop(s)
        case m.PollutionFined(seat=seat, amount=amount, destroy=destroy):
            c = s.countries[seat]
            s = _pay(s, seat, amount, c, to_treasury=True)
            if destroy:
                return _pop(s, Task("destroy", seat=seat, count=destroy))
            return _pop(s)
        case m.PollutingDestroyed(seat=seat, province=pid):
            c = s.countries[seat]
            c = replace(c, cells=_set_cell(c, PROVINCE_INDEX[pid], POP))
            s = replace(s, countries=_country(s, seat, c))
            head = s.agenda[0]
            if head.count > 1:
                return _pop(s, replace(head, count=head.count - 1))
            return _pop(s)
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
            return _pop(replace(s, countries=countries, witness=0, placed=0, proposed=frozenset()))
    return s


def fold(s: State, events: Iterable[m.Event]) -> State:
    return reduce(evolve, events, s)
