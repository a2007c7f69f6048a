"""Pollution (P3): arrows, marker placement, global increase and decrease, cleanup."""

from __future__ import annotations

from domain.games.vertigo import messages as m
from domain.games.vertigo.checks import province, region
from domain.games.vertigo.data import (
    MAX_LEVEL,
    NEIGHBOURS,
    PROVINCE_IDS,
    REGIONS,
    region_of,
    region_range,
    witness_threshold,
)
from domain.games.vertigo.state import CODE_KIND, FREE, POLLUTED, State, Task
from domain.kernel import illegal

Events = list[m.Event]


def candidates(s: State, owner: int, r: int) -> list[int]:
    cells = s.countries[owner].cells
    return [i for i in region_range(r) if cells[i] != POLLUTED]


def pool(s: State, task: Task) -> list[int]:
    """Where the marker of a `place` task may go: free first, then adjacency if required (D7)."""
    cells = s.countries[task.owner].cells
    found = candidates(s, task.owner, task.region)
    free = [i for i in found if cells[i] == FREE]
    chosen = free or found
    if task.adjacency:
        near = [i for i in chosen if any(cells[n] == POLLUTED for n in NEIGHBOURS[i])]
        if near:
            return near
    return chosen


def targets(s: State, seat: int) -> list[tuple[int, int]]:
    """(player, region) an arrow may aim at: another active country's region not fully polluted."""
    return [
        (p, r)
        for p in s.active()
        if p != seat
        for r in range(3)
        if any(s.countries[p].cells[i] != POLLUTED for i in region_range(r))
    ]


def decide_target(s: State, seat: int, cmd: m.Command) -> Events:
    if not isinstance(cmd, m.ChoosePollutionTarget):
        illegal("your cloud + arrow: choose_pollution_target(player, region)")
    r = region(cmd.region)
    player = cmd.player
    if player == seat or not 0 <= player < s.seats or not s.countries[player].active:
        illegal("the arrow must aim at another player still in the game")
    if not candidates(s, player, r):
        illegal(f"region {cmd.region} of that player is fully polluted")
    polluted = s.countries[player].polluted(r) > 0
    placer = seat if polluted else player
    return [m.PollutionTargetChosen(seat, player, cmd.region, placer, polluted)]


def decide_place(s: State, seat: int, cmd: m.Command, task: Task) -> Events:
    if not isinstance(cmd, m.PlacePollution):
        illegal("place_pollution(province) is awaited from you")
    i = province(cmd.province)
    allowed = pool(s, task)
    if i not in allowed:
        where = ", ".join(PROVINCE_IDS[j] for j in allowed)
        illegal(f"this marker must go on one of {where}")
    return place_events(s, seat, task, i)


def place_events(s: State, placer: int, task: Task, i: int) -> Events:
    owner = s.countries[task.owner]
    cell = owner.cells[i]
    destroyed = None if cell == FREE else CODE_KIND.get(cell, "population")
    events: Events = [
        m.PollutionPlaced(placer, task.owner, PROVINCE_IDS[i], task.from_die, destroyed)
    ]
    if destroyed is not None and owner.population() == 1:
        events.append(m.PlayerEliminated(task.owner, owner.safe))
        left = [p for p in s.active() if p != task.owner]
        if len(left) <= 1:
            events.append(m.GameEnded("last_player_standing" if left else "all_eliminated"))
            return events
    if task.from_die and s.witness + 1 >= witness_threshold(s.seats):
        events.append(m.GlobalIncrease(10 * min(MAX_LEVEL, s.level + 1)))
    return events


def decrease_events(s: State) -> Events:
    if s.placed == 0:
        return [m.PollutionPhaseEnded(True, 10 * max(0, s.level - 1))]
    return [m.PollutionPhaseEnded(False, 10 * s.level)]


def decide_cleanup(s: State, seat: int, cmd: m.Command) -> Events:
    c = s.countries[seat]
    match cmd:
        case m.CleanProvince(province=pid):
            i = province(pid)
            if c.cells[i] != POLLUTED:
                illegal(f"{pid} is not polluted")
            if region_of(i) in s.cleaned:
                illegal(f"you already cleaned a province of region {REGIONS[region_of(i)]}")
            return [m.ProvinceCleaned(seat, pid)]
        case m.EndStep():
            return [m.StepEnded(seat, "cleanup")]
    illegal("the planet got cleaner: clean_province (one per region), then end_step")
