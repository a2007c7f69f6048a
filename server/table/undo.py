"""Undo by consent through the service (`domain.undo`): a seat asks, the others answer, the
last acceptance appends the undo. Every refusal says why and appends nothing.

The command an undo may take back is the game's last player append (`LiveGame.last_command`),
with nothing after it but chat lines and undo events. Its events are checked again at each
answer: a pending request lapses with any move (the table's fold clears it).
"""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec

from domain.kernel import Reason, Rejected
from domain.table import ChatPosted, TableOpened
from domain.undo import (
    NEVER,
    UndoAnswered,
    UndoDone,
    UndoRequested,
    check,
    done,
    refuse,
)
from projections.codec import encode
from projections.live import LiveGame
from server.ops.logs import log
from server.store import WrongExpectedVersion
from server.table.appends import MAX_ATTEMPTS, once
from server.table.service import GameService


async def _command(live: LiveGame, seat: int, said: Any = None) -> tuple[int, int]:
    """The first and last versions of the command `seat` may ask to undo, or Rejected."""
    opened = live.events[0]
    if isinstance(opened, TableOpened) and opened.undo == NEVER:
        raise refuse("undo is off at this table (the creator chose so)")
    if not live.table.started:
        raise Rejected(Reason.NOT_STARTED)
    if live.table.clock is not None:
        raise refuse("undo is off at a table with a turn clock: time spent cannot be given back")
    if live.over:
        raise Rejected(Reason.GAME_OVER)
    first, last = live.last_command
    if not last:
        raise refuse("nothing to undo")
    for event in live.events[last:]:
        if isinstance(event, UndoDone):
            raise refuse("nothing to undo: the last command was undone")
        if isinstance(event, UndoRequested):
            raise refuse("an undo of this command was already asked")
        if not isinstance(event, ChatPosted | UndoAnswered):
            raise refuse("nothing to undo: the game moved on since")
    before = live.table_at(first - 1)
    events = live.events[first - 1 : last]
    # the check decides the seat's legal commands again (up to 0.25 s for 18ZOO): off the
    # event loop
    await asyncio.to_thread(check, live.game, before.state, seat, before.seats, events, said)
    return first, last


def to_ask(table: Any, asker: int) -> set[int]:
    """The seats whose consent an undo needs: the other seats a person plays (a server bot
    has no view on it, so it never holds one up)."""
    bots = table.bots
    return {s for s in range(table.seats) if s != asker and not (s < len(bots) and bots[s])}


class AskUndo(msgspec.Struct, forbid_unknown_fields=True):
    """The body of a request (optional): the command the asker sent, which helps find it."""

    command: msgspec.Raw = msgspec.Raw(b"null")  # (a Raw field cannot be optional)


async def ask(service: GameService, game_id: str, seat: int | None, raw: bytes = b"") -> int:
    """`seat` (None: the asker holds none) asks to undo its last command; the version of the
    request."""
    if seat is None:
        raise Rejected(Reason.UNAUTHORIZED, "only a seated player may ask to undo")
    try:
        body = msgspec.json.decode(raw, type=AskUndo) if raw.strip() else AskUndo()
    except msgspec.DecodeError as exc:
        raise Rejected(Reason.BAD_REQUEST, str(exc)) from None
    said = None
    if bytes(body.command) != b"null":
        game = (await service.load(game_id)).table.game
        said = service.decode_command(game, bytes(body.command))
    for _ in range(MAX_ATTEMPTS):
        live = await service.load(game_id, fresh=True)
        # the version checked: the fold may move on while the check runs in its thread, and
        # the request must land on the history it checked, or be checked again
        expected, expected_hash = live.version, live.hash
        if live.table.undo_asked is not None:
            raise refuse("an undo is already asked: wait for the answers")
        first, last = await _command(live, seat, said)
        asked: list[object] = [UndoRequested(seat=seat, version=last)]
        if not to_ask(live.table, seat):  # only bots to ask: granted at once
            asked.append(done(live.game, seat, last, first - 1, live.table_at(first - 1).state))
        try:
            version = await service.store.append(
                game_id, expected, [encode(e) for e in asked], once(), expected_hash
            )
        except WrongExpectedVersion:
            await service.catch_up(live)
            continue
        log.info("undo_requested", game_id=game_id, seat=seat, version=version)
        return version
    raise Rejected(Reason.BUSY)


async def answer(service: GameService, game_id: str, seat: int | None, accept: bool) -> int:
    """Another seat accepts or refuses the pending request; the last acceptance also appends
    the undo. The version reached."""
    if seat is None:
        raise Rejected(Reason.UNAUTHORIZED, "only a seated player may answer an undo")
    for _ in range(MAX_ATTEMPTS):
        live = await service.load(game_id, fresh=True)
        asked = live.table.undo_asked
        if asked is None:
            raise refuse("no undo is asked (or it lapsed: the game moved on)")
        if seat == asked.seat:
            raise refuse("you asked for this undo: the others answer it")
        if seat in asked.accepted:
            raise refuse("you already accepted this undo")
        events: list[object] = [UndoAnswered(seat=seat, accept=accept)]
        waiting = to_ask(live.table, asked.seat) - {seat, *asked.accepted}
        if accept and not waiting:
            first, last = live.last_command
            if last != asked.version:  # cannot be while it is pending; never undo another
                raise refuse("nothing to undo: the game moved on since")
            before = live.table_at(first - 1)
            events.append(done(live.game, asked.seat, last, first - 1, before.state))
        try:
            version = await service.store.append(
                game_id, live.version, [encode(e) for e in events], once(), live.hash
            )
        except WrongExpectedVersion:
            await service.catch_up(live)
            continue
        outcome = "undone" if len(events) > 1 else "accepted" if accept else "refused"
        service.metrics.count(f"undos_{outcome}")
        log.info("undo_answered", game_id=game_id, seat=seat, outcome=outcome, version=version)
        return version
    raise Rejected(Reason.BUSY)
