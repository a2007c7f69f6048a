"""Rules tests read as: given(events) / when(seat, command) / then(events) or rejects(reason)."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from domain.kernel import Game, Reason, Rejected


class When:
    def __init__(self, game: Game[Any, Any, Any], state: Any, seat: int, command: Any, rng: Any):
        self.game, self.state, self.seat, self.command, self.rng = game, state, seat, command, rng

    @property
    def events(self) -> list[Any]:
        return self.game.decide(self.state, self.seat, self.command, self.rng)

    @property
    def after(self) -> Any:
        return self.game.fold(self.events, self.state)

    def then(self, *expected: Any) -> Any:
        events = self.events
        assert list(events) == list(expected), f"\nexpected {expected}\n     got {events}"
        return self.game.fold(events, self.state)

    def rejects(self, reason: Reason, detail_contains: str = "") -> Rejected:
        try:
            events = self.game.decide(self.state, self.seat, self.command, self.rng)
        except Rejected as refusal:
            assert refusal.reason == reason, f"rejected {refusal.reason}, expected {reason}"
            assert detail_contains in refusal.detail, refusal.detail
            return refusal
        raise AssertionError(f"expected {reason}, got events {events}")


class Given:
    def __init__(self, game: Game[Any, Any, Any], state: Any):
        self.game, self.state = game, state

    def when(self, seat: int, command: Any, rng: Any = None) -> When:
        return When(self.game, self.state, seat, command, rng or random.Random(0))

    def and_(self, *events: Any) -> Given:
        return Given(self.game, self.game.fold(events, self.state))


def given(game: Game[Any, Any, Any], *events: Any, seats: int = 4, options: Any = None) -> Given:
    opts = options if options is not None else msgspec.convert({}, game.options_type)
    return Given(game, game.fold(events, game.initial(seats, opts)))
