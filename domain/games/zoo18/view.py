"""What each viewer sees."""

from __future__ import annotations

from typing import Any

from domain.games.zoo18.messages import Event
from domain.games.zoo18.state import State
from domain.kernel import Viewer


def view(state: State, viewer: Viewer) -> Any:
    return {}


def redact(event: Event, viewer: Viewer) -> Event | None:
    return event
