"""The smarter bot counters what the opponent showed, and only what it showed."""

from __future__ import annotations

import random
from typing import Any

from msgspec.structs import replace

from clients.python.simulate import play
from domain.bots import random_bot, strategy
from domain.games.rock_paper_scissors import game
from domain.games.rock_paper_scissors.data import HANDS
from domain.games.rock_paper_scissors.messages import Options
from domain.games.rock_paper_scissors.state import State

greedy = strategy("rock_paper_scissors", "greedy")


def always_rock(game: Any, state: Any, seat: int, legal: Any, rng: Any) -> Any:
    return legal[0]


def test_it_is_found_through_the_registry() -> None:
    assert greedy.__module__ == "domain.games.rock_paper_scissors.bots"


def test_it_beats_a_player_who_always_shows_rock() -> None:
    for seed in range(5):
        played = play(game, 2, Options(rounds=25), [greedy, always_rock], random.Random(seed))
        wins, losses = played.state.scores
        assert wins >= 23 and losses <= 1  # only the first round is a guess


def test_it_does_not_lose_to_the_random_bot_on_average() -> None:
    totals = [0, 0]
    for seed in range(40):
        played = play(game, 2, Options(rounds=9), [greedy, random_bot], random.Random(seed))
        totals = [t + s for t, s in zip(totals, played.state.scores, strict=True)]
    assert totals[0] >= 0.8 * totals[1]  # random play cannot be exploited; it must not be fooled


def test_its_choice_does_not_depend_on_the_pending_hand() -> None:
    checked = 0
    for seed in range(20):
        played = play(game, 2, Options(rounds=6), [random_bot] * 2, random.Random(seed))
        state: State = game.initial(2, Options(rounds=6))
        for event in played.events:
            state = game.evolve(state, event)
            other = 1
            if state.over or state.chosen[0] or not state.chosen[1]:
                continue
            picks = set()
            for hand in HANDS:
                twin = replace(state, hands=(None, hand))
                picks.add(greedy(game, twin, 0, game.legal(twin, 0), random.Random(seed)))
            assert len(picks) == 1, f"seat 0 plays differently as seat {other}'s hand changes"
            checked += 1
    assert checked > 20
