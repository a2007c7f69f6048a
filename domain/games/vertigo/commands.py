"""Which decision the agenda's head task awaits, and the rule module that judges a command."""

from __future__ import annotations

from domain.games.vertigo import messages as m
from domain.games.vertigo.laws import awaited_voters, decide_destroy, decide_law_slot, decide_vote
from domain.games.vertigo.management import (
    decide_build,
    decide_depollute,
    decide_population,
    decide_training,
    decide_upkeep,
)
from domain.games.vertigo.pollution import decide_cleanup, decide_place, decide_target
from domain.games.vertigo.starting_positions import decide_setup
from domain.games.vertigo.state import DECISIONS, State, Task
from domain.kernel import illegal

Events = list[m.Event]

DESCRIPTIONS = {
    "setup": "buy a starting position",
    "designate": "designate the first player",
    "upkeep": "pay the upkeep of scholar pawns",
    "build": "move scholars and build or transform factories",
    "depollute": "depollute regions",
    "population": "buy and move population",
    "training": "train scholars",
    "target": "aim a cloud + arrow at another country",
    "place": "place a pollution marker",
    "cleanup": "clean one polluted province per region",
    "law": "propose a law or pass",
    "vote": "vote on a law",
    "destroy": "choose polluting factories to destroy",
}


def deciders(s: State) -> tuple[int, ...]:
    """The seats whose command is awaited now (several only during a vote)."""
    task = s.head
    if s.over or task is None or task.kind not in DECISIONS:
        return ()
    if task.kind == "vote":
        return awaited_voters(s)
    return (task.seat,)


def judge(s: State, seat: int, cmd: m.Command, task: Task) -> Events:
    """The events of a command in the current decision, or Rejected(ILLEGAL)."""
    kind = task.kind
    if kind == "setup":
        return decide_setup(s, seat, cmd)
    if kind == "designate":
        if not isinstance(cmd, m.DesignateFirstPlayer):
            illegal("designate_first_player(player) is awaited from you")
        p = cmd.player
        if p == seat or not 0 <= p < s.seats or not s.countries[p].active:
            illegal("designate another player still in the game")
        return [m.FirstPlayerDesignated(seat, p)]
    if kind == "upkeep":
        return decide_upkeep(s, seat, cmd)
    if kind == "build":
        return decide_build(s, seat, cmd)
    if kind == "depollute":
        return decide_depollute(s, seat, cmd)
    if kind == "population":
        return decide_population(s, seat, cmd)
    if kind == "training":
        return decide_training(s, seat, cmd)
    if kind == "target":
        return decide_target(s, seat, cmd)
    if kind == "place":
        return decide_place(s, seat, cmd, task)
    if kind == "cleanup":
        return decide_cleanup(s, seat, cmd)
    if kind == "law":
        return decide_law_slot(s, seat, cmd)
    if kind == "vote":
        return decide_vote(s, seat, cmd)
    if kind == "destroy":
        return decide_destroy(s, seat, cmd)
    illegal("nothing is awaited now")
