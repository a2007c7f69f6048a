"""A greedy 18ZOO bot.

It tries every legal command on a copy of the game and keeps the one that leaves its seat with
the highest value (cash + certificates at market price + tickets at their current value, the
game's own scoring), with small nudges towards building: a tile, a token, opening a family and
running trains are worth a little more than passing. 18ZOO hides only the order of the powers
deck, and trying a command never draws from it, so the bot sees nothing a player could not.
Ties go to the first command in legal order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import choices
from domain.bots import NO_DRAWS
from domain.chance import Rng
from domain.games.zoo18.messages import (
    Bid,
    BuyPower,
    BuyTrain,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    RunRoutes,
    SellShares,
    SellTicket,
)
from domain.games.zoo18.scoring import player_value
from domain.games.zoo18.state import State
from domain.kernel import Game, Rejected

NUDGE: dict[type, float] = {LayTile: 0.3, PlaceToken: 0.4, Par: 0.2, RunRoutes: 0.2}


def value(state: State, seat: int) -> float:
    """The game's valuation, with tickets kept for the end (they grow to 20) and a share of the
    treasuries of the families the seat holds (money that will pay for their trains)."""
    me = f"p{seat}"
    worth = float(player_value(state, seat))
    for f in state.families:
        held = state.percent_of(me, f.sym)
        if held and f.parred:
            worth += f.cash * held / 120
            worth += 4 * sum(1 for t in state.family_trains(f.sym) if not t.obsolete) * held / 120
    return worth


def greedy(
    game: Game[Any, Any, Any], state: State, seat: int, legal: Sequence[Any], rng: Rng
) -> Any:
    best, best_score = legal[0], float("-inf")
    for command in _price_ends(legal):
        try:
            events = game.decide(state, seat, command, NO_DRAWS)
        except Rejected:
            continue
        after = game.fold(events, state)
        score = value(after, seat) + NUDGE.get(type(command), 0.0)
        if isinstance(command, SellShares):
            score -= 0.5
        if isinstance(command, Pass):
            score -= 0.05
        if score > best_score:
            best, best_score = command, score
    return best


# commands whose price only moves that much money from one holder to another: the bot's value
# is linear in it (a train from another family is paid from the treasury alone), so the best
# price of such a move is its lowest or its highest
TRANSFERS = (Bid, BuyPower, BuyTrain, SellTicket)


def _price_ends(legal: Sequence[Any]) -> list[Any]:
    """The legal commands, with a priced transfer (a price range, as the seat is sent it) kept
    only at its lowest and highest price."""
    out: list[Any] = []
    for entry in choices.fold(legal, ("price",), ("price",)):
        every = choices.expand([entry])
        if isinstance(choices.command_of(entry), TRANSFERS) and len(every) > 2:
            every = [every[0], every[-1]]
        out += every
    return out
