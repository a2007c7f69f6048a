"""The bot seats asked for at a table's creation, checked, as the events that take them."""

from __future__ import annotations

from typing import Any

from domain.kernel import Reason, Rejected
from domain.seat_bots import LEVELS, BotSeated, bot_name
from domain.table import SeatClaimed, Table


def bot_claims(bots: list[int], level: str, seats: int) -> list[Any]:
    """`SeatClaimed` (with no token: nobody can take the seat back) and `BotSeated` for each
    seat in `bots`; Rejected for a seat out of range, twice, or every seat (a table needs a
    player to start it)."""
    if level not in LEVELS:
        raise Rejected(Reason.BAD_REQUEST, f"bot_level: one of {', '.join(LEVELS)}")
    for seat in bots:
        if not 0 <= seat < seats:
            raise Rejected(Reason.BAD_REQUEST, f"bots: seat {seat} is not a seat 0 to {seats - 1}")
    if len(set(bots)) != len(bots):
        raise Rejected(Reason.BAD_REQUEST, "bots: a seat is named twice")
    if len(bots) >= seats:
        raise Rejected(Reason.BAD_REQUEST, "bots: leave a seat for a player, who starts the game")
    events: list[Any] = []
    for seat in sorted(bots):
        events += [SeatClaimed(seat=seat, name=bot_name(level, seat)), BotSeated(seat, level)]
    return events


def gap_before_bots(names: tuple[str, ...], claimed: int) -> int | None:
    """A free seat among the first `claimed` (those a started game has): a bot sits beyond it,
    so the game cannot start yet; None when the claimed seats are 0 to claimed - 1."""
    return next((seat for seat in range(claimed) if seat >= len(names) or not names[seat]), None)


def attended(table: Table) -> bool:
    """Whether the server may have to play at this table: it has a bot seat, or a clock (the
    bot seats' player writes the agenda around its appends only then)."""
    return any(table.bots) or table.clock is not None
