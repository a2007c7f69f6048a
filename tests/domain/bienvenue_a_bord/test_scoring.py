"""§5 scoring and tie-breaks (D11, D12, D16) and the spec's worked example, turn and sheet."""

from __future__ import annotations

from typing import Any

import pytest

from domain.games.bienvenue_a_bord.data import fun_points
from domain.games.bienvenue_a_bord.flow import game_end
from domain.games.bienvenue_a_bord.messages import (
    BonusSymbolChosen,
    CabinsOpened,
    CardsRevealed,
    Choice,
    GameEnded,
    LovePlaced,
    MajorityDecided,
    ObjectiveTaken,
    PassengerBoarded,
    PassengerTurnedAway,
    PeopleChecked,
    PileSplit,
    PileTaken,
    Resolve,
    Split,
    SunScored,
    TakePile,
)
from domain.games.bienvenue_a_bord.scoring import breakdown, objective_points, total
from domain.games.bienvenue_a_bord.state import Objective
from tests.domain.bienvenue_a_bord.positions import at, boarded, opened, people, started, state_at


@pytest.mark.parametrize(
    ("funs", "points"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 20), (8, 30)]
)
def test_the_fun_table(funs: int, points: int) -> None:
    assert fun_points(funs) == points


# ---------------------------------------------------------------- the worked example: a turn


def turn_seven() -> list[Any]:
    """A (seat 0) has 1A-1C occupied and 1D open-empty; B (seat 1) splits turn 7."""
    events: list[Any] = started("PAS19", "CAB08", "PAS05", splitter=1)
    events[-1] = CardsRevealed(turn=7, splitter=1, cards=("PAS19", "CAB08", "PAS05"))
    return [
        *events,
        boarded(0, "1A", vp=1),
        boarded(0, "1B", vp=1),
        boarded(0, "1C", vp=1),
        opened(0, "1D"),
    ]


def test_worked_example_turn_split_and_choice() -> None:
    position = at(*turn_seven())
    after_split = position.when(1, Split(single="CAB08")).then(
        PileSplit(seat=1, single="CAB08", pair=("PAS19", "PAS05"))
    )
    # A takes the pair; B's CAB08 has a single outcome (one 2-star and one 1-star cabin)
    at(*turn_seven()).and_(PileSplit(seat=1, single="CAB08", pair=("PAS19", "PAS05"))).when(
        0, TakePile(pile="pair")
    ).then(
        PileTaken(seat=0, pile="pair", hands=(("PAS19", "PAS05"), ("CAB08",))),
        CabinsOpened(seat=1, source="CAB08", cabins=("2A", "1A")),
    )
    assert after_split.phase == "choose"


def resolving() -> Any:
    return at(
        *turn_seven(),
        PileSplit(seat=1, single="CAB08", pair=("PAS19", "PAS05")),
        PileTaken(seat=0, pile="pair", hands=(("PAS19", "PAS05"), ("CAB08",))),
        CabinsOpened(seat=1, source="CAB08", cabins=("2A", "1A")),
    )


def test_worked_example_turn_pas19_first() -> None:
    position = resolving()
    events = position.when(0, Resolve(card="PAS19", choice=Choice(cabin="1D"))).events
    assert events[:4] == [
        PassengerBoarded(seat=0, card="PAS19", cabin="1D", vp=3),
        PeopleChecked(seat=0, satisfied=0, unhappy=1, why="cabin_too_low"),
        PassengerTurnedAway(seat=0, card="PAS05"),  # the engine: his only legal command
        PeopleChecked(seat=0, satisfied=0, unhappy=1, why="no_open_cabin"),
    ]
    assert isinstance(events[4], CardsRevealed) and events[4].splitter == 0
    after = position.when(0, Resolve(card="PAS19", choice=Choice(cabin="1D"))).after
    assert after.sheets[0].unhappy == 2 and after.sheets[0].cabin("1D").vp == 3


def test_worked_example_turn_pas05_first() -> None:
    events = resolving().when(0, Resolve(card="PAS05", choice=Choice(cabin="1D"))).events
    assert events[:3] == [
        PassengerBoarded(seat=0, card="PAS05", cabin="1D", symbol="sun"),
        PassengerTurnedAway(seat=0, card="PAS19"),
        PeopleChecked(seat=0, satisfied=0, unhappy=1, why="no_open_cabin"),
    ]


# ---------------------------------------------------------------- the worked example: a sheet


