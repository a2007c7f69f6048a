"""decide: the checks every command shares, the rule that judges it, then the engine's steps."""

from __future__ import annotations

from domain.chance import Rng
from domain.games.vertigo import messages as m
from domain.games.vertigo.commands import DESCRIPTIONS, deciders, judge
from domain.games.vertigo.data import COLORS
from domain.games.vertigo.evolve import fold
from domain.games.vertigo.flow import advance, queue
from domain.games.vertigo.state import State
from domain.kernel import Reason, Rejected, illegal


def decide(s: State, seat: int, cmd: m.Command, rng: Rng) -> list[m.Event]:
    if s.over:
        raise Rejected(Reason.GAME_OVER)
    if not isinstance(cmd, m.Command):
        raise Rejected(Reason.UNKNOWN_COMMAND, "Vertigo has no such command")
    if not s.agenda:
        illegal("the game has not been set up yet")
    if not 0 <= seat < s.seats:
        raise Rejected(Reason.FORBIDDEN, "there is no such seat")
    awaited = deciders(s)
    task = s.agenda[0]
    if seat not in awaited:
        if task.kind == "vote" and seat in s.voters:
            raise Rejected(Reason.NOT_YOUR_TURN, "you already voted on this law")
        who = " and ".join(COLORS[p] for p in awaited) or "nobody"
        doing = DESCRIPTIONS.get(task.kind, "act")
        raise Rejected(Reason.NOT_YOUR_TURN, f"waiting for {who} to {doing}")
    events = queue(s, judge(s, seat, cmd, task))
    return events + advance(fold(s, events), rng)
