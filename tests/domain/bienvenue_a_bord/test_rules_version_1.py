"""Games started under rules version 1 keep its two readings (issue 31), beside version 2's.

Version 1 checked a conditional passenger's symbol when he was resolved, and let the bonus
box's Game trigger the Game check and be counted by it. Version 2 (today's, D10 and D25)
checks the symbols held when the card was taken and counts only the Games in cabins. Each case
below is played under both versions from the same position.
"""

from __future__ import annotations

from domain.games.bienvenue_a_bord import Options, game
from domain.games.bienvenue_a_bord.data import RULES
from domain.games.bienvenue_a_bord.messages import (
    BonusSymbolChosen,
    Choice,
    ChooseBonusSymbol,
    ObjectiveTaken,
    PassengerBoarded,
    PeopleChecked,
    Resolve,
)
from tests.domain.bienvenue_a_bord.positions import at, boarded, dealt, opened
from tests.given import Given

PREVIOUS = 1


def board(card: str, cabin: str) -> Resolve:
    return Resolve(card=card, choice=Choice(cabin=cabin))


def test_new_games_play_version_2_and_version_1_is_still_accepted() -> None:
    assert RULES == game.rules == Options().rules == 2
    assert at(rules=PREVIOUS).state.options.rules == 1


def sun_then_conditional(rules: int) -> list[object]:
    """Seat 1 took a Sun passenger with one who needs Sun, and resolves the Sun first."""
    position = at(
        dealt("PAS14", ("PAS27", "PAS05")),
        opened(0, "1A"),
        opened(1, "1A", "2A", "2B"),
        rules=rules,
    )
    sunny = position.when(1, board("PAS05", "1A")).after
    return list(Given(game, sunny).when(1, board("PAS27", "2A")).events)


def test_a_conditional_passenger_is_checked_when_taken_in_version_2_when_resolved_in_1() -> None:
    boarded_27 = PassengerBoarded(seat=1, card="PAS27", cabin="2A", vp=4)
    assert sun_then_conditional(PREVIOUS) == [boarded_27]
    assert sun_then_conditional(2) == [
        boarded_27,
        PeopleChecked(seat=1, satisfied=0, unhappy=1, why="no_sun_when_taken"),
    ]


def test_version_1_names_a_missing_symbol_as_it_did() -> None:
    position = at(dealt("PAS14", ("PAS26", "OBJ02")), opened(0, "1A"), opened(1, "2A"), rules=1)
    position.when(1, board("PAS26", "2A")).then(
        PassengerBoarded(seat=1, card="PAS26", cabin="2A", vp=4),
        PeopleChecked(seat=1, satisfied=0, unhappy=1, why="no_fun"),
    )


def third_cabin_game(rules: int) -> list[object]:
    """Two Games in cabins and one in the bonus box; a third cabin Game boards."""
    position = at(
        dealt("PAS14", ("PAS10", "OBJ02")),
        opened(0, "1A"),
        boarded(1, "1A", symbol="game"),
        boarded(1, "1B", symbol="game"),
        BonusSymbolChosen(seat=1, symbol="game"),
        opened(1, "2A"),
        rules=rules,
    )
    return list(position.when(1, board("PAS10", "2A")).events)


def test_the_bonus_box_game_is_counted_by_the_trigger_in_version_1_only() -> None:
    boarded_10 = PassengerBoarded(seat=1, card="PAS10", cabin="2A", symbol="game")
    assert third_cabin_game(PREVIOUS) == [
        boarded_10,
        PeopleChecked(seat=1, satisfied=4, unhappy=0, why="game"),
    ]
    assert third_cabin_game(2) == [
        boarded_10,
        PeopleChecked(seat=1, satisfied=3, unhappy=0, why="game_in_cabins"),
    ]


def bonus_game(rules: int) -> list[object]:
    """Seat 1 lost the E2 majority with a Game in a cabin, and chooses Game for the bonus."""
    position = at(
        dealt("OBJ06", ("OBJ03", "OBJ02"), turn=5, next_stopover="E2"),
        ObjectiveTaken(seat=0, card="OBJ06"),
        ObjectiveTaken(seat=1, card="OBJ03"),
        boarded(0, "1A", symbol="fun"),
        boarded(0, "1B", symbol="fun"),
        boarded(1, "1A", symbol="game"),
        rules=rules,
    )
    waiting = position.when(1, Resolve(card="OBJ02", choice=Choice(symbol="sun"))).after
    assert waiting.pending == ((1, "E2"),)
    return list(Given(game, waiting).when(1, ChooseBonusSymbol(symbol="game")).events)


def test_a_game_chosen_for_the_bonus_box_triggers_in_version_1_only() -> None:
    chosen = BonusSymbolChosen(seat=1, symbol="game")
    old, new = bonus_game(PREVIOUS), bonus_game(2)
    assert old[:2] == [chosen, PeopleChecked(seat=1, satisfied=2, unhappy=0, why="game")]
    assert new[0] == chosen and not any(isinstance(e, PeopleChecked) for e in new)
