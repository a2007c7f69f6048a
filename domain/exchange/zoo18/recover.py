"""The commands behind a stored game: events are what is stored, an 18xx.games export needs the
actions.

Plateau stores the facts a command caused, not the command. Every 18ZOO decision after setup
draws nothing, so the command is the one whose `decide` emits exactly the next stored events:
candidates are read off those events (a tile laid is a lay of that tile, shares that moved to a
player were bought...), then every legal command; the first whose events match is the command.
A stream no candidate explains is not a game these rules produced, and is refused.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from domain.games.zoo18 import board as B
from domain.games.zoo18 import market
from domain.games.zoo18.decide import decide
from domain.games.zoo18.evolve import evolve
from domain.games.zoo18.legal import legal
from domain.games.zoo18.messages import (
    Bid,
    BuyPower,
    BuyShares,
    BuyTrain,
    Command,
    DiscardTrain,
    Dividend,
    EndGame,
    Event,
    GameEnded,
    LayTile,
    Paid,
    Par,
    Parred,
    Pass,
    PlaceToken,
    PowerMoved,
    RunRecorded,
    RunRoutes,
    SellShares,
    SellTicket,
    SharesMoved,
    Started,
    TileLaid,
    TilePlaced,
    TokenPlaced,
    TokenPut,
    TrainMoved,
)
from domain.games.zoo18.rounds import acting_seat
from domain.games.zoo18.setup import start_events
from domain.games.zoo18.state import State
from domain.kernel import Rejected

WINDOW = 40  # stored events looked at for candidates: more than any one command emits
LAY_POWERS: tuple[str | None, ...] = (None, "RABBITS", "MOLES", "ANCIENT_MAPS")
TOKEN_POWERS: tuple[str | None, ...] = (None, "ON_A_DIET", "THAT_S_MINE")


class Unexplained(Exception):
    """The stored events are not what any command of these rules emits."""


@dataclass(frozen=True)
class Step:
    """One recovered decision: who sent what, on which position, causing which events."""

    seat: int
    command: Command
    before: State
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Recovered:
    started: Started
    steps: list[Step]
    final: State  # the state after the last event


def recover(state: State, events: Sequence[Event]) -> Recovered:
    """The setup and the decisions of a stored 18ZOO game (its game events, in order)."""
    if not events or not isinstance(events[0], Started):
        # a fork starts from a dealt position, without the seed: 18xx.games cannot deal it
        raise Unexplained("the game has no dealing of its own (not started, or a fork)")
    started = events[0]
    opening = start_events(state, started.players, _deck(started), started.seed)
    if list(events[: len(opening)]) != opening:
        raise Unexplained("the setup is not the one these rules deal")
    for event in opening:
        state = evolve(state, event)
    steps: list[Step] = []
    at = len(opening)
    while at < len(events):
        seat, command, emitted = _explain(state, events[at:])
        steps.append(Step(seat, command, state, tuple(emitted)))
        for event in emitted:
            state = evolve(state, event)
        at += len(emitted)
    return Recovered(started, steps, state)


def _deck(started: Started) -> tuple[str, ...]:
    if any(power is None for power in started.deck):
        raise Unexplained("the powers deck is hidden in this copy of the game")
    return tuple(power for power in started.deck if power is not None)


def _explain(state: State, ahead: Sequence[Event]) -> tuple[int, Command, list[Event]]:
    seat = acting_seat(state)
    tried: set[Command] = set()
    for command in _candidates(state, seat, ahead):
        if command in tried:
            continue
        tried.add(command)
        by = seat if seat is not None else 0
        try:
            emitted = decide(state, by, command, None)  # type: ignore[arg-type]  # draws nothing
        except Rejected:
            continue
        if emitted and list(ahead[: len(emitted)]) == emitted:
            return by, command, emitted
    raise Unexplained(f"no command explains the stored event {type(ahead[0]).__name__}")


def _candidates(state: State, seat: int | None, ahead: Sequence[Event]) -> Iterator[Command]:
    window = ahead[:WINDOW]
    # prices are read off the payments near the event (0: a power bought for nothing)
    amounts = sorted({0, *(e.amount for e in window if isinstance(e, Paid))})
    for event in window:
        yield from _read_off(state, event, amounts)
    if seat is not None:
        yield from legal(state, seat)
        yield Pass()
    if state.options.imported:
        yield EndGame()


def _read_off(state: State, event: Event, amounts: list[int]) -> Iterator[Command]:
    """The commands this stored event may have come from."""
    match event:
        case PowerMoved(power=power, to=to) if to != "closed":
            for price in amounts:
                yield Bid(power, price)
                yield BuyPower(power, price)
        case PowerMoved(power=ticket, to="closed") if ticket.startswith("ZOOTicket"):
            for price in amounts:
                yield SellTicket(ticket, price)  # an OR sale names its price; an SR one none
            yield SellTicket(ticket)
        case Parred(family=family, row=row, col=col):
            yield Par(family, market.price((row, col)))
        case SharesMoved(shares=shares, to=to) if to.startswith("p"):
            yield BuyShares(shares)
        case SharesMoved(shares=shares, to="market"):
            yield SellShares(shares)
        case (
            TilePlaced(hex=hex_, tile=tile, rotation=rotation)
            | TileLaid(hex=hex_, tile=tile, rotation=rotation)
        ):
            for layer in LAY_POWERS:
                yield LayTile(hex_, tile, rotation, layer)
        case TokenPlaced(hex=hex_, city=city, slot=slot) if state.board is not None:
            city_id = B.city_id(state.board, hex_, city)
            for tokener in TOKEN_POWERS:
                yield PlaceToken(city_id, slot, tokener)
        case TokenPut(hex=hex_, city=city, asked_slot=slot) if state.board is not None:
            city_id = B.city_id(state.board, hex_, city)
            for tokener in TOKEN_POWERS:
                yield PlaceToken(city_id, slot, tokener)
        case RunRecorded(routes=routes):
            # an empty run, or the routes recorded; rules 1 stored none: legal's best run is tried
            yield RunRoutes(routes)
            if state.options.imported:  # recorded without `nodes`, paid as the site read it
                yield RunRoutes(routes, site_read=True)
        case TrainMoved(train=train, to="discard"):
            yield DiscardTrain(train)
        case TrainMoved(train=train, variant=variant):
            for price in amounts:
                yield BuyTrain(train, price)
                yield BuyTrain(train, price, variant)
        case GameEnded(reason="manually_ended"):
            yield EndGame()
        case _:
            return
    if state.flow.step == "dividend":
        yield Dividend("payout")
        yield Dividend("withhold")
