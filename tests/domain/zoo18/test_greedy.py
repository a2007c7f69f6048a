"""The greedy 18ZOO bot plays legal games and beats random players."""

from __future__ import annotations

import random

import pytest

from clients.python.simulate import play
from domain.bots import random_bot, strategy
from domain.games.zoo18 import game
from domain.games.zoo18.messages import Options

pytestmark = pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)


def test_greedy_beats_two_random_players() -> None:
    greedy = strategy("18zoo", "greedy")
    for seed, map_id in ((0, "A"), (1, "D")):
        played = play(
            game, 3, Options(map=map_id), [greedy, random_bot, random_bot], random.Random(seed)
        )
        result = game.result(played.state)
        assert result.ranks[0] == 1, result.scores
