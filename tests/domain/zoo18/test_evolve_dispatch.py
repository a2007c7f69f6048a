"""evolve finds each event's change by the event's exact type (`evolve._CHANGES`): every
event the game decodes must have one, and none may have a subclass that the lookup would
miss (a `match` of class patterns took subclasses too)."""

from __future__ import annotations

from typing import get_args

from domain.games.zoo18.evolve import _CHANGES, _FLOW_FACTS
from domain.games.zoo18.messages import Event, FlowFact


def test_every_event_the_game_decodes_has_its_change() -> None:
    events = set(get_args(Event))
    assert len(events) > 40  # the union, flattened: no alias left unexpanded
    assert events - set(_CHANGES) == set()
    assert set(_CHANGES) - events == set()


def test_every_flow_fact_changes_the_flow() -> None:
    assert set(_FLOW_FACTS) == set(get_args(FlowFact))


def test_no_event_class_has_a_subclass_the_lookup_would_miss() -> None:
    assert [cls for cls in _CHANGES if cls.__subclasses__()] == []
