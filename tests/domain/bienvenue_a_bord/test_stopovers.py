"""§3.4 stopovers: sun scoring, reveal, majority of 6 VP, compensations and ties (D13, D14,
D17, D18, D24), and the end after turn 20."""

from __future__ import annotations

from typing import Any

from domain.games.bienvenue_a_bord import game
from domain.games.bienvenue_a_bord.flow import metric
from domain.games.bienvenue_a_bord.messages import (
    BonusSymbolChosen,
    CabinsOpened,
    CardsRevealed,
    Choice,
    ChooseBonusSymbol,
    GameEnded,
    LovePlaced,
    MajorityDecided,
    ObjectiveTaken,
    OpenCabins,
    PeopleChecked,
    PlaceLove,
    Resolve,
    StopoverRevealed,
    SunScored,
)
from domain.games.bienvenue_a_bord.scoring import objective_points, total
from domain.kernel import Reason
from tests.domain.bienvenue_a_bord.positions import at, boarded, dealt, opened, people, state_at
from tests.given import Given

FINISH = Resolve(card="OBJ02", choice=Choice(symbol="sun"))
FINISHED = ObjectiveTaken(seat=1, card="OBJ02", symbol="sun")


def last_card(next_stopover: str, *sheets: Any, turn: int = 5) -> Given:
    """End of turn `turn`: everything resolved but seat 1's OBJ02; the stopover is next."""
    return at(
        dealt("OBJ06", ("OBJ03", "OBJ02"), turn=turn, next_stopover=next_stopover),
        ObjectiveTaken(seat=0, card="OBJ06"),
        ObjectiveTaken(seat=1, card="OBJ03"),
        *sheets,
    )


def next_turn_draw(position: Given, turn: int = 6, splitter: int = 1) -> CardsRevealed:
    cards = position.state.pile[1:4]
    return CardsRevealed(turn=turn, splitter=splitter, cards=cards)  # type: ignore[arg-type]


def test_sun_scores_before_the_reveal_then_the_strictly_higher_wins_six() -> None:
    position = last_card(
        "E1",
        boarded(0, "1A", symbol="sun"),
        boarded(0, "1B", symbol="sun"),
        boarded(1, "1A", symbol="sun"),
        people(0, satisfied=3),
        people(1, satisfied=1),
    )
    after = position.when(1, FINISH).then(
        FINISHED,
        SunScored(stopover=1, points=(4, 2)),
        StopoverRevealed(stopover=1, card="E1"),
        MajorityDecided(stopover=1, card="E1", metrics=(3, 1), winner=0, receivers=(1,)),
        PeopleChecked(seat=1, satisfied=1, unhappy=0, why="stopover_e1"),
        next_turn_draw(position),
    )
    assert after.sheets[0].majorities == ("E1",) and after.sheets[1].majorities == ()
    assert after.sheets[0].sun_slots == (4,) and after.sheets[1].sun_slots == (2,)
    assert after.stopovers == ("E1",) and after.sheets[1].satisfied == 2


def test_on_a_tie_nobody_wins_and_both_are_compensated() -> None:
    position = last_card("E1", people(0, satisfied=2), people(1, satisfied=2))
    after = position.when(1, FINISH).then(
        FINISHED,
        SunScored(stopover=1, points=(0, 0)),
        StopoverRevealed(stopover=1, card="E1"),
        MajorityDecided(stopover=1, card="E1", metrics=(2, 2), winner=None, receivers=(0, 1)),
        PeopleChecked(seat=0, satisfied=1, unhappy=0, why="stopover_e1"),
        PeopleChecked(seat=1, satisfied=1, unhappy=0, why="stopover_e1"),
        next_turn_draw(position),
    )
    assert after.sheets[0].majorities == after.sheets[1].majorities == ()


