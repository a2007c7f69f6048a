"""A greedy Vertigo bot: each command is judged by the immediate change of its own estimate.

The estimate values what counts at the end (factories, money for the upkeep) and what turns into
factories later (idle scholars with a site, population, diplomats to veto laws), minus the
pollution it expects to lose. Everything it reads is public: boards, safes, treasury, level.
It never looks at the other seats' votes; laws are judged from their public effects.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.chance import Rng
from domain.games.vertigo import messages as m
from domain.games.vertigo.commands import judge
from domain.games.vertigo.data import PROVINCE_INDEX, REGION_INDEX, region_range
from domain.games.vertigo.evolve import evolve
from domain.games.vertigo.laws import enact, fine_event
from domain.games.vertigo.state import FREE, POLLUTED, POP, POP_POLLUTING, Country, State
from domain.kernel import Game, Rejected

FACTORY = 40.0
HORIZON = 12
OTHERS = 0.25
DAMPING = 0.5
RISK = 0.5


def region_risk(c: Country, r: int, turn: int) -> float:
    """Value the region expects to lose to pollution before the end, once its free provinces
    are used up: its own dice (half a marker per source and turn) plus a share of the others'."""
    cells = c.cells[r * 10 : r * 10 + 10]
    free = cells.count(FREE)
    pop = 10 - free - cells.count(POLLUTED)
    if pop == 0:
        return 0.0
    horizon = min(10, max(1, HORIZON - turn))
    markers = (0.5 * c.sources(r) + OTHERS) * horizon * DAMPING
    shortage = min(float(pop), max(0.0, markers - free))
    factories = pop - cells.count(POP)
    average = (FACTORY * factories + 4.0 * pop) / pop
    return RISK * shortage * average


def estimate(s: State, seat: int) -> float:
    c = s.countries[seat]
    if not c.active:
        return -10_000.0
    # investments pay off only while turns remain (the end die is rolled from turn 11)
    growth = min(1.0, max(0.2, (12 - s.turn) / 4))
    value = FACTORY * c.factories()
    upkeep = c.scholars()
    value += (1.0 + 0.5 * growth) * c.safe - 3.0 * max(0, upkeep - c.safe)
    idle = sum(c.idle_ready) + sum(c.idle_acted)
    sites = c.cells.count(POP)
    value += 15.0 * growth * min(idle, sites) + 2.0 * max(0, idle - sites)
    value += 7.0 * min(c.diplomats, 2) + 1.0 * max(0, c.diplomats - 2)
    for r in range(3):
        pop = c.population(r)
        value += 6.0 * growth * min(pop, 5) + 1.0 * max(0, pop - 5)
        if pop >= 5:
            value += 12.0 * growth  # the region can train a scholar every turn
        value -= region_risk(c, r, s.turn)
        value -= 1.0 * c.polluted(r)
    return value


def law_gain(s: State, seat: int, law: int, proposer: int) -> float:
    """Own money change (plus factories lost to law 2) if `law` passes, from public facts."""
    event = enact(s, law, proposer)
    gain = float(event.safes[seat] + (event.bonus if seat == proposer else 0))
    if law == 2:
        fined = fine_event(s, seat)
        gain -= fined.amount + FACTORY * fined.destroy
    return gain


def immediate(s: State, seat: int, command: Any) -> float:
    """The estimate after the command's own events (no engine follow-up, no dice)."""
    try:
        events = judge(s, seat, command, s.agenda[0])
    except Rejected:
        return float("-inf")
    for event in events:
        s = evolve(s, event)
    return estimate(s, seat)


def _harm(s: State, command: Any, owner: int, region: int | None = None) -> float:
    """How much a pollution marker hurts another country (for arrows and placements)."""
    c = s.countries[owner]
    if isinstance(command, m.PlacePollution):
        cell = c.cells[PROVINCE_INDEX[command.province]]
        return 10.0 * (cell >= POP_POLLUTING) + 2.0 * (cell == POP) + 1.0 * (cell == FREE)
    assert region is not None
    free = sum(1 for i in region_range(region) if c.cells[i] == FREE)
    return 3.0 * c.factories() - 2.0 * free + (20.0 if free == 0 else 0.0)


def choose(s: State, seat: int, legal: Sequence[Any]) -> Any:
    task = s.agenda[0]
    kind = task.kind
    if kind == "vote":
        gain = law_gain(s, seat, s.vote_law, s.vote_proposer)
        return m.Vote("yes" if gain > 0 else "no" if gain < 0 else "abstain")
    if kind == "law":
        best: m.PassLaw | m.ProposeLaw = m.PassLaw()
        best_gain = 0.0
        for command in legal:
            if isinstance(command, m.ProposeLaw):
                gain = law_gain(s, seat, command.law, seat)
                if gain > best_gain:
                    best, best_gain = command, gain
        return best
    if kind == "upkeep" and m.PayUpkeep() in legal:
        return m.PayUpkeep()
    if kind == "designate":
        return min(legal, key=lambda cmd: (s.countries[cmd.player].factories(), cmd.player))
    if kind == "target":
        return max(
            legal,
            key=lambda cmd: _harm(s, cmd, cmd.player, REGION_INDEX[cmd.region]),
        )
    if kind == "place" and task.owner != seat:
        return max(legal, key=lambda cmd: _harm(s, cmd, task.owner))
    best, best_value = legal[0], float("-inf")
    for command in legal:
        value = immediate(s, seat, command)
        if not isinstance(command, m.EndStep):
            value -= 0.01  # tie-break: rather stop than shuffle for nothing
        if value > best_value:
            best, best_value = command, value
    return best


def greedy(game: Game[Any, Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
    return choose(state, seat, legal)
