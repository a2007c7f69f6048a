"""The reveal rule of undo by consent (`domain.undo.check`), decided exactly from the events each
game says reveal (`Game.reveals`), never by sampling: the same command gets the same answer
every time, a hidden coin included.

The tests judge the check against re-deals (`Game.redeal`, what a what-if fork deals): a
command that gives other events, or another view, on a position a viewer cannot tell from the
true one revealed something to that viewer. A re-deal can only show that a command reveals,
never that it does not: the check must refuse every public command a re-deal sees through, and
(not to refuse more than it should) allow the others, where eight re-deals per viewer leave a
coin unseen once in 2**32."""

from __future__ import annotations

import inspect
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from domain import games
from domain.bots import random_bot
from domain.fairness import DrawsRecorded, SecretRevealed
from domain.games.bienvenue_a_bord.messages import StopoverRevealed
from domain.games.eiffel_mania.data import ALL_CARDS, DENUNCIATION, OFFICE, SPECIAL_TYPE
from domain.games.eiffel_mania.messages import (
    BETRAY,
    COLLABORATE,
    CardsRevealed,
    CommitStance,
    OfficePassed,
    PassDenounce,
    PassOffice,
    StancesRevealed,
)
from domain.kernel import SPECTATOR, Rejected, Seat, Viewer
from domain.table import Table, apply
from domain.undo import check
from server.table import fairness
from server.table.decisions import decided
from tests.domain.eiffel_mania import helpers as eiffel
from tests.domain.test_template import packaged
from tests.fair_games import SECRET, fold, opened
from tests.per_game import registered, shared

REVEALED = "it revealed something that was hidden (a card, a choice)"
HIDDEN = "it holds something hidden from a player: undoing it would tell"
# (game, seats, random bots' seed, moves played, whether one may be undone): each game's
# `UNDO_SWEEP` in its tests' shared.py
GAMES = [(name, *shared(name).UNDO_SWEEP) for name in registered()]
TRIES = 20  # the check asked again and again: one answer
REDEALS = 8  # per viewer, for the test's own judgement
LUCKY = 74868  # a seed the sampling check was blind with (`test_a_hidden_coin_...`)


def viewers(seats: int) -> list[Viewer]:
    return [SPECTATOR, *map(Seat, range(seats))]


def refusal(game: Any, before: Any, seat: int, seats: int, stored: list[Any]) -> str | None:
    """Why `check` refuses to undo the command (None: it may be undone)."""
    try:
        check(game, before, seat, seats, stored)
    except Rejected as refused:
        return refused.detail
    return None


def moves(
    name: str, seats: int, seed: int, count: int
) -> Iterator[tuple[Table, int, Any, list[Any]]]:
    """The first `count` moves of a game random bots play, as the server stores them: the
    table before each, the seat that moved, its command and the events stored for it."""
    game = games.get(name)
    table = fold(opened(name, seats))
    dealing = fairness.opening(SECRET)
    for event in dealing.events(game.setup(table.state, dealing.rng)):
        table = apply(game, table, event)
    bots = random.Random(seed)
    for _ in range(count):
        if game.is_over(table.state):
            return
        seat = bots.choice([s for s in range(seats) if game.legal(table.state, s)])
        command = random_bot(game, table.state, seat, game.legal(table.state, seat), bots)
        rng = fairness.draws_for(table)
        events = game.decide(table.state, seat, command, rng)
        stored = decided(game, table, seat, command, events, rng)
        yield table, seat, command, stored
        for event in stored:
            table = apply(game, table, event)


def seen_through(
    game: Any,
    before: Any,
    seats: int,
    seat: int,
    command: Any,
    stored: list[Any],
    rng: Any = None,
    redeals: int = REDEALS,
) -> bool:
    """Whether one of `redeals` re-deals for some viewer (in turn, drawn from `rng`) gives the
    command other events or that viewer another view after it: then the command showed that
    viewer something it could not see. (The check before this one was this very loop, with
    four re-deals from a fresh `random.Random()`.)"""
    rng = rng or random.Random(0)
    after = game.fold(stored, before)
    for viewer in viewers(seats):
        seen = game.view(after, viewer)
        for _ in range(redeals):
            other = game.redeal(before, viewer, rng)
            try:
                events = game.decide(other, seat, command, rng)
            except Rejected:
                return True
            if events != stored or game.view(game.fold(events, other), viewer) != seen:
                return True
    return False


def drew_or_ended(stored: list[Any]) -> bool:
    return any(isinstance(event, DrawsRecorded | SecretRevealed) for event in stored)


def test_every_game_says_which_of_its_events_reveal() -> None:
    missing = [name for name in packaged() if games.get(name).reveals is None]
    assert missing == [], f"declare `reveals` in the game bundle of {missing}"


def test_every_game_of_the_registry_is_played_below() -> None:
    assert set(packaged()) == {name for name, *_ in GAMES}


def test_a_game_that_says_nothing_has_no_command_undone() -> None:
    game = games.get("vertigo")
    quiet = replace(game, reveals=None)
    for table, seat, _, stored in moves("vertigo", 3, 8, 30):
        if refusal(game, table.state, seat, 3, stored) is None:
            why = refusal(quiet, table.state, seat, 3, stored)
            assert why == "Vertigo does not say which of its events reveal something hidden"
            return
    raise AssertionError("no move of Vertigo may be undone")


