"""Laws (P5): proposals, secret bloc votes, the 10$ bonus and the five laws (section 4.7)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.state import Task
from domain.kernel import OMNISCIENT, SPECTATOR, Reason, Seat, Viewer
from tests.domain.vertigo.helpers import at, cells_of, country, position


def shown(state: Any, viewer: Viewer) -> Any:
    """The view as the client receives it (JSON values)."""
    return msgspec.to_builtins(game.view(state, viewer))


def slot(*countries, seat=0, **fields):  # type: ignore[no-untyped-def]
    return position(*countries, agenda=[Task("law", seat=seat), Task("pause")], **fields)


def voting(law, *countries, proposer=0, **fields):  # type: ignore[no-untyped-def]
    voters = tuple(p for p, c in enumerate(countries) if c.diplomats)
    state = position(
        *countries, agenda=[Task("vote", seat=proposer, law=law), Task("pause")], **fields
    )
    from msgspec.structs import replace

    return replace(state, vote_law=law, vote_proposer=proposer, voters=voters)


def enacting(law, *countries, proposer=0, **fields):  # type: ignore[no-untyped-def]
    """The last voter (seat 1) votes yes and carries the law."""
    from msgspec.structs import replace

    state = voting(law, *countries, proposer=proposer, **fields)
    return replace(state, voters=(1,))


def test_player_without_diplomat_is_skipped() -> None:
    state = position(
        country(), country(diplomats=1), agenda=[Task("training", seat=1), Task("law", seat=0)]
    )
    events = at(state).when(1, m.EndStep()).events
    assert events == [m.StepEnded(1, "training"), m.LawPassed(0)]


def test_propose_opens_a_vote_of_every_player_with_diplomats() -> None:
    state = slot(country(diplomats=1), country(), country(diplomats=3))
    assert game.legal(state, 0) == [m.ProposeLaw(n) for n in (1, 2, 3, 4, 5)] + [m.PassLaw()]
    after = at(state).when(0, m.ProposeLaw(3)).then(m.LawProposed(0, 3, (0, 2)))
    assert after.countries[0].laws_used == {3} and after.proposed == {3}
    assert game.legal(after, 0) == [m.Vote("yes"), m.Vote("no"), m.Vote("abstain")]
    assert game.legal(after, 1) == [] and len(game.legal(after, 2)) == 3


def test_law_once_per_game_per_player_and_once_per_turn_overall() -> None:
    state = slot(country(diplomats=1, laws_used=frozenset({1})), country(), proposed={2})
    at(state).when(0, m.ProposeLaw(1)).rejects(
        Reason.ILLEGAL, "already proposed law 1 in this game"
    )
    at(state).when(0, m.ProposeLaw(2)).rejects(Reason.ILLEGAL, "already proposed this turn")
    at(state).when(0, m.ProposeLaw(6)).rejects(Reason.ILLEGAL, "1 to 5")
    bare = slot(country(diplomats=0), country(diplomats=1))
    at(bare).when(0, m.ProposeLaw(1)).rejects(Reason.ILLEGAL, "diplomat")


def test_no_legal_law_left_skips_the_slot() -> None:
    used = frozenset({1, 2, 3})
    state = position(
        country(diplomats=1, laws_used=used),
        country(),
        agenda=[Task("training", seat=1), Task("law", seat=0), Task("pause")],
        proposed={4, 5},
    )
    at(state).when(1, m.EndStep()).then(m.StepEnded(1, "training"), m.LawPassed(0))


def test_votes_are_secret_until_the_last_then_revealed_by_bloc() -> None:
    state = voting(3, country(diplomats=1), country(diplomats=3), country(diplomats=2))
    after = at(state).when(2, m.Vote("no")).then(m.VoteCast(2, "no"))
    cast = m.VoteCast(2, "no")
    assert game.redact(cast, Seat(2)) == cast and game.redact(cast, OMNISCIENT) == cast
    assert game.redact(cast, Seat(0)) == m.VoteCast(2, None)
    assert game.redact(cast, SPECTATOR) == m.VoteCast(2, None)
    assert shown(after, Seat(0))["vote"]["choices"] == {
        "0": "not yet voted",
        "1": "not yet voted",
        "2": "voted",
    }
    assert shown(after, Seat(2))["vote"]["choices"]["2"] == "no"
    at(after).when(2, m.Vote("yes")).rejects(Reason.NOT_YOUR_TURN, "already voted")
    after = at(after).when(0, m.Vote("yes")).then(m.VoteCast(0, "yes"))
    after = (
        at(after)
        .when(1, m.Vote("abstain"))
        .then(
            m.VoteCast(1, "abstain"),
            m.VotesRevealed(3, 0, ((0, "yes", 1), (1, "abstain", 3), (2, "no", 2)), 1, 2, False),
        )
    )
    assert after.vote_law == 0 and after.agenda == (Task("pause"),)


def test_yes_weight_must_exceed_no_weight_ties_reject() -> None:
    state = voting(3, country(diplomats=2), country(diplomats=2))
    after = at(state).when(0, m.Vote("yes")).after
    events = at(after).when(1, m.Vote("no")).events
    assert events[-1] == m.VotesRevealed(3, 0, ((0, "yes", 2), (1, "no", 2)), 2, 2, False)
    state = voting(3, country(diplomats=1), country(diplomats=2))
    after = at(state).when(1, m.Vote("abstain")).after
    events = at(after).when(0, m.Vote("yes")).events
    assert events[1] == m.VotesRevealed(3, 0, ((0, "yes", 1), (1, "abstain", 2)), 1, 0, True)


def test_vote_choice_must_be_yes_no_or_abstain() -> None:
    state = voting(3, country(diplomats=2), country(diplomats=2))
    at(state).when(0, m.Vote("maybe")).rejects(Reason.ILLEGAL, "yes, no or abstain")


def test_bonus_is_ten_dollars_or_what_is_left_in_the_treasury() -> None:
    boards = (country(diplomats=1, safe=0), country(diplomats=1, safe=0))
    state = enacting(3, *boards, treasury=14)
    after = (
        at(state)
        .when(1, m.Vote("yes"))
        .then(
            m.VoteCast(1, "yes"),
            m.VotesRevealed(3, 0, ((1, "yes", 1),), 1, 0, True),
            # bonus 10 to seat 0, then 3$ each while it lasts: seat 0 gets 3, seat 1 gets 1
            m.LawEnacted(3, 0, 10, (3, 1), -4),
        )
    )
    assert (after.countries[0].safe, after.countries[1].safe, after.treasury) == (13, 1, 0)
    dry = enacting(5, *boards, treasury=6)
    events = at(dry).when(1, m.Vote("yes")).events
    assert events[-1] == m.LawEnacted(5, 0, 6, (0, 0), 0)


def test_worked_example_law_1_development_aid() -> None:
    blue = country(R="PPPCCCTo..", C="PP........", diplomats=1, safe=100)
    yellow = country(R="PPPPPPTo..", C="PC........", diplomats=1, safe=50)
    red = country(R="PPPPP.....", safe=0)
    assert [c.factories() for c in (blue, yellow, red)] == [9, 9, 5]
    state = enacting(1, blue, yellow, red, treasury=75)
    events = at(state).when(1, m.Vote("yes")).events
    assert events[-1] == m.LawEnacted(1, 0, 10, (-20, -20, 40), 0)


def test_law_1_shares_between_several_poorest_and_caps_at_the_safe() -> None:
    rich = country(R="PPPP......", diplomats=1, safe=7)
    state = enacting(1, rich, country(diplomats=1), country(), treasury=0)
    events = at(state).when(1, m.Vote("yes")).events
    # owes 5 x 4 = 20, has 7: 3 each to the two poorest, 1$ stays with the payer
    assert events[-1] == m.LawEnacted(1, 0, 0, (-6, 3, 3), 0)


def test_worked_example_law_2_fines_then_destructions_by_level() -> None:
    yellow = country(R="PPPPPP....", safe=35, diplomats=1)
    state = enacting(2, country(R="o.........", diplomats=1, safe=0), yellow, treasury=0, level=4)
    events = at(state).when(1, m.Vote("yes")).events
    assert events[2:] == [
        m.LawEnacted(2, 0, 0, (0, 0), 0),
        m.PollutionFined(0, 0, 0, 0),  # blue has no polluting factory
        m.PollutionFined(1, 3, 30, 5),
    ]
    after = at(state).when(1, m.Vote("yes")).after
    assert after.countries[1].safe == 5 and after.treasury == 30
    assert after.agenda[0] == Task("destroy", seat=1, count=5)
    for pid in ("R1", "R2", "R3", "R4"):
        after = at(after).when(1, m.DestroyPolluting(pid)).then(m.PollutingDestroyed(1, pid))
    at(after).when(1, m.DestroyPolluting("R1")).rejects(Reason.ILLEGAL, "none of your polluting")
    after = at(after).when(1, m.DestroyPolluting("R6")).then(m.PollutingDestroyed(1, "R6"))
    assert cells_of(after, 1, 0) == "ooooPo...." and after.agenda == (Task("pause"),)


def test_law_2_from_fifty_percent_destroys_every_polluting_factory_itself() -> None:
    blue = country(R="PPo.......", C="C.........", diplomats=1, safe=100)
    state = enacting(2, blue, country(diplomats=1), treasury=0, level=5)
    events = at(state).when(1, m.Vote("yes")).events
    assert events[3:] == [
        m.PollutionFined(0, 2, 20, 2),
        m.PollutingDestroyed(0, "R1"),
        m.PollutingDestroyed(0, "R2"),
        m.PollutionFined(1, 0, 0, 0),
    ]


def test_law_2_below_thirty_percent_only_unpaid_fines_destroy() -> None:
    blue = country(R="PPP.......", diplomats=1, safe=0)
    state = enacting(2, blue, country(diplomats=1), treasury=0, level=2)
    events = at(state).when(1, m.Vote("yes")).events
    # the proposer got no bonus (empty treasury): 0 fines paid, all 3 unpaid factories destroyed
    assert events[3] == m.PollutionFined(0, 0, 0, 3)
    rich = country(R="PPP.......", diplomats=1, safe=30)
    state = enacting(2, rich, country(diplomats=1), treasury=0, level=3)
    events = at(state).when(1, m.Vote("yes")).events
    assert events[3] == m.PollutionFined(0, 3, 30, 1)


def test_law_3_pays_three_dollars_per_diplomat_in_turn_order() -> None:
    boards = (country(diplomats=2, safe=0), country(diplomats=4, safe=0), country(diplomats=1))
    state = enacting(3, *boards, treasury=25, order=(1, 2, 0))
    events = at(state).when(1, m.Vote("yes")).events
    # bonus 10 to seat 0, then 15 left: seat 1 gets 12, seat 2 gets 3, seat 0 gets 0
    assert events[-1] == m.LawEnacted(3, 0, 10, (0, 12, 3), -15)


def test_law_4_pools_the_safes_remainder_to_treasury() -> None:
    boards = (country(diplomats=1, safe=0), country(diplomats=1, safe=11), country(safe=30))
    state = enacting(4, *boards, treasury=50)
    events = at(state).when(1, m.Vote("yes")).events
    # safes after the bonus 10, 11, 30 -> 51: 17 each, remainder 0
    assert events[-1] == m.LawEnacted(4, 0, 10, (7, 6, -13), 0)
    state = enacting(4, *boards, treasury=5)
    events = at(state).when(1, m.Vote("yes")).events
    # 5, 11, 30 -> 46: 15 each, 1$ to the treasury
    assert events[-1] == m.LawEnacted(4, 0, 5, (10, 4, -15), 1)


def test_law_5_half_the_treasury_to_non_polluting_countries() -> None:
    clean = country(R="C.........", diplomats=1, safe=0)
    dirty = country(R="P.........", diplomats=1, safe=0)
    crowded = country(R="ooooo.....")  # overpopulated region without treatment plant
    treated = country(R="ooooT.....")
    state = enacting(5, clean, dirty, crowded, treated, treasury=61)
    events = at(state).when(1, m.Vote("yes")).events
    # bonus 10, treasury 51, pool 25 for seats 0 and 3: 12 each, 27 stay
    assert events[-1] == m.LawEnacted(5, 0, 10, (12, 0, 0, 12), -24)
