"""Rules version 2: the agenda's tasks are queued by events (`TasksQueued`), so that a fold
plans nothing; the game played is the same as under version 1, event for event, and `evolve`
is total under both."""

from __future__ import annotations

import importlib
import random
from typing import Any

import msgspec
import pytest

from clients.python.simulate import play
from domain.bots import random_bot
from domain.games.vertigo import game
from domain.games.vertigo import messages as m
from domain.games.vertigo.evolve import evolve
from domain.games.vertigo.state import State

# the module (the package's `evolve` is the function)
evolving = importlib.import_module("domain.games.vertigo.evolve")


def played(rules: int, seats: int, seed: int) -> tuple[list[Any], State]:
    options = m.Options(rules=rules)
    done = play(game, seats, options, [random_bot] * seats, random.Random(seed))
    return done.events, done.state


def as_version_1(events: list[Any]) -> list[Any]:
    return [
        msgspec.structs.replace(e, queued=False) if isinstance(e, m.FirstPlayerDrawn) else e
        for e in events
        if not isinstance(e, m.TasksQueued)
    ]


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_both_versions_play_the_same_game_but_version_2_stores_the_tasks(
    seats: int, seed: int
) -> None:
    old, old_end = played(1, seats, seed)
    new, new_end = played(2, seats, seed)
    assert not any(isinstance(e, m.TasksQueued) for e in old)
    assert sum(isinstance(e, m.TasksQueued) for e in new) > 50
    assert as_version_1(new) == old
    assert msgspec.structs.replace(new_end, rules=1, queued=False) == old_end


def test_a_version_2_fold_plans_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    events, end = played(2, 3, 5)
    start = game.initial(3, m.Options())

    def refused(*_: Any) -> None:
        raise AssertionError("a version 2 fold planned the agenda")

    monkeypatch.setattr(evolving, "planned", refused)
    assert game.fold(events, start) == end
    with pytest.raises(AssertionError, match="planned the agenda"):
        game.fold(as_version_1(events), game.initial(3, m.Options(rules=1)))


def test_without_its_tasks_a_version_2_game_waits_for_nothing() -> None:
    """What the tasks events queue, version 2's fold does not plan: without them the agenda
    stays as the setup left it."""
    events, _ = played(2, 3, 5)
    facts = [e for e in events if not isinstance(e, m.TasksQueued)]
    assert game.fold(facts, game.initial(3, m.Options())).agenda == ()


@pytest.mark.parametrize("rules", [1, 2])
def test_evolve_is_total_every_event_on_any_agenda(rules: int) -> None:
    """Every event of a game, folded out of its place (on the start, with the agenda empty),
    gives a state: `evolve` never raises (it once failed on a destroy with nothing queued)."""
    events, _ = played(rules, 4, 7)
    start = game.initial(4, m.Options(rules=rules))
    empty = game.fold(events[:1], start)
    empty = msgspec.structs.replace(empty, agenda=())
    for event in events:
        assert isinstance(evolve(start, event), State)
        assert isinstance(evolve(empty, event), State)
    destroyed = m.PollutingDestroyed(seat=0, province="R1")
    assert evolve(empty, destroyed).agenda == ()
