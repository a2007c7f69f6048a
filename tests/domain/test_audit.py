"""The replay of a stored game's draws: every recorded decision decided again from the secret
gives exactly the stored draws and events, and any draw, outcome, label or secret altered in
the log is named with its version."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain import audit
from domain.fairness import FAIRNESS_EVENTS, DrawsRecorded, FairnessCommitted, SecretRevealed
from domain.rules import RULES_EVENTS, ResultRecorded
from domain.table import GameStarted
from tests.fair_games import SECRET, played
from tests.per_game import draws, with_seats

replace = msgspec.structs.replace


def where(events: list[Any], kind: type, start: int = 0) -> list[int]:
    """The indexes of events of `kind`."""
    return [i for i, e in enumerate(events) if isinstance(e, kind) and i >= start]


@pytest.mark.parametrize(("name", "seats"), with_seats())
def test_a_finished_game_replays_exactly_from_its_revealed_secret(name: str, seats: int) -> None:
    events = played(name, seats, seed=3)
    check = audit.fairness(events)
    assert check.problems == [] and check.checked and check.over
    assert check.revealed == SECRET.hex()
    assert isinstance(events[-2], SecretRevealed) and isinstance(events[-1], ResultRecorded)
    recorded = where(events, DrawsRecorded)
    assert check.decisions == len(recorded)
    assert check.draws == sum(len(events[i].draws) for i in recorded)
    if draws(name):  # a game may draw nothing (rock-paper-scissors)
        assert check.draws > 0 and events[recorded[0]].label == "setup"


def test_commands_that_draw_are_numbered_in_order() -> None:
    events = played("vertigo", 3, seed=1)
    labels = [events[i].label for i in where(events, DrawsRecorded)]
    assert labels == ["setup", *(str(n) for n in range(1, len(labels)))]
    assert len(labels) > 2  # the dice of a turn, and its end die


def test_an_altered_draw_is_named() -> None:
    events = played("vertigo", 3, seed=1)
    at = where(events, DrawsRecorded)[3]
    record = events[at]
    (bound, result), *rest = record.draws
    events[at] = replace(record, draws=((bound, (result + 1) % bound), *rest))
    problems = audit.fairness(events).problems
    assert problems[0].startswith(f"version {at + 1}: draw 1 of decision '{record.label}'")
    assert (
        f"the log says {(result + 1) % bound} (below {bound}), the secret gives {result}"
        in (problems[0])
    )


def test_an_altered_outcome_is_named_with_the_field() -> None:
    """A die face changed in the stored event (its record of draws left as it was): the
    decision, made again from the secret, gives the face the log no longer has."""
    events = played("vertigo", 3, seed=1)
    for at in where(events, DrawsRecorded, start=12):
        follows = events[at + 1 : at + 1 + events[at].events]
        rolled = [i for i, e in enumerate(follows, at + 1) if hasattr(e, "face")]
        if rolled:
            break
    i = rolled[0]
    face = events[i].face
    other = next(f for f in ("sun", "cloud", "storm", "rain", "wind", "fire") if f != face)
    events[i] = replace(events[i], face=other)
    problems = audit.fairness(events).problems
    assert problems == [
        f"version {i + 1} ({events[i].__struct_config__.tag}): face: the log has"
        f' "{other}", the secret gives "{face}"'
    ]


def test_a_revealed_secret_that_is_not_the_committed_one_is_caught() -> None:
    events = played("bienvenue_a_bord", 2, seed=2)
    at = where(events, SecretRevealed)[0]
    events[at] = SecretRevealed(secret="00" * 32)
    problems = audit.fairness(events).problems
    committed = events[where(events, FairnessCommitted)[0]].commitment
    assert problems == [
        f"version {at + 1}: the revealed secret does not match the commitment (its SHA-256 is"
        f" {audit.commitment_of(bytes(32))}, the commitment {committed})"
    ]


def test_a_label_out_of_sequence_is_caught() -> None:
    """A server re-rolling a decision by drawing it from another decision's label."""
    events = played("vertigo", 3, seed=1)
    at = where(events, DrawsRecorded)[2]
    events[at] = replace(events[at], label="7")
    assert audit.fairness(events).problems[0] == (
        f"version {at + 1}: the draws are labelled '7', the decision that draws there is '2'"
    )


def test_a_decision_whose_events_are_missing_is_caught() -> None:
    events = played("vertigo", 3, seed=1)
    at = where(events, DrawsRecorded)[2]
    events[at] = replace(events[at], events=events[at].events + 1)
    problems = audit.fairness(events).problems
    assert problems == [
        f"version {at + 1}: decision '2' gives {events[at].events - 1} events, the log"
        f" records {events[at].events}"
    ]


def test_a_running_game_has_nothing_to_check_yet_and_says_so() -> None:
    events = played("eiffel_mania", 4, seed=1, commands=20)
    check = audit.fairness(events)
    assert check.commitment and check.revealed is None and not check.checked
    assert check.problems == [] and not check.over


def test_a_game_stored_before_fair_randomness_has_no_commitment() -> None:
    added = (*FAIRNESS_EVENTS, *RULES_EVENTS)
    events = [e for e in played("vertigo", 3, seed=1) if not isinstance(e, added)]
    check = audit.fairness(events)
    assert check.commitment is None and check.problems == [] and not check.checked


def test_the_replay_stops_where_todays_code_cannot_fold() -> None:
    events = played("rock_paper_scissors", 2, seed=1)
    at = next(i for i, e in enumerate(events) if isinstance(e, GameStarted))
    events[at] = GameStarted(seats=3)  # rock-paper-scissors is for 2
    folded = audit.replay(events)
    assert folded.version == at
    assert folded.problems == [
        f"version {at + 1} (game_started) does not fold today: ValueError('rock-paper-scissors"
        " is played by exactly 2 players, not 3')"
    ]


def test_a_label_of_no_known_deal_is_caught() -> None:
    """A server re-rolling a command's draws under a name of its own: caught, and the next
    command's draws, numbered after a command that no longer counts, are out of sequence."""
    events = played("vertigo", 3, seed=1)
    at, after = where(events, DrawsRecorded)[2:4]
    events[at] = replace(events[at], label="reroll")
    assert audit.fairness(events).problems == [
        f"version {at + 1}: the draws are labelled 'reroll', no deal's",
        f"version {after + 1}: the draws are labelled '3', the decision that draws there is '2'",
    ]
