"""legal: the commands a seat may send now (a representative sample where the space is huge)."""

from __future__ import annotations

from domain.games.zoo18.messages import Command
from domain.games.zoo18.state import State


def legal(state: State, seat: int) -> list[Command]:
    return []