def test_the_metrics_count_what_the_spec_says() -> None:
    sheet = state_at(
        boarded(0, "1A", symbol="fun"),
        boarded(0, "2A", vp=3),
        LovePlaced(seat=0, source="PAS31", cabin="2A", vp=3),
        BonusSymbolChosen(seat=0, symbol="game"),
        opened(0, "3A"),
        people(0, satisfied=4),
    ).sheets[0]
    assert metric("E1", sheet) == 4  # satisfied
    assert metric("E2", sheet) == 3  # fun + love + bonus game
    assert metric("E3", sheet) == 3  # 1A, 2A occupied + 3A open
    assert metric("E4", sheet) == 2  # occupied


def test_e2_the_loser_chooses_a_bonus_symbol_and_a_game_there_checks_nobody() -> None:
    """D25: the bonus box is not a cabin, so a Game drawn there does not trigger."""
    position = last_card(
        "E2",
        boarded(0, "1A", symbol="fun"),
        boarded(0, "1B", symbol="fun"),
        boarded(1, "1A", symbol="game"),
    )
    events = position.when(1, FINISH).events
    assert events[-1] == MajorityDecided(
        stopover=1, card="E2", metrics=(2, 1), winner=0, receivers=(1,)
    )
    waiting = position.when(1, FINISH).after
    assert game.legal(waiting, 1) == [ChooseBonusSymbol(symbol=s) for s in ("fun", "sun", "game")]
    assert game.legal(waiting, 0) == []
    after = (
        Given(game, waiting)
        .when(1, ChooseBonusSymbol(symbol="game"))
        .then(
            BonusSymbolChosen(seat=1, symbol="game"),
            CardsRevealed(turn=6, splitter=1, cards=waiting.pile[:3]),  # type: ignore[arg-type]
        )
    )
    assert after.sheets[1].bonus == "game" and after.sheets[1].symbols("game") == 2
    assert after.sheets[1].satisfied == 0


def test_elsewhere_the_bonus_box_symbol_is_the_players() -> None:
    """D14: a bonus Sun scores at the stopover, a bonus Game counts for objective O5."""
    sunny = last_card("E1", boarded(1, "1A", symbol="sun"), BonusSymbolChosen(seat=1, symbol="sun"))
    assert SunScored(stopover=1, points=(0, 4)) in sunny.when(1, FINISH).events
    sheet = state_at(
        boarded(0, "1A", symbol="game"),
        BonusSymbolChosen(seat=0, symbol="game"),
        ObjectiveTaken(seat=0, card="OBJ05"),
    ).sheets[0]
    assert objective_points(sheet, sheet.objectives[0]) == 2 * 2


def test_only_the_receiver_gives_a_compensation_and_only_at_the_stopover() -> None:
    waiting = last_card("E2", boarded(0, "1A", symbol="fun")).when(1, FINISH).after
    Given(game, waiting).when(0, ChooseBonusSymbol(symbol="sun")).rejects(
        Reason.NOT_YOUR_TURN, "no E2 compensation"
    )
    Given(game, waiting).when(1, OpenCabins(levels=(2,))).rejects(
        Reason.NOT_YOUR_TURN, "no E3 compensation"
    )
    last_card("E2").when(1, ChooseBonusSymbol(symbol="sun")).rejects(Reason.ILLEGAL, "resolving")


def test_e3_the_loser_opens_cabins_summing_to_two() -> None:
    waiting = (
        last_card("E3", opened(0, "1A", "1B", "1C"), boarded(1, "1A", vp=1)).when(1, FINISH).after
    )
    assert waiting.pending == ((1, "E3"),)
    assert game.legal(waiting, 1) == [OpenCabins(levels=(2,)), OpenCabins(levels=(1, 1))]
    Given(game, waiting).when(1, OpenCabins(levels=(1,))).rejects(Reason.ILLEGAL, "summing to 2")
    Given(game, waiting).when(1, OpenCabins(levels=(1, 1))).then(
        CabinsOpened(seat=1, source="E3", cabins=("1B", "1C")),
        CardsRevealed(turn=6, splitter=1, cards=waiting.pile[:3]),  # type: ignore[arg-type]
    )


