"""Seats the server's bots play: who plays a seat is a fact of the table, kept as events.

A seat given to a bot when the table is created is claimed with no token (`SeatClaimed` with an
empty hash) and then `BotSeated`: nobody can take it back. A seated human hands their seat to a
bot with `BotSeated` and takes it back with `BotLeft`, keeping their token all along.
"""

from __future__ import annotations

import msgspec

GREEDY = "greedy"
LEVELS = (GREEDY, "random")


class BotEvent(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class BotSeated(BotEvent, frozen=True, tag="bot_seated"):
    seat: int
    level: str = GREEDY


class BotLeft(BotEvent, frozen=True, tag="bot_left"):
    seat: int


BOT_EVENTS = (BotSeated, BotLeft)


def apply(bots: tuple[str, ...], event: BotEvent) -> tuple[str, ...]:
    """Who plays each seat after `event`: a bot's level, or "" for the seat's human."""
    level = event.level if isinstance(event, BotSeated) else ""
    seat = event.seat if isinstance(event, BotSeated | BotLeft) else -1
    padded = (*bots, *("",) * (seat + 1 - len(bots)))
    return (*padded[:seat], level, *padded[seat + 1 :])


def bot_name(level: str, seat: int) -> str:
    """The name a bot seat is shown under (a seat's name is unique at its table)."""
    return f"Bot {seat + 1} ({level})"
