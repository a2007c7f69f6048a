"""What a harness game reached (issue 25 item 3): the end trigger, the forced train purchases,
the bank covering a president (18ZOO's bankruptcy: the site's BANKRUPTCY_ALLOWED is false, the
bank pays the rest and the player is penalised twice that, the game goes on) and every power
used, by name.

Read off the recovered decisions (domain.exchange.zoo18.recover): a power with a command of its
own (a lay, a token, an assignment, a use) is used when that command is sent; the six that act
by themselves are used when their effect shows:

- TOO MUCH RESPONSIBILITY and LEPRECHAUN POT OF GOLD pay on purchase: bought by a player;
- SHINING GOLD: the bank pays its family's terrain bonus at a lay;
- A SQUEEZE: its family runs for a pond subsidy (the power's 3 is in it);
- WINGS and A TIP OF SUGAR: its family's run is worth another revenue, or is refused, with
  that power taken away (the route flies over a city, or visits the extra stop).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain.games.zoo18 import board as B
from domain.games.zoo18 import boardlink
from domain.games.zoo18 import operating as op
from domain.games.zoo18.messages import (
    Assign,
    Bid,
    BuyPower,
    BuyTrain,
    LayTile,
    Paid,
    Penalised,
    PlaceToken,
    ProtectTrain,
    RunRecorded,
    RunRoutes,
    SellShares,
    UsePower,
)
from domain.games.zoo18.state import State
from domain.kernel import Rejected

# the powers whose use is a command naming them
COMMANDED = (UsePower, Assign, LayTile, PlaceToken)
ON_PURCHASE = ("TOO_MUCH_RESPONSIBILITY", "LEPRECHAUN_POT_OF_GOLD")
# a run power and the Modifiers field it switches on
RUN_POWERS = {"WINGS": "wings", "A_TIP_OF_SUGAR": "sugar"}


@dataclass
class Coverage:
    end: str = ""
    bankruptcies: int = 0  # the bank paid what a president could not (a Penalised event)
    forced_buys: int = 0  # a train bought with the president's (or the bank's) money
    emergency_sales: int = 0  # shares a president sold in an OR to pay for a train
    powers_used: set[str] = field(default_factory=set)

    def as_json(self) -> dict[str, Any]:
        return {
            "end": self.end,
            "bankruptcies": self.bankruptcies,
            "forced_buys": self.forced_buys,
            "emergency_sales": self.emergency_sales,
            "powers_used": sorted(self.powers_used),
        }


def coverage(steps: Iterable[Any], end: str) -> Coverage:
    """`steps`: recovered decisions (`command`, `before`, `events`); `end`: the game's end."""
    out = Coverage(end=end)
    for step in steps:
        command, before, events = step.command, step.before, step.events
        out.bankruptcies += sum(1 for e in events if isinstance(e, Penalised))
        in_or = before.flow.round == "or"
        actor = before.flow.order[before.flow.index] if in_or else ""
        if isinstance(command, BuyTrain) and in_or and _helped(events, actor):
            out.forced_buys += 1
        if isinstance(command, SellShares) and in_or:
            out.emergency_sales += 1
        out.powers_used |= powers_in(command, before, events, actor)
    return out


def powers_in(command: Any, before: State, events: Sequence[Any], actor: str) -> set[str]:
    """The powers one decision used (`actor`: the operating family, "" outside an OR)."""
    used: set[str] = set()
    if isinstance(command, COMMANDED) and command.power:
        used.add(command.power)
    if isinstance(command, ProtectTrain) and command.train is not None:
        used.add("PATCH")
    if isinstance(command, Bid | BuyPower) and command.power in ON_PURCHASE:
        used.add(command.power)
    if not actor:
        return used
    bonus = any(isinstance(e, Paid) and (e.payer, e.payee) == ("bank", actor) for e in events)
    if isinstance(command, LayTile) and bonus and op.owns(before, actor, "SHINING_GOLD"):
        used.add("SHINING_GOLD")
    if isinstance(command, RunRoutes):
        ran = next((e for e in events if isinstance(e, RunRecorded)), None)
        if ran is not None and ran.subsidy > 0 and op.owns(before, actor, "A_SQUEEZE"):
            used.add("A_SQUEEZE")
        for power, switch in RUN_POWERS.items():
            held = ran is not None and op.owns(before, actor, power)
            if held and ran is not None and _run_needs(before, actor, command, ran.revenue, switch):
                used.add(power)
    return used


def _helped(events: Sequence[Any], family: str) -> bool:
    """Whether money came into the buying family: its president's, or the bank's when he had
    none left (a train purchase pays nothing in otherwise)."""
    return any(
        isinstance(e, Paid) and e.payee == family and e.payer != family and e.amount > 0
        for e in events
    )


def _run_needs(before: State, sym: str, command: RunRoutes, revenue: int, switch: str) -> bool:
    """Whether the run is refused or worth another revenue without the power `switch` names."""
    if before.board is None or not command.routes:
        return False
    mods = msgspec.structs.replace(op.modifiers(before, sym), **{switch: False})
    trains = tuple(B.Train(t.id, t.variant or t.name) for t in before.family_trains(sym))
    specs = tuple(B.RouteSpec(r.train, r.connections) for r in command.routes)
    try:
        result = B.route_revenue(
            before.board,
            boardlink.map_def(before),
            sym,
            trains,
            specs,
            boardlink.colours(before.phase),
            mods,
        )
    except Rejected:
        return True
    return result.revenue != revenue
