"""Final valuation: cash + certificates at market price + unsold tickets at 20 - penalty."""

from __future__ import annotations

from domain.games.zoo18 import market
from domain.games.zoo18.ctx import seat_id
from domain.games.zoo18.data import TICKET_END_VALUE
from domain.games.zoo18.state import State
from domain.kernel import Result


def is_over(state: State) -> bool:
    return bool(state.ended)


def player_value(state: State, seat: int) -> int:
    me = seat_id(seat)
    player = state.players[seat]
    shares = 0
    for s in state.shares:
        if s.owner == me:
            f = state.family(s.family)
            if f.parred:
                shares += market.price((f.row, f.col)) * s.percent // 20
    tickets = TICKET_END_VALUE * len(state.owned_tickets(me))
    return player.cash + shares + tickets - player.penalty


def standings(state: State) -> list[int]:
    """Seats by value descending, ties in current priority order."""
    values = [player_value(state, s) for s in range(len(state.players))]
    return sorted(state.priority, key=lambda s: (-values[s], state.priority.index(s)))


def result(state: State) -> Result:
    values = tuple(player_value(state, s) for s in range(len(state.players)))
    order = standings(state)
    ranks = [0] * len(values)
    for position, seat in enumerate(order):
        ranks[seat] = position + 1
    # equal values share a rank
    for seat in range(len(values)):
        ranks[seat] = 1 + sum(1 for v in values if v > values[seat])
    return Result(
        scores=values,
        ranks=tuple(ranks),
        reason=state.ended or "in_progress",
        details={"order": [state.players[s].name for s in order]},
    )
