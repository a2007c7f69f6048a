"""Turn counter, end-of-game die, first player, turn order, end of turn (P1, END_OF_TURN)."""

from __future__ import annotations

from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.state import Task
from domain.kernel import Reason
from tests.domain.vertigo.helpers import ARROW, ONE, SUN, TWO, Dice, at, country, position

LAST_LAW = [Task("law", seat=2), Task("end_turn"), Task("start_turn")]


def three(turn: int, **fields):  # type: ignore[no-untyped-def]
    people = "oooo......"
    return position(
        country(R=people),
        country(R=people),
        country(R=people),
        agenda=LAST_LAW,
        turn=turn,
        **fields,
    )


def test_turns_before_eleven_roll_no_end_die() -> None:
    after = (
        at(three(9))
        .when(2, m.PassLaw(), Dice())
        .then(m.LawPassed(2), m.TurnEnded(9), m.TurnStarted(10))
    )
    assert after.agenda[0] == Task("designate", seat=0)


def test_from_turn_eleven_a_sun_continues() -> None:
    after = (
        at(three(10))
        .when(2, m.PassLaw(), Dice(SUN))
        .then(m.LawPassed(2), m.TurnEnded(10), m.TurnStarted(11), m.EndDieRolled("sun"))
    )
    assert not after.over and after.turn == 11


def test_from_turn_eleven_any_cloud_ends_the_game_at_once() -> None:
    for face, name in ((ONE, "one_cloud"), (TWO, "two_clouds"), (ARROW, "cloud_arrow")):
        after = (
            at(three(14))
            .when(2, m.PassLaw(), Dice(face))
            .then(
                m.LawPassed(2),
                m.TurnEnded(14),
                m.TurnStarted(15),
                m.EndDieRolled(name),
                m.GameEnded("end_die"),
            )
        )
        assert after.over and game.legal(after, 0) == []


def test_turn_31_ends_without_a_roll() -> None:
    after = (
        at(three(30))
        .when(2, m.PassLaw(), Dice())
        .then(m.LawPassed(2), m.TurnEnded(30), m.TurnStarted(31), m.GameEnded("turn_cap"))
    )
    assert after.over


def test_previous_first_player_designates_another_player() -> None:
    state = position(
        country(), country(), country(), agenda=[Task("designate", seat=1), Task("order")], first=1
    )
    assert game.legal(state, 1) == [m.DesignateFirstPlayer(0), m.DesignateFirstPlayer(2)]
    at(state).when(1, m.DesignateFirstPlayer(1)).rejects(Reason.ILLEGAL, "another player")
    at(state).when(0, m.DesignateFirstPlayer(2)).rejects(Reason.NOT_YOUR_TURN)
    when = at(state).when(1, m.DesignateFirstPlayer(2))
    assert when.events[:2] == [m.FirstPlayerDesignated(1, 2), m.TurnOrderSet((2, 0, 1))]
    assert when.after.first == 2


def test_eliminated_designator_is_replaced_by_next_active_clockwise() -> None:
    gone = country(active=False, eliminated=1)
    state = three(5, first=1)
    state = position(
        state.countries[0], gone, state.countries[2], country(R="o........."),
        agenda=LAST_LAW, turn=5, first=1,
    )  # fmt: skip
    after = at(state).when(2, m.PassLaw()).then(m.LawPassed(2), m.TurnEnded(5), m.TurnStarted(6))
    assert after.agenda[0] == Task("designate", seat=2)


def test_single_candidate_is_designated_automatically() -> None:
    state = position(
        country(R="o........."),
        country(R="o........."),
        agenda=[Task("law", seat=1), *LAST_LAW[1:]],
    )
    events = at(state).when(1, m.PassLaw()).events
    assert events[:5] == [
        m.LawPassed(1),
        m.TurnEnded(2),
        m.TurnStarted(3),
        m.FirstPlayerDesignated(0, 1),
        m.TurnOrderSet((1, 0)),
    ]


def test_turn_order_is_clockwise_from_the_first_player_skipping_eliminated() -> None:
    gone = country(active=False, eliminated=1)
    state = position(
        country(), country(), gone, country(), agenda=[Task("designate", seat=0), Task("order")]
    )
    events = at(state).when(0, m.DesignateFirstPlayer(1)).events
    assert events[:2] == [m.FirstPlayerDesignated(0, 1), m.TurnOrderSet((1, 3, 0))]


def test_end_of_turn_resets_per_turn_flags() -> None:
    state = position(
        country(R="oo........", acted=(1, 0, 2), ready=(1, 0, 0), trained=frozenset({0})),
        country(R="o........."),
        agenda=[Task("law", seat=1), Task("end_turn"), Task("pause")],
        witness=2,
        placed=3,
        proposed=frozenset({4}),
    )
    after = at(state).when(1, m.PassLaw()).then(m.LawPassed(1), m.TurnEnded(2))
    c = after.countries[0]
    assert c.idle_ready == (2, 0, 2) and c.idle_acted == (0, 0, 0)
    assert c.trained == frozenset() and c.moved == frozenset()
    assert (after.witness, after.placed, after.proposed) == (0, 0, frozenset())
