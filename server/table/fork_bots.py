"""The forker of a what-if fork gives its free seats to bots, so a fork made alone is played.

`POST /api/games/{id}/fork/bots` `{"level": "greedy"}` by the forker's seat (its token, or the
session of the account holding it: `server.web.acting_seat`): before the fork starts, every
seat nobody has claimed is taken by a server bot of that level, as the bot seats of a table's
creation are (`SeatClaimed` with no token, then `BotSeated`). Only the forker may: a fork has
no host token, and a stranger who took a seat must not fill the rest.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.forks import origin
from domain.kernel import Reason, Rejected
from domain.seat_bots import GREEDY, LEVELS
from projections.codec import encode
from server.store import WrongExpectedVersion
from server.table.appends import MAX_ATTEMPTS, once
from server.table.bot_table import bot_claims
from server.table.service import GameService


class FillRequest(msgspec.Struct, forbid_unknown_fields=True):
    level: str = GREEDY


async def fill_with_bots(
    service: GameService, game_id: str, holder: int | None, raw: bytes
) -> dict[str, Any]:
    """Seat a bot in every free seat of fork `game_id`, asked by seat `holder` (None: a
    stranger); the seats taken and the version."""
    try:
        asked = msgspec.json.decode(raw or b"{}", type=FillRequest)
    except msgspec.DecodeError as exc:
        raise Rejected(Reason.BAD_REQUEST, str(exc)) from None
    if asked.level not in LEVELS:
        raise Rejected(Reason.BAD_REQUEST, f"level: one of {', '.join(LEVELS)}")
    live = await service.load(game_id, fresh=True)
    forked = origin(live.events)
    if forked is None:
        raise Rejected(Reason.BAD_REQUEST, "only a what-if fork's free seats are given to bots")
    if holder is None:
        raise Rejected(Reason.UNAUTHORIZED, "the forker's seat is needed: its token, as Bearer")
    if holder != forked.knower:
        raise Rejected(Reason.FORBIDDEN, "only the fork's forker gives its free seats to bots")
    for _ in range(MAX_ATTEMPTS):
        table, at, head = live.table, live.version, live.hash
        if table.started:
            raise Rejected(Reason.FORBIDDEN, "the fork has started: its seats are taken")
        free = [seat for seat in range(table.seats) if not _claimed(table.names, seat)]
        if not free:
            return {"seats": [], "version": live.version}
        events = bot_claims(free, asked.level, table.seats)
        ahead = service.appending(live, True)
        if ahead is not None:
            await ahead
        try:
            version = await service.store.append(
                game_id, at, [encode(e) for e in events], once(), head
            )
        except WrongExpectedVersion:
            await service.catch_up(live)
            continue
        await service.catch_up(live)
        service.appended(live)
        return {"seats": free, "version": version}
    raise Rejected(Reason.BUSY)


def _claimed(names: tuple[str, ...], seat: int) -> bool:
    return seat < len(names) and bool(names[seat])
