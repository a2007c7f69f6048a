"""Production (P4) and the final ranking (section 5), with the spec's worked examples."""

from __future__ import annotations

from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.state import Task
from tests.domain.vertigo.helpers import ONE, Dice, at, country, position


def test_worked_example_production() -> None:
    blue = country(R="PPPPCCCTo.", C="Tooooooo..", safe=0)
    assert (blue.population(), blue.factories("polluting"), blue.factories("clean")) == (17, 4, 3)
    gone = country(active=False, eliminated=1, safe=0)
    state = position(
        blue,
        country(R="o.........", safe=0),
        gone,
        agenda=[Task("training", seat=1), Task("production"), Task("pause")],
    )
    after = (
        at(state)
        .when(1, m.EndStep())
        .then(m.StepEnded(1, "training"), m.ProductionPaid((72, 1, 0)))
    )
    assert after.countries[0].safe == 72 and after.bank == -73


def ending(*countries, turn=11):  # type: ignore[no-untyped-def]
    last = len(countries) - 1
    agenda = [Task("law", seat=last), Task("end_turn"), Task("start_turn")]
    state = position(*countries, agenda=agenda, turn=turn)
    return at(state).when(last, m.PassLaw(), Dice(ONE)).after


def test_worked_example_final_ranking() -> None:
    blue = country(R="PPPPCCCT..", C="T.........", diplomats=3, ready=(1, 0, 0), safe=31)
    yellow = country(R="PPPPPPCT..", C="T.........", diplomats=4, acted=(0, 2, 0), safe=40)
    red = country(R="PPPPPPPPCC", diplomats=5, safe=12)
    assert [c.scholars() for c in (blue, yellow, red)] == [18, 18, 17]
    after = ending(blue, yellow, red)
    assert after.over and after.turn == 12 and after.end_reason == "end_die"
    result = game.result(after)
    assert result.ranks == (2, 1, 3)
    assert result.scores == (9, 9, 10)
    assert [p["eligible"] for p in result.details["players"]] == [True, True, False]


def test_ties_on_everything_share_the_place() -> None:
    a = country(R="P.........", safe=5)
    after = ending(a, country(R="P.........", safe=5), country(R="o.........", safe=50))
    assert game.result(after).ranks == (1, 1, 3)


def test_more_scholar_pawns_break_a_factory_tie() -> None:
    a = country(R="C.........", safe=5)
    b = country(R="P.........", safe=9)  # one engineer against two, richer does not help
    after = ending(a, b)
    assert game.result(after).ranks == (1, 2)


def test_eliminated_players_rank_last_in_reverse_order_of_elimination() -> None:
    first_out = country(active=False, eliminated=1, safe=0)
    second_out = country(active=False, eliminated=2, safe=0)
    broke = country(R="PPP.......", safe=0)  # ineligible but still above the eliminated
    after = ending(first_out, second_out, broke, country(R="o........."))
    assert game.result(after).ranks == (4, 3, 2, 1)


def test_game_over_rejects_every_command() -> None:
    from domain.kernel import Reason

    after = ending(country(R="o........."), country(R="o........."))
    at(after).when(0, m.EndStep()).rejects(Reason.GAME_OVER)
