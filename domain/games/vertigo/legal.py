"""legal: the commands a seat may send now.

Everything is listed in full, population moves too (every pawn free to move x every free
province), so a client without the rules can offer every legal move. A step with a real choice
always shows at least two commands (auto-apply, D45).
"""

from __future__ import annotations

from domain.games.vertigo import messages as m
from domain.games.vertigo.commands import deciders, judge
from domain.games.vertigo.data import (
    BUILD_PRICE,
    ENGINEERS,
    KINDS,
    POPULATION_PRICE,
    PROVINCE_IDS,
    REGIONS,
    TRANSFORM_PRICE,
    UN,
    region_range,
)
from domain.games.vertigo.laws import proposable
from domain.games.vertigo.management import depollution_price
from domain.games.vertigo.pollution import pool, targets
from domain.games.vertigo.starting_positions import setup_cost, waiting_setups
from domain.games.vertigo.state import (
    FREE,
    POLLUTED,
    POP,
    POP_POLLUTING,
    State,
    Task,
    population_stock,
    scholar_stock,
)
from domain.kernel import Rejected

Commands = list[m.Command]


def _every(cells: tuple[int, ...], code: int) -> list[int]:
    return [i for i, cell in enumerate(cells) if cell == code]


def _valid(s: State, seat: int, task: Task, cmds: Commands, limit: int = 0) -> Commands:
    """The commands `judge` accepts (only the first `limit` of them when limit > 0)."""
    out: Commands = []
    for cmd in cmds:
        try:
            judge(s, seat, cmd, task)
        except Rejected:
            continue
        out.append(cmd)
        if len(out) == limit:
            break
    return out


def _setup(s: State, seat: int) -> Commands:
    c = s.countries[seat]
    cmds: Commands = []
    if c.safe >= 1 and population_stock(s) - 1 >= waiting_setups(s):
        cmds += [m.SetupPopulation(PROVINCE_IDS[i]) for i in _every(c.cells, FREE)]
    if c.safe >= 5 and scholar_stock(s, seat) >= 1:
        cmds += [m.SetupScholar(to) for to in (*REGIONS, UN)]
    sites = _every(c.cells, POP)
    for kind in KINDS:
        if c.safe >= setup_cost(kind):
            cmds += [m.SetupFactory(PROVINCE_IDS[i], kind) for i in sites]
    cmds.append(m.EndStep())
    return cmds


def _upkeep(s: State, seat: int) -> Commands:
    c = s.countries[seat]
    cmds: Commands = [m.PayUpkeep()]
    cmds += [m.ReleaseScholar(REGIONS[r]) for r in range(3) if c.idle(r)]
    if c.diplomats:
        cmds.append(m.ReleaseScholar(UN))
    cmds += [
        m.AbandonFactory(PROVINCE_IDS[i]) for i, cell in enumerate(c.cells) if cell >= POP_POLLUTING
    ]
    return cmds


def _build(s: State, seat: int) -> Commands:
    c = s.countries[seat]
    cmds: Commands = []
    kinds = [k for k in KINDS if c.safe >= BUILD_PRICE[k]]
    for r in range(3):
        ready = c.idle_ready[r]
        if not ready:
            continue
        cmds += [m.MoveScholar(REGIONS[r], to) for to in (*REGIONS, UN) if to != REGIONS[r]]
        buildable = [k for k in kinds if ready >= ENGINEERS[k]]
        for i in region_range(r):
            if c.cells[i] == POP:
                cmds += [m.BuildFactory(PROVINCE_IDS[i], kind) for kind in buildable]
            elif c.cells[i] == POP_POLLUTING and c.safe >= TRANSFORM_PRICE:
                cmds.append(m.TransformFactory(PROVINCE_IDS[i]))
    cmds.append(m.EndStep())
    return cmds


def _depollute(s: State, seat: int) -> Commands:
    c = s.countries[seat]
    cmds: Commands = [
        m.Depollute(PROVINCE_IDS[i])
        for i in _every(c.cells, POLLUTED)
        if c.polluted(i // 10) > s.level and c.safe >= depollution_price(c, i // 10)
    ]
    cmds.append(m.EndStep())
    return cmds


def _population(s: State, seat: int) -> Commands:
    c = s.countries[seat]
    cmds: Commands = []
    if c.safe >= POPULATION_PRICE and population_stock(s) >= 1:
        cmds += [m.BuyPopulation(PROVINCE_IDS[i]) for i in _every(c.cells, FREE)]
    movers = [i for i in range(30) if c.cells[i] == POP and i not in c.moved]
    spots = _every(c.cells, FREE)
    cmds += [m.MovePopulation(PROVINCE_IDS[a], PROVINCE_IDS[b]) for a in movers for b in spots]
    cmds.append(m.EndStep())
    return cmds


def _training(s: State, seat: int) -> Commands:
    return [*(m.TrainScholar(r) for r in REGIONS), m.EndStep()]


def _cleanup(s: State, seat: int) -> Commands:
    c = s.countries[seat]
    cmds: Commands = [
        m.CleanProvince(PROVINCE_IDS[i])
        for r in range(3)
        if r not in s.cleaned
        for i in region_range(r)
        if c.cells[i] == POLLUTED
    ]
    cmds.append(m.EndStep())
    return cmds


def candidates(s: State, seat: int, task: Task) -> Commands:
    kind = task.kind
    if kind == "setup":
        return _setup(s, seat)
    if kind == "designate":
        return [m.DesignateFirstPlayer(p) for p in s.active() if p != seat]
    if kind == "upkeep":
        return _upkeep(s, seat)
    if kind == "build":
        return _build(s, seat)
    if kind == "depollute":
        return _depollute(s, seat)
    if kind == "population":
        return _population(s, seat)
    if kind == "training":
        return _training(s, seat)
    if kind == "target":
        return [m.ChoosePollutionTarget(p, REGIONS[r]) for p, r in targets(s, seat)]
    if kind == "place":
        return [m.PlacePollution(PROVINCE_IDS[i]) for i in pool(s, task)]
    if kind == "cleanup":
        return _cleanup(s, seat)
    if kind == "law":
        return [*(m.ProposeLaw(law) for law in proposable(s, seat)), m.PassLaw()]
    if kind == "vote":
        return [m.Vote(choice) for choice in ("yes", "no", "abstain")]
    if kind == "destroy":
        c = s.countries[seat]
        return [
            m.DestroyPolluting(PROVINCE_IDS[i])
            for i, cell in enumerate(c.cells)
            if cell == POP_POLLUTING
        ]
    return []


def first_legal(s: State, seat: int, limit: int) -> Commands:
    """At most `limit` legal commands: enough to tell a real choice from a forced one."""
    if seat not in deciders(s):
        return []
    task = s.agenda[0]
    return _valid(s, seat, task, candidates(s, seat, task), limit)


def legal(s: State, seat: int) -> Commands:
    if seat not in deciders(s):
        return []
    task = s.agenda[0]
    return _valid(s, seat, task, candidates(s, seat, task))
