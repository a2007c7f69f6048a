"""What each viewer sees: everything is public except the choices of an open vote."""

from __future__ import annotations

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


class ProvinceView(msgspec.Struct, frozen=True):
    id: str
    state: str  # "free", "polluted" or "populated"
    factory: str | None
    engineers: int
    moved: bool


class RegionView(msgspec.Struct, frozen=True):
    name: str
    idle_scholars: int
    idle_ready: int
    trained: bool
    population: int
    pollution: int  # in percent
    treatment_plant: bool
    overpopulated: bool
    pollution_sources: int
    provinces: list[ProvinceView]


class CountryView(msgspec.Struct, frozen=True):
    seat: int
    color: str
    active: bool
    eliminated: int
    safe: int
    diplomats: int
    laws_used: list[int]
    factories: int
    polluting: int
    clean: int
    treatment: int
    population: int
    scholars: int
    scholar_supply: int
    eligible: bool
    non_polluting: bool
    regions: list[RegionView]


class VoteView(msgspec.Struct, frozen=True):
    law: int
    name: str
    proposer: int
    voters: list[int]
    weights: dict[str, int]  # by seat
    choices: dict[str, str]  # by seat: the choice, "voted" (hidden) or "not yet voted"


class Awaiting(msgspec.Struct, frozen=True):
    seats: list[int]
    step: str
    what: str
    options: dict[str, list[m.Command]]  # by seat: its legal commands


class Die(msgspec.Struct, frozen=True):
    seat: int
    region: str
    face: str


class Supply(msgspec.Struct, frozen=True):
    polluting: int
    clean: int
    treatment: int
    population: int


class VertigoView(msgspec.Struct, frozen=True):
    turn: int
    over: bool
    end_reason: str
    pollution: int  # in percent
    witness: int
    witness_threshold: int
    placed_this_turn: int
    treasury: int
    first_player: int
    order: list[int]
    laws_proposed_this_turn: list[int]
    dice: list[Die]
    end_die: str | None
    supply: Supply
    countries: list[CountryView]
    vote: VoteView | None
    awaiting: Awaiting | None
    omniscient: bool


def _province(c: Country, i: int) -> ProvinceView:
    cell = c.cells[i]
    factory = CODE_KIND.get(cell)
    state = "free" if cell == FREE else "polluted" if cell == POLLUTED else "populated"
    return ProvinceView(
        id=PROVINCE_IDS[i],
        state=state,
        factory=factory,
        engineers=ENGINEERS[factory] if factory else 0,
        moved=i in c.moved,
    )


def _country(s: State, seat: int) -> CountryView:
    c = s.countries[seat]
    regions = [
        RegionView(
            name=REGIONS[r],
            idle_scholars=c.idle(r),
            idle_ready=c.idle_ready[r],
            trained=r in c.trained,
            population=c.population(r),
            pollution=10 * c.polluted(r),
            treatment_plant=c.has_treatment(r),
            overpopulated=c.overpopulated(r),
            pollution_sources=c.sources(r),
            provinces=[_province(c, i) for i in region_range(r)],
        )
        for r in range(3)
    ]
    return CountryView(
        seat=seat,
        color=COLORS[seat],
        active=c.active,
        eliminated=c.eliminated,
        safe=c.safe,
        diplomats=c.diplomats,
        laws_used=sorted(c.laws_used),
        factories=c.factories(),
        polluting=c.factories("polluting"),
        clean=c.factories("clean"),
        treatment=c.factories("treatment"),
        population=c.population(),
        scholars=c.scholars(),
        scholar_supply=scholar_stock(s, seat),
        eligible=eligible(c),
        non_polluting=c.non_polluting(),
        regions=regions,
    )


def _vote(s: State, viewer: Viewer) -> VoteView | None:
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
    return VoteView(
        law=s.vote_law,
        name=LAW_NAMES[s.vote_law],
        proposer=s.vote_proposer,
        voters=list(s.voters),
        weights={str(p): s.countries[p].diplomats for p in s.voters},
        choices=choices,
    )


def _awaiting(s: State, viewer: Viewer) -> Awaiting | None:
    seats = deciders(s)
    if not seats:
        return None
    task = s.agenda[0]
    shown = [p for p in seats if task.kind != "vote" or sees_seat(viewer, p)]
    return Awaiting(
        seats=list(seats),
        step=task.kind,
        what=DESCRIPTIONS[task.kind],
        options={str(p): legal(s, p) for p in shown},
    )


def view(s: State, viewer: Viewer) -> VertigoView:
    return VertigoView(
        turn=s.turn,
        over=s.over,
        end_reason=s.end_reason,
        pollution=10 * s.level,
        witness=s.witness,
        witness_threshold=witness_threshold(s.seats),
        placed_this_turn=s.placed,
        treasury=s.treasury,
        first_player=s.first,
        order=list(s.in_order()) if s.order else [],
        laws_proposed_this_turn=sorted(s.proposed),
        dice=[Die(seat=p, region=r, face=f) for p, r, f in s.dice],
        end_die=s.end_die,
        supply=Supply(
            polluting=factory_stock(s, "polluting"),
            clean=factory_stock(s, "clean"),
            treatment=factory_stock(s, "treatment"),
            population=population_stock(s),
        ),
        countries=[_country(s, seat) for seat in range(s.seats)],
        vote=_vote(s, viewer),
        awaiting=_awaiting(s, viewer),
        omniscient=isinstance(viewer, Omniscient),
    )