def sheet_a() -> list[Any]:
    return [
        boarded(0, "1A", vp=2),
        boarded(0, "1B", symbol="fun"),
        boarded(0, "1C", vp=-1),
        boarded(0, "2A", vp=3),
        LovePlaced(seat=0, source="PAS32", cabin="2A", vp=4),
        boarded(0, "2B", vp=4),
        boarded(0, "2C", symbol="sun"),
        boarded(0, "2D", symbol="game"),
        boarded(0, "3A", symbol="fun"),
        boarded(0, "3B", symbol="sun"),
        opened(0, "1D"),
        BonusSymbolChosen(seat=0, symbol="fun"),
        people(0, satisfied=6, unhappy=2),
        ObjectiveTaken(seat=0, card="OBJ06"),
        ObjectiveTaken(seat=0, card="OBJ01"),
        ObjectiveTaken(seat=0, card="OBJ09"),
    ]


def sheet_b_55_with_5_satisfied() -> list[Any]:
    return [
        boarded(1, "3A", vp=5),
        boarded(1, "3B", vp=4),
        boarded(1, "1A", vp=1),
        LovePlaced(seat=1, source="PAS33", cabin="3A", vp=4),
        people(1, satisfied=5),
    ]


def stopovers(a_wins: tuple[str, ...], b_wins: tuple[str, ...]) -> list[Any]:
    events: list[Any] = [
        SunScored(stopover=n + 1, points=(a, 6)) for n, a in enumerate((2, 2, 4, 4))
    ]
    for n, card in enumerate((*a_wins, *b_wins)):
        winner = 0 if card in a_wins else 1
        events.append(
            MajorityDecided(
                stopover=n + 1, card=card, metrics=(0, 0), winner=winner, receivers=(1 - winner,)
            )
        )
    return events


def test_worked_example_final_sheet_scores_55() -> None:
    state = state_at(*sheet_a(), *stopovers(("E1", "E3"), ()))
    a = state.sheets[0]
    assert (a.symbols("fun"), a.symbols("sun"), a.symbols("game")) == (3, 2, 1)
    assert breakdown(a) == {
        "passengers": 12,
        "fun": 6,
        "sun": 12,
        "stopovers": 12,
        "objectives": 9,
        "people": 4,
    }
    assert [objective_points(a, o) for o in a.objectives] == [5, 2, 2]
    assert total(a) == 55


def test_worked_example_tie_goes_to_more_satisfied() -> None:
    state = state_at(
        *sheet_a(), *sheet_b_55_with_5_satisfied(), *stopovers(("E1", "E3"), ("E2", "E4"))
    )
    assert game_end(state) == [GameEnded(scores=(55, 55), ranks=(1, 2))]


def test_then_fewer_unhappy_then_a_shared_win() -> None:
    # equal totals and Satisfied: the seat with fewer Unhappy wins
    fewer = state_at(
        boarded(0, "1A", vp=7),
        people(0, satisfied=2, unhappy=1),
        boarded(1, "1A", vp=6),
        people(1, satisfied=2, unhappy=0),
    )
    assert game_end(fewer) == [GameEnded(scores=(8, 8), ranks=(2, 1))]
    same = state_at(
        boarded(0, "1A", vp=6),
        people(0, satisfied=2, unhappy=1),
        boarded(1, "2A", vp=6),
        people(1, satisfied=2, unhappy=1),
    )
    assert game_end(same) == [GameEnded(scores=(7, 7), ranks=(1, 1))]


@pytest.mark.parametrize(
    ("card", "symbol", "points"),
    [
        ("OBJ01", None, 2 * 1),  # one open-empty cabin (1D)
        ("OBJ02", "sun", 1 * 2),
        ("OBJ02", "fun", 1 * 3),
        ("OBJ03", None, 2 * 3),
        ("OBJ04", None, 2 * 2),
        ("OBJ05", None, 2 * 1),
        ("OBJ06", None, 5 * 1),
        ("OBJ07", None, 2 * 2),
        ("OBJ08", None, 6 // 3),
        ("OBJ09", None, 2),
    ],
)
def test_each_objective_on_the_example_sheet(card: str, symbol: str | None, points: int) -> None:
    a = state_at(*sheet_a(), *stopovers(("E1", "E3"), ())).sheets[0]
    assert objective_points(a, Objective(card=card, symbol=symbol)) == points


def test_people_are_worth_one_each_way_and_o8_counts_full_groups() -> None:
    sheet = state_at(people(0, satisfied=8, unhappy=3), ObjectiveTaken(seat=0, card="OBJ08"))
    assert breakdown(sheet.sheets[0])["people"] == 5
    assert breakdown(sheet.sheets[0])["objectives"] == 2
