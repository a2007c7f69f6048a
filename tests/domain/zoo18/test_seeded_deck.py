"""Rules 2 deals the powers deck as 18xx.games does: from a seed drawn at setup, kept secret."""

from __future__ import annotations

import random

import pytest

from domain.games.zoo18 import game
from domain.games.zoo18.data import RULES
from domain.games.zoo18.deck import lcg_deck, random_deck
from domain.games.zoo18.messages import Options, Started
from domain.kernel import OMNISCIENT, SPECTATOR, Seat


def _started(rules: int, seed: int, seats: int = 3, exportable: bool = True) -> Started:
    state = game.initial(seats, Options(map="C", rules=rules, exportable=exportable))
    first = game.setup(state, random.Random(seed))[0]
    assert isinstance(first, Started)
    return first


def test_today_the_deck_is_the_sites_shuffle_of_the_recorded_seed() -> None:
    assert RULES >= 2
    started = _started(RULES, 7)
    assert started.seed is not None
    assert 0 <= started.seed < 2**31
    assert started.deck == lcg_deck(started.seed)


def test_the_seed_comes_from_the_games_randomness() -> None:
    seeds = {_started(RULES, n).seed for n in range(8)}
    assert len(seeds) == 8
    assert _started(RULES, 3).seed == _started(RULES, 3).seed


def test_a_game_not_asked_to_be_exportable_is_dealt_by_plateaus_shuffle() -> None:
    """The default: the site's 2**31 decks are few enough for a viewer to search out the
    hidden powers from the face-up ones, so only a game created exportable is dealt so."""
    started = _started(RULES, 11, exportable=False)
    assert started.seed is None
    assert started.deck == random_deck(random.Random(11))
    assert Options().exportable is False


def test_rules_1_keeps_its_own_shuffle_and_records_no_seed() -> None:
    started = _started(1, 11)
    assert started.seed is None
    assert started.deck == random_deck(random.Random(11))


@pytest.mark.parametrize("viewer", [Seat(0), Seat(2), SPECTATOR])
def test_no_viewer_is_shown_the_seed(viewer: Seat) -> None:
    started = _started(RULES, 5)
    shown = game.redact(started, viewer)
    assert isinstance(shown, Started)
    assert shown.seed is None
    assert shown.deck[-1] is None  # the deck below the face-up powers is hidden as before


def test_the_server_itself_keeps_it() -> None:
    started = _started(RULES, 5)
    assert game.redact(started, OMNISCIENT) == started
