"""The benchmark game: 4 players take turns bumping a public counter, each with a secret hand.

It has the same shape as the peer's game in `bench/peer/server.js` (boardgame.io): a public
counter, a small per-player secret redacted for the others, one move per turn, turns in seat
order. It is registered only inside the benchmark processes (see `register`), never in the
project's registry. It imports only the standard library and msgspec, like a real game.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.chance import Rng
from domain.kernel import Game, Omniscient, Reason, Rejected, Result, Seat, Viewer, ranks_from_keys

NAME = "bench_counter"
HAND = 5


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    target: int = 0  # the game ends when the counter reaches it; 0: never


class Bump(msgspec.Struct, frozen=True, tag_field="type", tag="bump", forbid_unknown_fields=True):
    amount: int = 1


class Dealt(msgspec.Struct, frozen=True, tag_field="type", tag="bench_dealt"):
    hands: tuple[tuple[int, ...] | None, ...]


class Bumped(msgspec.Struct, frozen=True, tag_field="type", tag="bench_bumped"):
    seat: int
    amount: int
    counter: int


Event = Dealt | Bumped


class State(msgspec.Struct, frozen=True):
    seats: int
    target: int
    counter: int = 0
    turn: int = 0
    moves: int = 0
    hands: tuple[tuple[int, ...], ...] = ()


def initial(seats: int, options: Options) -> State:
    return State(seats=seats, target=options.target)


def setup(state: State, rng: Rng) -> list[Any]:
    hands = tuple(tuple(rng.randrange(100) for _ in range(HAND)) for _ in range(state.seats))
    return [Dealt(hands=hands)]


def is_over(state: State) -> bool:
    return state.target > 0 and state.counter >= state.target


def decide(state: State, seat: int, command: Any, rng: Rng) -> list[Any]:
    if is_over(state):
        raise Rejected(Reason.GAME_OVER)
    if seat != state.turn:
        raise Rejected(Reason.NOT_YOUR_TURN, f"it is seat {state.turn}'s turn")
    if not isinstance(command, Bump):
        raise Rejected(Reason.UNKNOWN_COMMAND)
    if not 1 <= command.amount <= 3:
        raise Rejected(Reason.ILLEGAL, f"a bump is 1 to 3, not {command.amount}")
    return [Bumped(seat=seat, amount=command.amount, counter=state.counter + command.amount)]


def evolve(state: State, event: Any) -> State:
    if isinstance(event, Bumped):  # nearly every event: tested first
        return msgspec.structs.replace(
            state,
            counter=event.counter,
            turn=(event.seat + 1) % state.seats,
            moves=state.moves + 1,
        )
    if isinstance(event, Dealt):
        hands = tuple(hand or () for hand in event.hands)
        return msgspec.structs.replace(state, hands=hands)
    return state


def legal(state: State, seat: int) -> list[Any]:
    if is_over(state) or seat != state.turn:
        return []
    return [Bump(amount=1)]


def _hidden(hands: tuple[Any, ...], viewer: Viewer) -> list[Any]:
    """`hands` as `viewer` sees them: all of them, its own, or none."""
    if isinstance(viewer, Omniscient):
        return list(hands)
    shown: list[Any] = [None] * len(hands)
    if isinstance(viewer, Seat) and 0 <= viewer.n < len(hands):
        shown[viewer.n] = hands[viewer.n]
    return shown


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    return {
        "counter": state.counter,
        "turn": state.turn,
        "moves": state.moves,
        "awaiting": {"seat": state.turn, "for": "bump"} if not is_over(state) else None,
        "hands": _hidden(state.hands, viewer),
    }


def redact(event: Any, viewer: Viewer) -> Any:
    if isinstance(event, Dealt):
        return Dealt(hands=tuple(_hidden(event.hands, viewer)))
    return event


def result(state: State) -> Result:
    scores = tuple(sum(h) for h in state.hands)
    return Result(scores=scores, ranks=ranks_from_keys([(s,) for s in scores]), reason="counter")


game: Game[State, Any, Any] = Game(
    name=NAME,
    title="Benchmark counter",
    min_seats=2,
    max_seats=4,
    options_type=Options,
    command_type=Bump,
    event_type=Event,
    initial=initial,
    setup=setup,
    decide=decide,
    evolve=evolve,
    is_over=is_over,
    result=result,
    legal=legal,
    view=view,
    redact=redact,
)


def register() -> None:
    """The benchmark's hook: make `domain.games.get("bench_counter")` return this game."""
    from domain import games

    games.register(game)


def unregister() -> None:
    """Undo `register` (tests share one process with the rest of the suite)."""
    from domain import games

    games.unregister(NAME)