@pytest.mark.parametrize(("name", "seats", "seed", "count", "undoable"), GAMES)
def test_every_move_is_refused_exactly_when_it_reveals(
    name: str, seats: int, seed: int, count: int, undoable: bool
) -> None:
    """Each move that draws nothing: a secret one is refused as hidden, a public one that a
    re-deal sees through is refused as revealing, and the others may be undone; each time
    the same answer. Each game meets a reveal, and a move that may be undone where its
    `UNDO_SWEEP` says one does (not in rock paper scissors: every throw is secret)."""
    game = games.get(name)
    answers, reveals = [], False
    for table, seat, command, stored in moves(name, seats, seed, count):
        if drew_or_ended(stored):
            continue
        whys = {refusal(game, table.state, seat, seats, stored) for _ in range(TRIES)}
        assert len(whys) == 1
        why = whys.pop()
        shown = all(game.redact(e, v) == e for e in stored for v in viewers(seats))
        through = seen_through(game, table.state, seats, seat, command, stored)
        expected = HIDDEN if not shown else REVEALED if through else None
        assert why == expected, (command, stored)
        answers.append(why)
        reveals = reveals or through
    assert reveals, f"no move of {name} revealed anything"
    assert (None in answers) == undoable


def office_window_before(*pile: str) -> Any:
    """Eiffel Mania, 3 seats: seat 0 holds the three Office cards and is asked whether to play
    one, the pile is down to `pile` (top first), every other card is won."""
    game = games.get("eiffel_mania")
    offices = [card for card in ALL_CARDS if SPECIAL_TYPE.get(card) == OFFICE]
    won = [card for card in ALL_CARDS if card not in (*pile, *offices)]
    holdings = {0: offices + won[:6], 1: won[6:13], 2: won[13:]}
    events = eiffel.opening(seats=3, pile=(*pile, *offices, *won), holdings=holdings)
    return game.fold(events, game.initial(3, None))


def test_a_hidden_coin_is_refused_every_time() -> None:
    """Eiffel Mania with two contract cards left: which lies on top is the only secret (the
    pile's cards are public), and passing the Office window turns both over. The sampling
    check drawing from `random.Random(LUCKY)` re-dealt them as they lie every time and let
    the command be undone (a seed in about 65,536: one coin per re-deal, four re-deals for
    each of four viewers); the exact check refuses it, every time."""
    game = games.get("eiffel_mania")
    before = office_window_before("L05", "L02")
    stored = game.decide(before, 0, PassOffice(), random.Random(0))
    assert stored == [OfficePassed(seat=0), CardsRevealed(cards=("L05", "L02"))]
    assert seen_through(game, before, 3, 0, PassOffice(), stored, random.Random(1), 4)
    assert not seen_through(game, before, 3, 0, PassOffice(), stored, random.Random(LUCKY), 4)
    assert {refusal(game, before, 0, 3, stored) for _ in range(TRIES)} == {REVEALED}
    # nothing is re-dealt: a game that cannot deal a fork gets the same answer
    assert refusal(replace(game, redeal=None), before, 0, 3, stored) == REVEALED
    assert "rng" not in inspect.signature(check).parameters


def test_stances_shown_by_a_passed_denunciation_are_refused_every_time() -> None:
    """The last outsider passing the Denunciation window reveals both committed stances (R1):
    a public pass, shown whole, that tells everyone two secrets."""
    game = games.get("eiffel_mania")
    denunciation = next(card for card in ALL_CARDS if SPECIAL_TYPE.get(card) == DENUNCIATION)
    start = eiffel.play(
        eiffel.table(seats=3, holdings={2: [denunciation]}),
        (0, CommitStance(stance=COLLABORATE)),
        (1, CommitStance(stance=BETRAY)),
    )
    before = eiffel.state_of(start)
    stored = game.decide(before, 2, PassDenounce(), random.Random(0))
    assert any(isinstance(event, StancesRevealed) for event in stored)
    assert all(game.redact(e, v) == e for e in stored for v in viewers(3))
    assert seen_through(game, before, 3, 2, PassDenounce(), stored)
    assert {refusal(game, before, 2, 3, stored) for _ in range(TRIES)} == {REVEALED}


def test_the_last_card_turned_shows_nothing() -> None:
    """With one contract card left (public: the pile's cards are), turning it tells nobody
    anything: passing the Office window may be undone."""
    game = games.get("eiffel_mania")
    before = office_window_before("L05")
    stored = game.decide(before, 0, PassOffice(), random.Random(0))
    assert stored == [OfficePassed(seat=0), CardsRevealed(cards=("L05",))]
    assert not seen_through(game, before, 3, 0, PassOffice(), stored)
    assert {refusal(game, before, 0, 3, stored) for _ in range(TRIES)} == {None}


def test_the_last_stopover_turned_shows_nothing() -> None:
    """Bienvenue à bord: which stopovers are left is public, so the last one is known before
    it is turned; the moves that turn one with others left are refused, the one that turns
    the last (waiting for a compensation, so the game goes on) may be undone."""
    game = games.get("bienvenue_a_bord")
    answers = {}
    for table, seat, command, stored in moves("bienvenue_a_bord", 2, 2, 400):
        if drew_or_ended(stored) or not any(isinstance(e, StopoverRevealed) for e in stored):
            continue
        left = 4 - len(table.state.stopovers)
        through = seen_through(game, table.state, 2, seat, command, stored)
        answers[left] = (refusal(game, table.state, seat, 2, stored), through)
    assert answers[1] == (None, False)
    assert all(answers[n] == (REVEALED, True) for n in answers if n > 1) and len(answers) > 1
