"""The checks every game's random-play property test makes after every step."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec

from clients.python.simulate import Played, play
from domain.bots import random_bot
from domain.kernel import OMNISCIENT, SPECTATOR, Game, Seat

Invariant = Callable[[Any], None]


def check_random_game(
    game: Game[Any, Any, Any],
    seats: int,
    seed: int,
    options: Any = None,
    invariants: tuple[Invariant, ...] = (),
    max_commands: int = 20_000,
) -> Played:
    """Play a random legal game; decide never raises on a legal command (play would raise),
    every event round-trips through msgspec, every viewer's redaction encodes, invariants
    hold after each step, and folding the decoded events from scratch equals the live state."""
    opts = options if options is not None else msgspec.convert({}, game.options_type)
    decoder = msgspec.json.Decoder(game.event_type)
    viewers = [OMNISCIENT, SPECTATOR, *(Seat(n) for n in range(seats))]
    stored: list[bytes] = []

    def after_step(state: Any, new: list[Any]) -> None:
        for event in new:
            raw = msgspec.json.encode(event)
            assert decoder.decode(raw) == event, f"{event} does not round-trip"
            stored.append(raw)
            for viewer in viewers:
                shown = game.redact(event, viewer)
                if shown is not None:
                    decoder.decode(msgspec.json.encode(shown))
        for invariant in invariants:
            invariant(state)

    rng = random.Random(seed)
    played = play(game, seats, opts, [random_bot] * seats, rng, max_commands, after_step)
    replayed = game.fold((decoder.decode(raw) for raw in stored), game.initial(seats, opts))
    assert replayed == played.state, "folding the stored events does not rebuild the live state"
    for viewer in viewers:
        msgspec.json.encode(game.view(played.state, viewer))
    game.result(played.state)
    return played
