"""The start of a game: the seats' names, the powers deck dealt, the draft opened."""

from __future__ import annotations

from domain.chance import Rng
from domain.games.zoo18.ctx import Ctx
from domain.games.zoo18.deck import draw_seed, lcg_deck, random_deck
from domain.games.zoo18.messages import Event, Options, Started
from domain.games.zoo18.rounds import settle, start_draft
from domain.games.zoo18.state import State


def initial(seats: int, options: Options) -> State:
    return State(seats=seats, options=options)


def seat_names(seats: int) -> tuple[str, ...]:
    return tuple(f"Player {n + 1}" for n in range(seats))


def start_events(
    state: State, names: tuple[str, ...], deck: tuple[str, ...], seed: int | None = None
) -> list[Event]:
    ctx = Ctx(state)
    ctx.emit(Started(state.options.map, names, deck, seed))
    start_draft(ctx)
    settle(ctx)
    return ctx.events


def setup(state: State, rng: Rng) -> list[Event]:
    names = seat_names(state.seats)
    if state.options.rules < 2 or not state.options.exportable:
        return start_events(state, names, random_deck(rng))
    seed = draw_seed(rng)
    return start_events(state, names, lcg_deck(seed), seed)
