"""Hypothesis: random legal games (3 and 4 seats) keep every card and every count in bounds."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.eiffel_mania import game
from domain.games.eiffel_mania.data import ALL_CARDS, MAX_OFFERS
from domain.games.eiffel_mania.state import State, owned_lots
from tests.gameplay import check_random_game


def all_24_cards_accounted_for(state: State) -> None:
    places = [c for c in state.pile if c is not None]
    assert len(places) == len(state.pile) == len(state.pile_ids)
    places += state.revealed + state.discarded
    for seat in range(state.seats):
        places += owned_lots(state, seat) + state.held[seat]
    counts = Counter(places)
    assert sorted(counts) == sorted(ALL_CARDS), f"missing or extra cards: {counts}"
    assert max(counts.values()) == 1, f"a card is in two places: {counts.most_common(2)}"


def betrayals_in_bounds(state: State) -> None:
    assert all(0 <= b <= 3 for b in state.betrayals), state.betrayals
    for seat in range(state.seats):
        if state.inactive[seat]:
            assert state.betrayals[seat] == 3
        elif state.phase in ("talk", "office", "denounce", "check"):
            assert state.betrayals[seat] < 3, "a 3rd betrayal makes a player inactive at R8"


def negotiation_is_sane(state: State) -> None:
    assert len(state.offers) <= MAX_OFFERS
    assert sum(o.status in ("pending", "accepted") for o in state.offers) <= 1
    if state.phase == "talk":
        assert state.principal != state.partner
        assert not state.inactive[state.principal] and not state.inactive[state.partner]
        assert len(state.revealed) == 2
    if state.phase == "over":
        assert not state.pile or state.end_reason == "inactivity"


INVARIANTS = (all_24_cards_accounted_for, betrayals_in_bounds, negotiation_is_sane)


@settings(
    max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from([3, 4]))
def test_random_games(seed: int, seats: int) -> None:
    played = check_random_game(game, seats, seed, invariants=INVARIANTS)
    state: State = played.state
    assert game.is_over(state)
    result = game.result(state)
    assert len(result.scores) == seats and min(result.ranks) == 1
    if state.end_reason == "pile_empty":
        assert state.pile == ()
    else:
        assert sum(not flag for flag in state.inactive) <= 1 and state.pile == ()


def test_random_games_reach_both_ends_and_every_decision() -> None:
    ends: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for seed in range(150):
        played = check_random_game(game, 3 + seed % 2, seed)
        ends[played.state.end_reason or ""] += 1
        kinds.update(type(e).__name__ for e in played.events)
    assert ends["pile_empty"] and ends["inactivity"]
    for name in (
        "OfficePlayed",
        "PileReordered",
        "OfferAccepted",
        "Denounced",
        "DenunciationJudged",
        "ClauseInvoked",
        "CardGiven",
        "BecameInactive",
    ):
        assert kinds[name] > 0, f"no random game exercised {name}"
