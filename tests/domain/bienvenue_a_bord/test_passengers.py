"""§3.2 passengers, §3.3 love and objectives (D7, D10, D14, D15, D21, D22, D23, D25), by
today's rules (version 2; tests/domain/bienvenue_a_bord/test_rules_version_1.py keeps version 1)."""

from __future__ import annotations

from typing import Any

from domain.games.bienvenue_a_bord import game
from domain.games.bienvenue_a_bord.messages import (
    BonusSymbolChosen,
    Choice,
    LovePlaced,
    ObjectiveDiscarded,
    ObjectiveTaken,
    PassengerBoarded,
    PassengerTurnedAway,
    PeopleChecked,
    Resolve,
)
from domain.kernel import Reason
from tests.domain.bienvenue_a_bord.positions import at, boarded, dealt, opened
from tests.given import Given


def holding(card: str, *sheet: Any, other: str = "OBJ02") -> Given:
    """Seat 1 holds `card` and `other`; seat 0 holds a wild passenger with a cabin open."""
    return at(dealt("PAS14", (card, other)), opened(0, "1A"), *sheet)


def board(card: str, cabin: str | None, symbol: str | None = None) -> Resolve:
    return Resolve(card=card, choice=Choice(cabin=cabin, symbol=symbol))  # type: ignore[arg-type]


def check(satisfied: int = 0, unhappy: int = 0, why: str = "") -> PeopleChecked:
    return PeopleChecked(seat=1, satisfied=satisfied, unhappy=unhappy, why=why)


# ---------------------------------------------------------------- placement


def test_a_passenger_must_board_when_a_cabin_is_open_and_empty() -> None:
    position = holding("PAS19", opened(1, "1A"))
    assert [c.choice for c in game.legal(position.state, 1) if c.card == "PAS19"] == [
        Choice(cabin="1A")
    ]
    position.when(1, board("PAS19", None)).rejects(Reason.ILLEGAL, "must board")


def test_without_an_open_empty_cabin_the_passenger_leaves_unhappy() -> None:
    position = holding("PAS19", boarded(1, "1A", vp=1))
    assert position.when(1, board("PAS19", None)).events[:2] == [
        PassengerTurnedAway(seat=1, card="PAS19"),
        check(unhappy=1, why="no_open_cabin"),
    ]


def test_the_player_picks_the_open_empty_cabin_of_any_level() -> None:
    position = holding("PAS19", opened(1, "1A", "2A", "3A"))
    cabins = {c.choice.cabin for c in game.legal(position.state, 1) if c.card == "PAS19"}
    assert cabins == {"1A", "2A", "3A"}


def test_a_passenger_cannot_take_an_occupied_or_closed_cabin() -> None:
    position = holding("PAS19", boarded(1, "1A", vp=1), opened(1, "2A"))
    position.when(1, board("PAS19", "1A")).rejects(Reason.ILLEGAL, "1A is not open and empty")
    position.when(1, board("PAS19", "3A")).rejects(Reason.ILLEGAL, "3A is not open and empty")


# ---------------------------------------------------------------- level check


def test_a_cabin_below_the_request_makes_one_unhappy() -> None:
    holding("PAS22", opened(1, "1A")).when(1, board("PAS22", "1A")).then(
        PassengerBoarded(seat=1, card="PAS22", cabin="1A", vp=5),
        check(unhappy=1, why="cabin_too_low"),  # level 1 for a 3-star passenger: still one
    )


def test_a_cabin_above_the_request_makes_one_satisfied() -> None:
    holding("PAS15", opened(1, "3A")).when(1, board("PAS15", "3A")).then(
        PassengerBoarded(seat=1, card="PAS15", cabin="3A", vp=1),
        check(satisfied=1, why="cabin_upgrade"),
    )


def test_the_requested_level_checks_nothing() -> None:
    holding("PAS18", opened(1, "2A")).when(1, board("PAS18", "2A")).then(
        PassengerBoarded(seat=1, card="PAS18", cabin="2A", vp=2)
    )


# ---------------------------------------------------------------- effects


def test_a_negative_passenger_is_placed_like_the_others() -> None:
    position = holding("PAS25", opened(1, "1A"))
    position.when(1, board("PAS25", None)).rejects(Reason.ILLEGAL, "must board")
    after = position.when(1, board("PAS25", "1A")).then(
        PassengerBoarded(seat=1, card="PAS25", cabin="1A", vp=-3)
    )
    assert after.sheets[1].cabin("1A").vp == -3


