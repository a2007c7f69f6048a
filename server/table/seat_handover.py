"""A seated player hands their seat to a bot, and takes it back (the seat's token, or the
session of the account holding it: `server.web.acting_seat`).

`POST /api/games/{id}/seats/{n}/bot`: with no body the call toggles (a human's seat goes to a
bot, a bot in a human's seat goes); `{"bot": true, "level": "random"}` or `{"bot": false}`
says which, so a retried request changes nothing the second time.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel import Reason, Rejected
from domain.seat_bots import GREEDY, LEVELS, BotLeft, BotSeated
from projections.codec import encode
from server.store import WrongExpectedVersion
from server.table.appends import MAX_ATTEMPTS, once
from server.table.service import GameService


class HandOver(msgspec.Struct, forbid_unknown_fields=True):
    bot: bool | None = None  # None: the other way round from now
    level: str = GREEDY


def seat_number(raw: str, seats: int) -> int:
    if not (raw.isascii() and raw.isdigit()) or not 0 <= int(raw) < seats:
        raise Rejected(Reason.BAD_REQUEST, f"seat must be a whole number from 0 to {seats - 1}")
    return int(raw)


async def hand_over(
    service: GameService, game_id: str, raw_seat: str, holder: int | None, raw: bytes
) -> dict[str, Any]:
    """Give seat `raw_seat` to a bot or take it back, for the asker holding seat `holder` (None:
    none); the seat, who plays it, the version."""
    try:
        asked = msgspec.json.decode(raw or b"{}", type=HandOver)
    except msgspec.DecodeError as exc:
        raise Rejected(Reason.BAD_REQUEST, str(exc)) from None
    if asked.level not in LEVELS:
        raise Rejected(Reason.BAD_REQUEST, f"level: one of {', '.join(LEVELS)}")
    live = await service.load(game_id, fresh=True)
    seat = seat_number(raw_seat, live.table.seats)
    if holder is None:
        raise Rejected(Reason.UNAUTHORIZED, "the seat's token is needed, as Bearer, or its session")
    if holder != seat:
        raise Rejected(Reason.FORBIDDEN, f"this asker holds seat {holder}, not seat {seat}")
    for _ in range(MAX_ATTEMPTS):
        table, at, head = live.table, live.version, live.hash  # decided at (`service.submit`)
        if live.over:
            raise Rejected(Reason.GAME_OVER)
        playing = table.bots[seat] if seat < len(table.bots) else ""
        wanted = not playing if asked.bot is None else asked.bot
        if (wanted and playing == asked.level) or (not wanted and not playing):
            return {"seat": seat, "bot": playing or None, "version": live.version}
        event = BotSeated(seat, asked.level) if wanted else BotLeft(seat)
        ahead = service.appending(live, wanted)
        if ahead is not None:
            await ahead
        try:
            version = await service.store.append(game_id, at, [encode(event)], once(), head)
        except WrongExpectedVersion:
            await service.catch_up(live)
            continue
        await service.catch_up(live)
        service.appended(live)
        return {"seat": seat, "bot": asked.level if wanted else None, "version": version}
    raise Rejected(Reason.BUSY)
