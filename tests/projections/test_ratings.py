"""The ratings' fold (`projections.ratings`): the order the games are folded in is the order of
their ends, whatever order they are read in, so two processes agree to the last bit; ties are
ties; and which stored games count."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from domain.clocks import TimeRanOut
from domain.forks import GameForked
from domain.rules import ResultRecorded
from domain.seat_bots import BotSeated
from domain.table import GameStarted, RatingAsked, SeatClaimed, TableOpened
from projections.ratings import FRESH, RatedGame, rate, rated_game

PLAYERS = ["ann", "bob", "cy", "dee", "eve"]


@st.composite
def tournaments(draw: st.DrawFn) -> list[RatedGame]:
    games = []
    for n in range(draw(st.integers(1, 12))):
        seats = draw(st.integers(2, 4))
        accounts = draw(st.permutations(PLAYERS))[:seats]
        ranks = draw(st.lists(st.integers(1, seats), min_size=seats, max_size=seats))
        game = draw(st.sampled_from(["rock_paper_scissors", "vertigo"]))
        ended = draw(st.integers(0, 5))  # often the same millisecond: the id breaks the tie
        games.append(RatedGame(f"g{n}", game, ended, tuple(accounts), tuple(ranks)))
    return games


@given(tournaments(), st.randoms(use_true_random=False))
def test_any_reading_order_folds_to_the_same_numbers(games: list[RatedGame], rnd: Any) -> None:
    shuffled = list(games)
    rnd.shuffle(shuffled)
    assert rate(shuffled) == rate(games)


def test_the_order_of_the_ends_is_the_order_folded() -> None:
    first = RatedGame("a", "rock_paper_scissors", 1, ("ann", "bob"), (1, 2))
    then = RatedGame("b", "rock_paper_scissors", 2, ("bob", "ann"), (1, 2))
    swapped = [
        RatedGame("a", "rock_paper_scissors", 2, ("ann", "bob"), (1, 2)),
        RatedGame("b", "rock_paper_scissors", 1, ("bob", "ann"), (1, 2)),
    ]
    folded = rate([first, then])
    assert [p.game_id for p in folded.history["ann"]] == ["a", "b"]
    assert [p.game_id for p in rate(swapped).history["ann"]] == ["b", "a"]
    assert rate(swapped).standings != folded.standings  # the order matters, so it is fixed


def test_the_winner_gains_the_loser_loses_and_a_tie_is_a_tie() -> None:
    won = rate([RatedGame("g", "vertigo", 1, ("ann", "bob", "cy"), (1, 2, 3))])
    table = won.standings["vertigo"]
    assert table["ann"].mu > FRESH.mu > table["cy"].mu
    assert table["ann"].mu > table["bob"].mu > table["cy"].mu
    assert all(s.sigma < FRESH.sigma and s.games == 1 for s in table.values())
    tied = rate([RatedGame("g", "vertigo", 1, ("ann", "bob"), (1, 1))]).standings["vertigo"]
    assert tied["ann"] == tied["bob"]
    line = won.history["ann"][0]
    assert (line.rank, line.before, line.after) == (1, FRESH.rating, table["ann"].rating)
    assert [a for a, _ in won.leaderboard("vertigo")] == ["ann", "bob", "cy"]


OPENED = TableOpened(game="rock_paper_scissors", seats=2)
RESULT = ResultRecorded(scores=(2, 1), ranks=(1, 2), reason="rounds", digest="d")
SEATED = [SeatClaimed(0, "Ann"), SeatClaimed(1, "Bob"), GameStarted(2)]


def counted(events: list[Any], owners: list[tuple[str, int] | None]) -> RatedGame | None:
    return rated_game("g1", events, list(range(10, 10 + len(events))), owners)


def test_which_games_count() -> None:
    owners: list[tuple[str, int] | None] = [("ann", 0), ("bob", 0)]
    rated = [OPENED, RatingAsked(), *SEATED, RESULT]
    game = counted(rated, owners)
    assert game == RatedGame("g1", "rock_paper_scissors", 15, ("ann", "bob"), (1, 2))
    assert counted([OPENED, *SEATED, RESULT], owners) is None  # not asked
    assert counted([OPENED, RatingAsked(), *SEATED], owners) is None  # not over
    fork = GameForked(game_id="g0", version=3, knower=0, labels=("Ann", "Bob"))
    assert counted([OPENED, fork, RatingAsked(), *SEATED, RESULT], owners) is None
    assert counted([*rated[:-1], BotSeated(1), RESULT], owners) is None  # a bot played
    # out of time, its turns played by a bot: played badly, not absent
    assert counted([*rated[:-1], TimeRanOut(1), RESULT], owners) is not None
    assert counted(rated, [("ann", 0), None]) is None  # a guest's seat
    assert counted(rated, [("ann", 0), ("ann", 0)]) is None  # one person, two seats
    assert counted(rated, [("ann", 0), ("bob", 15)]) is not None  # attached at the end
    assert counted(rated, [("ann", 0), ("bob", 16)]) is None  # attached after it


@given(tournaments(), tournaments())
def test_folding_on_the_games_ended_since_is_folding_them_all(
    before: list[RatedGame], since: list[RatedGame]
) -> None:
    later = [
        RatedGame(f"later{n}", g.game, g.ended_ms + 100, g.accounts, g.ranks)
        for n, g in enumerate(since)
    ]
    assert rate(later, onto=rate(before)) == rate(before + later)