def test_a_symbol_passenger_draws_his_symbol() -> None:
    after = (
        holding("PAS05", opened(1, "1A"))
        .when(1, board("PAS05", "1A"))
        .then(PassengerBoarded(seat=1, card="PAS05", cabin="1A", symbol="sun"))
    )
    assert after.sheets[1].symbols("sun") == 1


def test_a_wild_passenger_draws_the_chosen_symbol() -> None:
    position = holding("PAS13", opened(1, "2A"))
    position.when(1, board("PAS13", "2A")).rejects(Reason.ILLEGAL, "fun, sun or game")
    position.when(1, board("PAS13", "2A", "fun")).then(
        PassengerBoarded(seat=1, card="PAS13", cabin="2A", symbol="fun")
    )


def test_a_conditional_passenger_without_his_symbol_makes_one_unhappy_but_keeps_his_vp() -> None:
    holding("PAS26", opened(1, "2A")).when(1, board("PAS26", "2A")).then(
        PassengerBoarded(seat=1, card="PAS26", cabin="2A", vp=4),
        check(unhappy=1, why="no_fun_when_taken"),
    )


def test_a_conditional_passenger_with_his_symbol_is_content() -> None:
    holding("PAS26", boarded(1, "1A", symbol="fun"), opened(1, "2A")).when(
        1, board("PAS26", "2A")
    ).then(PassengerBoarded(seat=1, card="PAS26", cabin="2A", vp=4))


def test_the_bonus_box_symbol_counts_for_a_conditional_passenger() -> None:
    bonus = BonusSymbolChosen(seat=1, symbol="sun")
    holding("PAS27", bonus, opened(1, "2A")).when(1, board("PAS27", "2A")).then(
        PassengerBoarded(seat=1, card="PAS27", cabin="2A", vp=4)
    )


def test_a_symbol_taken_with_the_conditional_passenger_comes_too_late_for_him() -> None:
    """D10: checked against the symbols held when the card was taken. The Sun passenger came
    in the same pile: resolving him first does not content the one who needs Sun."""
    position = holding("PAS27", opened(1, "1A", "2A", "2B"), other="PAS05")
    sunny = position.when(1, board("PAS05", "1A")).then(
        PassengerBoarded(seat=1, card="PAS05", cabin="1A", symbol="sun")
    )
    assert sunny.sheets[1].symbols("sun") == 1
    Given(game, sunny).when(1, board("PAS27", "2A")).then(
        PassengerBoarded(seat=1, card="PAS27", cabin="2A", vp=4),
        check(unhappy=1, why="no_sun_when_taken"),
    )


def test_a_wild_symbol_of_the_same_turn_does_not_count_either() -> None:
    position = holding("PAS26", opened(1, "2A", "2B", "2C"), other="PAS13")
    fun = position.when(1, board("PAS13", "2B", "fun")).after
    Given(game, fun).when(1, board("PAS26", "2A")).then(
        PassengerBoarded(seat=1, card="PAS26", cabin="2A", vp=4),
        check(unhappy=1, why="no_fun_when_taken"),
    )


def test_a_symbol_held_before_the_turn_still_counts_after_one_more_of_this_turn() -> None:
    position = holding(
        "PAS27", boarded(1, "1A", symbol="sun"), opened(1, "1B", "2A", "2B"), other="PAS05"
    )
    sunny = position.when(1, board("PAS05", "1B")).after
    assert sunny.sheets[1].symbols("sun") == 2
    Given(game, sunny).when(1, board("PAS27", "2A")).then(
        PassengerBoarded(seat=1, card="PAS27", cabin="2A", vp=4)
    )


def test_the_splitter_too_is_checked_against_what_he_had_when_he_got_his_pile() -> None:
    """Seat 0 splits and keeps the pair (seat 1 takes the single card)."""
    position = at(
        dealt("OBJ02", ("PAS28", "PAS09"), chooser_takes="single"), opened(0, "1A", "2A", "2B")
    )
    gamer = position.when(0, board("PAS09", "1A")).after
    Given(game, gamer).when(0, board("PAS28", "2A")).then(
        PassengerBoarded(seat=0, card="PAS28", cabin="2A", vp=4),
        PeopleChecked(seat=0, satisfied=0, unhappy=1, why="no_game_when_taken"),
    )


def test_a_turned_away_conditional_passenger_costs_only_one_unhappy() -> None:
    events = holding("PAS29").when(1, board("PAS29", None)).events
    assert events[:2] == [
        PassengerTurnedAway(seat=1, card="PAS29"),
        check(unhappy=1, why="no_open_cabin"),
    ]
    assert not any(isinstance(e, PeopleChecked) and e.why.startswith("no_fun") for e in events)


