"""The greedy bot against three random bots (four players); the 300-game figure is in the
report, this smaller fixed sample keeps the suite fast."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from clients.python.simulate import play
from domain.bots import random_bot, strategy
from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.bots import estimate, greedy, law_gain
from domain.games.vertigo.state import Task
from tests.domain.vertigo.helpers import country, position

pytestmark = pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)

OPTIONS = m.Options()


def test_greedy_is_registered() -> None:
    assert strategy("vertigo", "greedy") is greedy


def test_greedy_wins_most_four_player_games_against_random_bots() -> None:
    games, wins = 40, 0
    for seed in range(games):
        seat = seed % 4
        bots = [random_bot] * 4
        bots[seat] = greedy
        played = play(game, 4, OPTIONS, bots, random.Random(seed))
        wins += game.result(played.state).ranks[seat] == 1
    assert wins >= 0.6 * games, f"greedy won {wins} of {games}"


def test_greedy_votes_by_the_public_effect_of_the_law_on_itself() -> None:
    rich = country(R="PPPP......", diplomats=1, safe=30)
    state = position(
        rich,
        country(diplomats=1, safe=0),
        agenda=[Task("vote", seat=1, law=1), Task("pause")],
        vote_law=1,
        vote_proposer=1,
        voters=(0, 1),
    )
    assert law_gain(state, 0, 1, 1) < 0 and law_gain(state, 1, 1, 1) > 0
    assert greedy(game, state, 0, game.legal(state, 0), random.Random(0)) == m.Vote("no")


def test_greedy_builds_a_factory_when_it_can() -> None:
    board = country(R="oo........", C="ooooo.....", ready=(1, 0, 0), safe=20)
    state = position(board, country(), agenda=[Task("build", seat=0), Task("pause")], turn=3)
    choice = greedy(game, state, 0, game.legal(state, 0), random.Random(0))
    assert choice == m.BuildFactory("R1", "polluting")
    assert estimate(
        game.fold(game.decide(state, 0, choice, random.Random(0)), state), 0
    ) > estimate(state, 0)


def test_greedy_ignores_the_hidden_votes_of_others() -> None:
    base = position(
        country(R="PP........", diplomats=2, safe=30),
        country(diplomats=1, safe=0),
        country(diplomats=1, safe=0),
        agenda=[Task("vote", seat=1, law=4), Task("pause")],
        vote_law=4,
        vote_proposer=1,
        voters=(0, 1, 2),
    )
    choices = set()
    for hidden in ("yes", "no", "abstain"):
        state = replace(base, votes=((1, hidden), (2, hidden)))
        choices.add(greedy(game, state, 0, game.legal(state, 0), random.Random(0)))
    assert choices == {m.Vote("no")}  # solidarity would take its money, whatever others said
