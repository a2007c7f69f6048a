"""decide: the checks every command shares (the game is over, a manual end, not this seat's
turn), then `commands.judge`, then what follows by itself (`rounds.settle`)."""

from __future__ import annotations

from domain.chance import Rng
from domain.games.zoo18.commands import judge
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.messages import Command, EndGame, Event
from domain.games.zoo18.rounds import acting_seat, finish_game, settle
from domain.games.zoo18.state import State
from domain.kernel import Reason, Rejected


def decide(state: State, seat: int, command: Command, rng: Rng) -> list[Event]:
    if state.ended:
        raise Rejected(Reason.GAME_OVER)
    ctx = Ctx(state)
    if isinstance(command, EndGame):
        if not state.options.imported:
            raise Rejected(Reason.FORBIDDEN, "a game played here ends by the rules only")
        finish_game(ctx, "manually_ended")
        return ctx.events
    if acting_seat(state) != seat:
        raise Rejected(Reason.NOT_YOUR_TURN)
    judge(ctx, seat, command)
    settle(ctx)
    return ctx.events