def test_a_game_symbol_checks_one_satisfied_per_game_symbol_in_the_cabins() -> None:
    holding("PAS10", boarded(1, "1A", symbol="game"), opened(1, "2A")).when(
        1, board("PAS10", "2A")
    ).then(
        PassengerBoarded(seat=1, card="PAS10", cabin="2A", symbol="game"),
        check(satisfied=2, why="game_in_cabins"),
    )


def test_a_bonus_box_game_is_not_counted_by_the_game_trigger() -> None:
    """D25: a third Game in the cabins checks 3 Satisfied, the bonus box's Game aside."""
    bonus = BonusSymbolChosen(seat=1, symbol="game")
    cabins = [*boarded(1, "1A", symbol="game"), *boarded(1, "1B", symbol="game")]
    after = (
        holding("PAS10", *cabins, bonus, opened(1, "2A"))
        .when(1, board("PAS10", "2A"))
        .then(
            PassengerBoarded(seat=1, card="PAS10", cabin="2A", symbol="game"),
            check(satisfied=3, why="game_in_cabins"),
        )
    )
    assert after.sheets[1].symbols("game") == 4  # elsewhere the bonus Game is his


def test_a_wild_game_symbol_also_triggers_without_counting_the_bonus_box() -> None:
    bonus = BonusSymbolChosen(seat=1, symbol="game")
    position = at(dealt("PAS13", ("PAS14", "OBJ02")), opened(0, "1A"), bonus, opened(1, "3A"))
    position.when(1, board("PAS14", "3A", "game")).then(
        PassengerBoarded(seat=1, card="PAS14", cabin="3A", symbol="game"),
        check(satisfied=1, why="game_in_cabins"),
    )


# ---------------------------------------------------------------- love


def test_love_goes_on_an_occupied_cabin_with_no_level_check() -> None:
    after = (
        holding("PAS32", boarded(1, "1A", vp=1))
        .when(1, Resolve(card="PAS32", choice=Choice(cabin="1A")))
        .then(LovePlaced(seat=1, source="PAS32", cabin="1A", vp=4))
    )
    assert after.sheets[1].cabin("1A").love == 4


def test_love_needs_an_occupied_cabin_without_love() -> None:
    position = holding(
        "PAS31",
        boarded(1, "1A", vp=1),
        LovePlaced(seat=1, source="PAS33", cabin="1A", vp=4),
        boarded(1, "1B", vp=1),
        opened(1, "2A"),
    )
    assert [c.choice for c in game.legal(position.state, 1) if c.card == "PAS31"] == [
        Choice(cabin="1B")
    ]
    position.when(1, board("PAS31", "1A")).rejects(Reason.ILLEGAL, "1A is not an occupied")
    position.when(1, board("PAS31", "2A")).rejects(Reason.ILLEGAL, "2A is not an occupied")
    position.when(1, board("PAS31", None)).rejects(Reason.ILLEGAL, "must go on an occupied")


def test_love_with_no_possible_cabin_is_discarded_with_one_unhappy() -> None:
    events = holding("PAS31", opened(1, "2A")).when(1, board("PAS31", None)).events
    assert events[:2] == [
        PassengerTurnedAway(seat=1, card="PAS31"),
        check(unhappy=1, why="no_loveless_passenger"),
    ]


# ---------------------------------------------------------------- objectives


def test_an_objective_fills_a_slot() -> None:
    after = (
        holding("OBJ06").when(1, Resolve(card="OBJ06")).then(ObjectiveTaken(seat=1, card="OBJ06"))
    )
    assert [o.card for o in after.sheets[1].objectives] == ["OBJ06"]


def test_objective_o2_fixes_its_symbol_when_taken() -> None:
    position = holding("OBJ02", other="OBJ06")
    position.when(1, Resolve(card="OBJ02")).rejects(Reason.ILLEGAL, "needs the symbol")
    after = position.when(1, Resolve(card="OBJ02", choice=Choice(symbol="game")))
    assert after.events[0] == ObjectiveTaken(seat=1, card="OBJ02", symbol="game")


def test_a_sixth_objective_is_discarded_without_effect() -> None:
    five = [ObjectiveTaken(seat=1, card=c) for c in ("OBJ01", "OBJ03", "OBJ04", "OBJ05", "OBJ06")]
    position = holding("OBJ02", *five, other="OBJ07")
    assert [c.choice for c in game.legal(position.state, 1) if c.card == "OBJ02"] == [Choice()]
    events = position.when(1, Resolve(card="OBJ02")).events
    assert events[0] == ObjectiveDiscarded(seat=1, card="OBJ02")
    assert len(position.when(1, Resolve(card="OBJ02")).after.sheets[1].objectives) == 5
