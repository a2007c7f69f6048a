"""The decision context: rules emit events that are folded at once, so later rules see them."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.zoo18.data import (
    FACTS,
    FLOW_FACTS,
    PHASE_BY_NAME,
    TICKET_END_VALUE,
    TICKET_VALUES,
    TOKEN_PRICES,
    draft_size,
)
from domain.games.zoo18.evolve import evolve
from domain.games.zoo18.messages import (
    Event,
    FlowChanged,
    FlowFact,
    LimitUnchecked,
    Paid,
    TrainMoved,
)
from domain.games.zoo18.state import State, flow_record


class Ctx:
    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        for event in events:
            self.state = evolve(self.state, event)
            self.events.append(event)
            if isinstance(event, TrainMoved) and self.state.flow.limit_unchecked:
                self.fact(LimitUnchecked())  # a train moved: the site counts every family again

    def fact(self, fact: FlowFact) -> None:
        """Emit a change of the rounds machine: the fact (rules 11), or in a game of rules 1-10
        the whole Flow it leaves (FlowChanged), as those games stored it: a game keeps storing
        the events of its rules version."""
        if self.state.options.rules >= FLOW_FACTS:
            self.emit(fact)
        else:
            self.emit(FlowChanged(flow_record(evolve(self.state, fact).flow)))

    def flow_of_old(self, **changes: Any) -> None:
        """In a game of rules 1-10, the Flow with `changes` (FlowChanged) after an event that
        changes it from rules 11 on (RunRecorded, GameEnded), as those games stored it."""
        if self.state.options.rules < FLOW_FACTS:
            self.emit(FlowChanged(flow_record(replace(self.state.flow, **changes))))

    def record(self, fact: Event, asked: Event) -> None:
        """Emit what a board move decided (`fact`: rules 4 stores it), or, in a game of rules
        1-3, what was asked (`asked`, the form those games stored, which evolve upgrades to the
        same fact): a game keeps storing the events of its rules version, so that a stored
        decision decides again to the events it stored."""
        self.emit(fact if self.state.options.rules >= FACTS else asked)

    def pay(self, payer: str, payee: str, amount: int) -> None:
        if amount:
            self.emit(Paid(payer, payee, amount))


def seat_id(seat: int) -> str:
    return f"p{seat}"


def seat_of(state: State, owner: str) -> int | None:
    """The seat deciding for `owner`: a player ("p2") or a family's president."""
    if owner.startswith("p"):
        return int(owner[1:])
    return state.president(owner)


def ticket_value(state: State) -> int:
    if state.ended:
        return TICKET_END_VALUE
    return TICKET_VALUES.get((state.flow.turn, state.flow.or_num), 4)


def revealed(state: State) -> int:
    """How many deck positions have reached the bank's offer."""
    n = draft_size(len(state.players))
    if state.flow.round in ("setup", "draft"):
        return n
    return n + 4 * state.flow.turn


def offered_powers(state: State) -> tuple[str, ...]:
    window = set(state.deck[: revealed(state)])
    return tuple(p.id for p in state.powers if p.owner == "bank" and p.id in window)


def face_up(state: State) -> int:
    """How many deck positions every viewer has seen: the offer so far and the next four, or
    with the option power_visible every power the three days bring (as 18xx.games shows them
    from the start; the deck below is never drawn)."""
    if state.options.power_visible:
        return max(revealed(state), draft_size(len(state.players)) + 12)
    return revealed(state) + 4


def future_powers(state: State) -> tuple[str, ...]:
    return state.deck[revealed(state) : face_up(state)]


def phase_tiles(state: State) -> tuple[str, ...]:
    return PHASE_BY_NAME[state.phase].tiles


def train_limit(state: State) -> int:
    return PHASE_BY_NAME[state.phase].limit


def next_token_price(state: State, sym: str) -> int | None:
    used = state.family(sym).tokens_used
    prices = TOKEN_PRICES[sym]
    return prices[used] if used < len(prices) else None


def tickets_value(state: State, seat: int) -> int:
    return ticket_value(state) * len(state.owned_tickets(seat_id(seat)))


def floated(state: State) -> tuple[str, ...]:
    return tuple(f.sym for f in state.families if f.parred)


def operating_key(state: State, sym: str) -> tuple[int, int, int, int, str]:
    f = state.family(sym)
    from domain.games.zoo18.market import price

    return (-price((f.row, f.col)), -f.col, f.row, f.arrival, sym)


def operating_order(state: State) -> tuple[str, ...]:
    return tuple(sorted(floated(state), key=lambda s: operating_key(state, s)))


def power_owner_family(state: State, power: str) -> str | None:
    try:
        owner = state.power(power).owner
    except KeyError:
        return None
    return owner if owner not in ("bank", "closed") and not owner.startswith("p") else None
