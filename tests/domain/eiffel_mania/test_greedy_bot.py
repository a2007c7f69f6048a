"""The greedy bot plays legal commands, takes the better card, and beats random bots."""

from __future__ import annotations

import random

from clients.python.simulate import play
from domain.bots import random_bot, strategy
from domain.games.eiffel_mania import game
from domain.games.eiffel_mania.bots import greedy
from domain.games.eiffel_mania.messages import COLLABORATE, CommitStance, PickCard
from tests.domain.eiffel_mania.helpers import play as play_moves
from tests.domain.eiffel_mania.helpers import table


def test_registered_as_the_greedy_strategy() -> None:
    assert strategy("eiffel_mania", "greedy") is greedy


def test_greedy_picks_the_card_worth_more_to_it() -> None:
    start = play_moves(
        table(top=("L01", "L12")),
        (0, CommitStance(stance=COLLABORATE)),
        (1, CommitStance(stance=COLLABORATE)),
    )
    legal = game.legal(start.state, 0)
    assert greedy(game, start.state, 0, legal, random.Random(0)) == PickCard(card="L12")


def test_greedy_beats_random_bots() -> None:
    wins = 0
    games = 60
    for seed in range(games):
        seats = 3 + seed % 2
        me = seed % seats
        bots = [greedy if s == me else random_bot for s in range(seats)]
        played = play(game, seats, None, bots, random.Random(seed))
        wins += me in game.result(played.state).winners
    assert wins / games > 0.5, f"greedy won only {wins} of {games}"
