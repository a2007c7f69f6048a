"""18ZOO bots for the differential harness only (tools/zoo18_oracle.py, issue 25 item 3): styles
that steer a game into what the production bots rarely reach, so the reference engine judges
it there. Neither is offered to players (domain.seat_bots.LEVELS); like every bot they pick
only among the legal commands, so their games stay legal.

- `eager` uses a power whenever one is legal, buys powers (in the draft, the SR, and from the
  players into its families in an OR) and pushes share prices up: it always pays out, buys a
  depot train whenever it can (the first train of a turn moves the price right), buys shares of
  the families it holds (a family sold out goes up a row) and moves its own family with DAYS
  OFF. The aim is a family in the market's END cell, the trigger no other bot reached.
- `reckless` spends: it pays out every time (no money kept for trains), spends its cash on
  shares, never buys a train unless forced and then the dearest one, so its families run out
  of trains with empty treasuries, and its presidents pay, sell in emergency and, with nothing
  left, leave the bank the rest (18ZOO's bankruptcy, a penalty for the player).

Each follows its bias most of the time and otherwise plays as the bot it leans on (greedy for
`eager`, random for `reckless`), so the games stay varied.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from clients.python.bots import random_bot
from clients.python.strategies.zoo18 import greedy
from domain.chance import Rng, choice
from domain.games.zoo18.messages import (
    Assign,
    Bid,
    BuyPower,
    BuyShares,
    BuyTrain,
    Dividend,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    ProtectTrain,
    SellShares,
    SellTicket,
    UsePower,
)
from domain.games.zoo18.state import State
from domain.kernel import Game

BIAS = 85  # percent of decisions a style takes its own way when it has one

Bot = Callable[[Game[Any, Any, Any], Any, int, Sequence[Any], Rng], Any]


def _power_uses(legal: Sequence[Any]) -> list[Any]:
    """The legal commands that use a power (a lay, a token, an assignment or a use naming it;
    PATCH saving a train)."""
    named = [c for c in legal if isinstance(c, UsePower | Assign | LayTile | PlaceToken)]
    out = [c for c in named if c.power]
    return out + [c for c in legal if isinstance(c, ProtectTrain) and c.train is not None]


def _held_families(state: State, seat: int) -> set[str]:
    return {f.sym for f in state.families if f.parred and state.percent_of(f"p{seat}", f.sym)}


def _eager_pick(state: State, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
    uses = _power_uses(legal)
    if uses:
        # DAYS OFF on a family the seat holds, the highest priced first
        days = [c for c in uses if isinstance(c, UsePower) and c.power == "DAYS_OFF"]
        mine = [c for c in days if c.family in _held_families(state, seat)]
        if mine:
            return max(mine, key=lambda c: _price_rank(state, c.family or ""))
        return choice(rng, uses)
    buys = [c for c in legal if isinstance(c, Bid | BuyPower) and c.price > 0]
    if buys:
        # a power at the dearest price offered (the list price): the seller is a player too
        return max(buys, key=lambda c: c.price)
    payout = [c for c in legal if isinstance(c, Dividend) and c.kind == "payout"]
    if payout:
        return payout[0]
    depot = [c for c in legal if isinstance(c, BuyTrain) and _from_depot(state, c)]
    if depot:
        return min(depot, key=lambda c: c.price)
    tickets = [c for c in legal if isinstance(c, SellTicket) and c.price is not None]
    if tickets and state.flow.round == "or":  # the family's money for its next train
        return max(tickets, key=lambda c: c.price or 0)
    # the shares of the seat's best priced family: all sold out, it goes up a row
    held = sorted(_held_families(state, seat), key=lambda f: _price_rank(state, f))
    for sym in reversed(held):
        shares = [c for c in legal if isinstance(c, BuyShares) and _family_of(c) == sym]
        if shares:
            return choice(rng, shares)
    return None


def _reckless_pick(state: State, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
    payout = [c for c in legal if isinstance(c, Dividend) and c.kind == "payout"]
    if payout:
        return payout[0]
    trains = [c for c in legal if isinstance(c, BuyTrain)]
    if trains:
        if any(isinstance(c, Pass) for c in legal):
            return Pass()  # not forced: keep no train the family could do without
        sales = [c for c in legal if isinstance(c, SellShares)]
        if sales:  # the forced train, paid as far as the president can
            return choice(rng, sales)
        return max(trains, key=lambda c: c.price)
    spend = [c for c in legal if isinstance(c, BuyShares | Par)]
    if spend:
        return choice(rng, spend)
    return None


def _styled(pick: Callable[[State, int, Sequence[Any], Rng], Any], base: Bot) -> Bot:
    def bot(
        game: Game[Any, Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng
    ) -> Any:
        if rng.randrange(100) < BIAS:
            chosen = pick(state, seat, legal, rng)
            if chosen is not None:
                return chosen
        return base(game, state, seat, legal, rng)

    return bot


def _from_depot(state: State, command: BuyTrain) -> bool:
    return any(t.id == command.train and t.owner in ("depot", "discard") for t in state.trains)


def _family_of(command: BuyShares) -> str:
    return command.shares[0].split("_")[0]


def _price_rank(state: State, sym: str) -> tuple[int, int]:
    """A family's place in the market: higher row first (row 0 is the top), then column."""
    family = state.family(sym)
    return (-family.row, family.col)


eager = _styled(_eager_pick, greedy)
reckless = _styled(_reckless_pick, random_bot)

STYLES: dict[str, Bot] = {"eager": eager, "reckless": reckless}
