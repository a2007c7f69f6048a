"""§5 scoring: the worked example, the bonuses, and the tie-breaks of D21."""

from __future__ import annotations

from domain.games.eiffel_mania import game
from domain.games.eiffel_mania.data import ALL_CARDS, lot_id
from domain.games.eiffel_mania.messages import (
    Award,
    CardsAwarded,
    Event,
    GameEnded,
    PileDiscarded,
    PileShuffled,
    WarningTurned,
)
from domain.games.eiffel_mania.scoring import longest_series, score_lines
from domain.games.eiffel_mania.state import State
from domain.kernel import Result


def ended(
    seats: int, owned: dict[int, list[str]], betrayals: dict[int, int] | None = None
) -> State:
    events: list[Event] = [PileShuffled(cards=ALL_CARDS, ids=tuple(f"i{n}" for n in range(24)))]
    for seat, cards in owned.items():
        events.append(
            CardsAwarded(awards=tuple(Award(card=c, seat=seat) for c in cards), how="betrayal")
        )
    for seat, count in (betrayals or {}).items():
        events.append(WarningTurned(seat=seat, betrayals=count))
    taken = {c for cards in owned.values() for c in cards}
    events.append(PileDiscarded(cards=tuple(c for c in ALL_CARDS if c not in taken)))
    events.append(GameEnded(reason="pile_empty"))
    state: State = game.fold(events, game.initial(seats, None))
    return state


def lots(*numbers: int) -> list[str]:
    return [lot_id(n) for n in numbers]


def test_worked_example_19_18_19_2_and_green_wins() -> None:
    state = ended(
        4,
        {
            0: [*lots(3, 4, 5, 12), "S10", "S07"],  # red: 1 Eiffel + 1 Clause
            1: [*lots(1, 2, 7, 8), "S11", "S12"],  # blue: 2 Eiffel
            2: lots(6, 9, 10, 11),  # green
            3: ["S01", "S04"],  # yellow: Office + Denunciation
        },
    )
    result: Result = game.result(state)
    assert result.scores == (19, 18, 19, 2)
    assert result.winners == (2,)
    assert result.ranks == (2, 3, 1, 4)
    lines = {line.seat: line for line in score_lines(state.lot_owner, state.held, state.betrayals)}
    assert [lines[s].lot_points for s in range(4)] == [11, 8, 13, 0]
    assert [lines[s].special_points for s in range(4)] == [2, 2, 0, 2]
    assert [lines[s].eiffel_bonus for s in range(4)] == [0, 8, 0, 0]
    assert [lines[s].series_bonus for s in range(4)] == [6, 0, 6, 0]
    assert result.reason == "pile_empty"


def test_lot_values_follow_the_tiers_and_total_32() -> None:
    state = ended(3, {0: lots(*range(1, 13))})
    line = score_lines(state.lot_owner, state.held, state.betrayals)[0]
    assert line.lot_points == 32
    assert line.longest_series == 12 and line.series_bonus == 24


def test_eiffel_bonus_needs_one_card_and_tied_leaders_all_score() -> None:
    none = ended(3, {0: lots(1, 5), 1: lots(9)})
    assert all(
        line.eiffel_bonus == 0 for line in score_lines(none.lot_owner, none.held, none.betrayals)
    )
    tied = ended(3, {0: [*lots(1, 5), "S10"], 1: [*lots(9), "S11"], 2: [*lots(3), "S12"]})
    bonuses = [line.eiffel_bonus for line in score_lines(tied.lot_owner, tied.held, tied.betrayals)]
    assert bonuses == [4, 2, 2]


def test_series_bonus_only_for_the_longest_and_at_least_two() -> None:
    singles = ended(3, {0: lots(1, 3), 1: lots(5, 7)})
    assert [
        x.series_bonus for x in score_lines(singles.lot_owner, singles.held, singles.betrayals)
    ] == [0, 0, 0]
    mixed = ended(3, {0: lots(1, 2, 5, 6, 7), 1: lots(9, 10)})
    lines = score_lines(mixed.lot_owner, mixed.held, mixed.betrayals)
    assert [x.series_bonus for x in lines] == [6, 0, 0]
    assert longest_series([1, 2, 5, 6, 7]) == 3 and longest_series([]) == 0


def test_tie_on_total_broken_by_lot_points_then_fewer_betrayals_then_shared() -> None:
    # 0: lot 12 (5); 1: lot 10 (4) + Office (1): both 5; lot points decide
    by_lots = game.result(ended(3, {0: lots(12), 1: [*lots(10), "S01"]}))
    assert by_lots.scores[:2] == (5, 5) and by_lots.ranks == (1, 2, 3)
    # 0 and 1 identical holdings in value; 1 betrayed less
    by_betrayals = game.result(ended(3, {0: lots(10), 1: lots(11)}, betrayals={0: 2, 1: 1}))
    assert by_betrayals.ranks == (2, 1, 3)
    shared = game.result(ended(3, {0: lots(10), 1: lots(11)}, betrayals={0: 1, 1: 1}))
    assert shared.ranks == (1, 1, 3) and shared.winners == (0, 1)
