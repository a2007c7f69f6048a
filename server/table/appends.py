"""The appends the server makes itself (create, claim, start, chat, a bot's or a clock's move,
undo, a seat handed over): the id each goes under, and how often a use case decides again
when another append got in first."""

from __future__ import annotations

import uuid

from projections.live import SERVER_APPEND

MAX_ATTEMPTS = 5


def once() -> str:
    """A command id for an append the server makes itself (create, claim, start, chat).

    redis-py resends a command after a connection error; if Redis had run the append and the
    reply was lost, the resent append with the same id returns the first result instead of
    writing the event twice (a chat line twice, a second seat claim, a failed create)."""
    return SERVER_APPEND + uuid.uuid4().hex