def test_e3_with_a_single_outcome_is_applied_by_the_engine() -> None:
    """Seat 0 has only 1H closed: 2 is out of reach, so [1] is its only (automatic) outcome."""
    all_but_1h = ("3A", "3B", "3C", "3D", "2A", "2B", "2C", "2D", "2E", "2F")
    position = last_card(
        "E3",
        opened(0, *all_but_1h, "1A", "1B", "1C", "1D", "1E", "1F", "1G"),
        opened(1, *all_but_1h, "1A", "1B", "1C", "1D", "1E", "1F", "1G", "1H"),
    )
    assert position.when(1, FINISH).events[3:] == [
        MajorityDecided(stopover=1, card="E3", metrics=(17, 18), winner=1, receivers=(0,)),
        CabinsOpened(seat=0, source="E3", cabins=("1H",)),
        next_turn_draw(position),
    ]


def test_e4_the_loser_places_a_love_worth_two() -> None:
    """A tie (2 occupied each): both receive; seat 1's only loveless passenger is in 2B, so
    the engine places his love; seat 0 chooses between 1A and 1B."""
    position = last_card(
        "E4",
        boarded(0, "1A", vp=1),
        boarded(0, "1B", vp=1),
        boarded(1, "2A", vp=2),
        boarded(1, "2B", vp=2),
        LovePlaced(seat=1, source="PAS31", cabin="2A", vp=3),
    )
    assert position.when(1, FINISH).events[3:] == [
        MajorityDecided(stopover=1, card="E4", metrics=(2, 2), winner=None, receivers=(0, 1)),
        LovePlaced(seat=1, source="E4", cabin="2B", vp=2),
    ]
    waiting = position.when(1, FINISH).after
    assert waiting.pending == ((0, "E4"),)
    assert game.legal(waiting, 0) == [PlaceLove(cabin="1A"), PlaceLove(cabin="1B")]
    Given(game, waiting).when(0, PlaceLove(cabin=None)).rejects(Reason.ILLEGAL, "occupied cabin")
    Given(game, waiting).when(0, PlaceLove(cabin="2A")).rejects(Reason.ILLEGAL, "2A is not")
    after = (
        Given(game, waiting)
        .when(0, PlaceLove(cabin="1B"))
        .then(
            LovePlaced(seat=0, source="E4", cabin="1B", vp=2),
            CardsRevealed(turn=6, splitter=1, cards=waiting.pile[:3]),  # type: ignore[arg-type]
        )
    )
    assert after.sheets[0].cabin("1B").love == 2 and after.sheets[1].cabin("2B").love == 2


def test_e4_with_no_possible_cabin_is_lost_without_unhappy() -> None:
    position = last_card("E4", boarded(0, "1A", vp=1))
    events = position.when(1, FINISH).events
    assert events[3:] == [
        MajorityDecided(stopover=1, card="E4", metrics=(1, 0), winner=0, receivers=(1,)),
        LovePlaced(seat=1, source="E4", cabin=None, vp=2),
        next_turn_draw(position),
    ]


def test_after_the_twentieth_turn_and_its_stopover_the_game_ends() -> None:
    position = last_card("E1", boarded(0, "1A", vp=5), people(1, satisfied=1), turn=20)
    after = position.when(1, FINISH).after
    ended = position.when(1, FINISH).events[-1]
    scores = (total(after.sheets[0]), total(after.sheets[1]))
    # seat 0: +5 passenger, +1 Satisfied from the E1 compensation; seat 1: 1 Satisfied + 6
    assert scores == (6, 7)
    assert ended == GameEnded(scores=scores, ranks=(2, 1))
    assert game.is_over(after)
    assert game.result(after).scores == scores
    Given(game, after).when(0, FINISH).rejects(Reason.GAME_OVER)
