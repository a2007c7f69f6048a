"""The greedy bot beats the random bot, and decides only on what its seat can see."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from clients.python.simulate import play
from domain.bots import random_bot, strategy
from domain.games.bienvenue_a_bord import Options, game
from domain.games.bienvenue_a_bord.bots import estimate, greedy, pile_gain
from domain.games.bienvenue_a_bord.messages import Choice, Resolve, TakePile
from tests.domain.bienvenue_a_bord.positions import at, boarded, dealt, opened

pytestmark = pytest.mark.no_cover  # games by the hundred: unmeasured (tests/conftest.py)


@pytest.mark.parametrize("rules", [1, 2])
def test_greedy_wins_most_games_against_random(rules: int) -> None:
    games, wins = 100, 0
    for n in range(games):
        seat = n % 2  # alternate seats
        bots: list[Any] = [random_bot, random_bot]
        bots[seat] = greedy
        options = Options(rules=rules)
        result = play(game, 2, options, bots, random.Random(7_000 + n)).result(game)
        wins += result.ranks[seat] == 1 and result.ranks[1 - seat] == 2
    assert wins >= 65, f"greedy won only {wins} of {games}"


def test_greedy_is_registered() -> None:
    assert strategy("bienvenue_a_bord", "greedy") is greedy


def test_greedy_ignores_the_hidden_pile() -> None:
    rng = random.Random(2)

    def peeking_check(bot: Any) -> Any:
        def wrapped(g: Any, state: Any, seat: int, legal: Any, r: Any) -> Any:
            masked = msgspec.structs.replace(state, pile=(None,) * len(state.pile))
            chosen = bot(g, state, seat, legal, r)
            assert bot(g, masked, seat, legal, r) == chosen
            return chosen

        return wrapped

    played = play(game, 2, Options(), [peeking_check(greedy)] * 2, rng)
    assert game.is_over(played.state)


def test_greedy_seats_a_rich_passenger_in_a_cabin_that_satisfies_him() -> None:
    position = at(dealt("OBJ02", ("PAS22", "OBJ03")), opened(1, "1A", "3A"))
    legal = game.legal(position.state, 1)
    command = greedy(game, position.state, 1, legal, random.Random(0))
    assert command == Resolve(card="PAS22", choice=Choice(cabin="3A"))


def test_greedy_orders_its_cards_like_the_worked_example() -> None:
    """One open cabin, a +3 and a Sun: the Sun scores at every stopover left, so Sun first."""
    position = at(dealt("CAB08", ("PAS19", "PAS05")), boarded(1, "1A", vp=1), opened(1, "1B"))
    legal = game.legal(position.state, 1)
    command = greedy(game, position.state, 1, legal, random.Random(0))
    assert command == Resolve(card="PAS05", choice=Choice(cabin="1B"))


def test_the_chooser_prefers_the_pile_that_helps_him_more() -> None:
    """Two rich passengers with cabins ready beat a lone objective worth nothing yet."""
    position = at(dealt("OBJ09", ("PAS21", "PAS22"), chooser_takes="pair"), opened(1, "3A", "3B"))
    state = msgspec.structs.replace(position.state, phase="choose", hands=((), ()))
    command = greedy(game, state, 1, game.legal(state, 1), random.Random(0))
    assert command == TakePile(pile="pair")


def test_estimate_counts_future_sun_scoring_and_open_cabins() -> None:
    empty = at(dealt("OBJ02", ("OBJ03", "OBJ04"))).state.sheets[1]
    sunny = at(boarded(1, "1A", symbol="sun")).state.sheets[1]
    roomy = at(opened(1, "3A")).state.sheets[1]
    assert estimate(empty, 1) == 0
    assert estimate(sunny, 1) == 2 * 4  # one Sun, four stopovers to come
    assert estimate(roomy, 1) > 0 and estimate(roomy, 20) == 0


def test_greedy_values_a_pile_by_the_rules_its_game_plays() -> None:
    """Under version 2 a Sun taken with a passenger who needs Sun comes too late for him: to
    the bot that pile is worth one Unhappy (1 point) less than under version 1."""
    gains = {}
    for rules in (1, 2):
        position = at(dealt("OBJ02", ("PAS05", "PAS27")), opened(1, "1A", "2A"), rules=rules)
        choosing = msgspec.structs.replace(
            position.state, phase="choose", hands=((), ()), received=((), ())
        )
        gains[rules] = pile_gain(choosing, 1, ("PAS05", "PAS27"))
    assert gains[1] - gains[2] == 1
