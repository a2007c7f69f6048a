"""`view` holds what a browser needs to draw the board without the rules engine."""

from __future__ import annotations

from domain.games.eiffel_mania import game
from domain.games.eiffel_mania.data import ALL_CARDS
from domain.games.eiffel_mania.messages import (
    BETRAY,
    COLLABORATE,
    CommitStance,
    Denounce,
    OfferArrangement,
    PickCard,
)
from domain.kernel import OMNISCIENT, SPECTATOR, Seat
from tests.domain.eiffel_mania.helpers import play, table

C = CommitStance(stance=COLLABORATE)
B = CommitStance(stance=BETRAY)


def test_board_plan_players_and_negotiation_in_talk() -> None:
    start = play(
        table(top=("L12", "L11"), holdings={2: ["L03", "S04"], 3: ["S10"]}, betrayals={3: 1}),
        (0, OfferArrangement(partner_picks_first=True)),
    )
    shown = game.view(start.state, SPECTATOR)
    assert shown.phase == "talk"
    assert [p.colour for p in shown.players] == ["red", "blue", "green", "yellow"]
    assert [p.betrayals for p in shown.players] == [0, 0, 0, 1]
    assert all(p.active for p in shown.players)
    assert shown.players[2].lots == ["L03"]
    assert [(s.card, s.kind) for s in shown.players[2].specials] == [("S04", "denunciation")]
    assert [p.role for p in shown.players] == ["principal", "partner", "outsider", "outsider"]
    lot3 = next(lot for lot in shown.plan if lot.number == 3)
    assert (lot3.owner, lot3.colour, lot3.points, lot3.row) == (2, "green", 2, 3)
    top = next(lot for lot in shown.plan if lot.number == 12)
    assert (top.owner, top.row, top.points) == (None, 0, 5)
    assert shown.plan_rows == [[12], [10, 11], [7, 8, 9], [3, 4, 5, 6], [1, 2]]
    assert shown.pile_count == 24 - 2 - 3 and len(shown.pile_cards) == 19
    nego = shown.negotiation
    assert nego is not None
    assert nego.revealed == ["L12", "L11"] and (nego.principal, nego.partner) == (0, 1)
    assert nego.pending_offer is not None and nego.pending_offer.partner_picks_first
    assert nego.offers_left == 2
    assert nego.committed == {"principal": False, "partner": False}
    assert [(a.seat, a.decision) for a in shown.awaited] == [
        (0, "negotiate_and_commit"),
        (1, "answer_and_commit"),
    ]
    assert shown.scores is None


def test_windows_denunciation_and_awaited_decisions_are_shown() -> None:
    start = play(table(top=("L12", "L11"), holdings={2: ["S04"]}), (0, B), (1, C))
    shown = game.view(start.state, Seat(3))
    assert shown.negotiation is not None and shown.negotiation.denounce_window == [2]
    assert [(a.seat, a.decision) for a in shown.awaited] == [(2, "denounce_or_pass")]
    judged = play(start, (2, Denounce(target=0)))
    nego = game.view(judged.state, Seat(3)).negotiation
    assert nego is not None
    assert (nego.denouncer, nego.denounced, nego.denunciation_correct) == (2, 0, True)
    assert (nego.effective_principal, nego.effective_partner) == (2, 1)
    assert nego.stances == {"principal": BETRAY, "partner": COLLABORATE}
    assert nego.effective_stances == {"principal": COLLABORATE, "partner": COLLABORATE}
    assert [(a.seat, a.decision) for a in game.view(judged.state, SPECTATOR).awaited] == [
        (2, "pick_card")
    ]


def test_scores_and_everything_once_over() -> None:
    rest = [c for c in ALL_CARDS if c not in ("L12", "L11")]
    over = play(
        table(top=("L12", "L11"), holdings={3: rest}, betrayals={3: 3}, inactive=[3]),
        (0, C),
        (1, C),
        (0, PickCard(card="L12")),
    )
    shown = game.view(over.state, OMNISCIENT)
    assert shown.over and shown.end_reason == "pile_empty" and shown.awaited == []
    assert shown.scores is not None
    assert [line.total for line in shown.scores] == list(game.result(over.state).scores)
    assert not shown.players[3].active
