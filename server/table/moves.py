"""A player's command: decoded from JSON, decided on the cached fold, and appended with the
record of what it drew (`submit` for a client's, `play` for any, the server's bots and clocks
included), or explained without deciding anything (`explain`).

A command is decided at the version it read and appended there; another append first makes
it catch up and decide again. A retried command id answers where it first landed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec

from domain import games
from domain.chance import Rng
from domain.kernel import Reason, Rejected, is_simultaneous
from projections.codec import encode
from projections.live import LiveGame
from server.ops.logs import log
from server.store import STORE_DOWN, StoreUnavailable, WrongExpectedVersion
from server.table import fairness
from server.table.appends import MAX_ATTEMPTS
from server.table.bot_table import attended
from server.table.decisions import Decision, deciding
from server.table.games import Games
from server.table.table_clock import out_of_time, stamps

# a client's command id is stored under this prefix, so no client can take an id the server
# uses itself (`SERVER_APPEND`, the bots' `bot-...`, the clocks' `clock-...`): a move sent
# under the id of a bot's next move would make that move a no-op for the store. Games stored
# before the prefix keep their ids as sent: a retry across the upgrade is not recognised as
# one (it is decided again, most likely refused as stale), which is acceptable
CLIENT_COMMAND = "c-"

Decoders = dict[str, msgspec.json.Decoder[Any]]  # each game's command decoder, made once


def client_command(command_id: str) -> str:
    """The stored id of a client's command id ("" stays no id: the store then dedupes nothing)."""
    return CLIENT_COMMAND + command_id if command_id else ""


class Landed(NamedTuple):
    version: int  # the version the command's append ended at (its first one's, for a retry)
    appended: bool  # False: its id had landed before and nothing was written now


def decode_command(decoders: Decoders, game_name: str, raw: bytes) -> Any:
    """A game's command from JSON, or Rejected (`unknown_command`, `bad_request`)."""
    decoder = decoders.get(game_name)
    if decoder is None:
        decoder = msgspec.json.Decoder(games.get(game_name).command_type)
        decoders[game_name] = decoder
    try:
        return decoder.decode(raw)
    except msgspec.ValidationError as exc:
        text = str(exc)
        if "Invalid value" in text and "`$.type`" in text:
            raise Rejected(Reason.UNKNOWN_COMMAND, f"{text}") from None
        raise Rejected(Reason.BAD_REQUEST, text) from None
    except msgspec.DecodeError as exc:
        raise Rejected(Reason.BAD_REQUEST, str(exc)) from None


async def play(
    cache: Games,
    decoders: Decoders,
    now_ms: Callable[[], int],
    game_id: str,
    seat: int,
    command_id: str,
    seen_version: int,
    raw: bytes,
    ran_out: bool = False,
    by_bot: bool = False,
) -> Landed:
    """Decide and append one command under the stored id `command_id`; where it landed,
    or Rejected. Idempotent per id. `by_bot`: the server's bot plays it
    (`server.table.bot_seats`); `ran_out`: for a seat whose time ran out."""
    live = cache.cached(game_id) or await cache.load(game_id)  # no coroutine when cached
    if not live.table.started:
        raise Rejected(Reason.NOT_STARTED)
    command = decode_command(decoders, live.table.game, raw)
    kind = command.__struct_config__.tag
    if seen_version > live.version:
        await cache.catch_up(live)
    for _ in range(MAX_ATTEMPTS):
        # the version decided at: the append expects it, whatever the fold reaches while
        # the agenda is written (a version read after that await would store a decision
        # taken on an older state on top of a newer one)
        at, head = live.version, live.hash
        try:
            decision = decide(live, seat, command, seen_version, now_ms, ran_out, by_bot)
        except Rejected as refusal:
            if await cache.catch_up(live):
                continue  # our fold was behind: decide again on the current state
            landed = await cache.store.recall(game_id, command_id)
            if landed is not None:
                return Landed(landed, False)  # a retry of a command that already landed
            cache.metrics.count("rejections")
            log.info(
                "rejected",
                game_id=game_id,
                seat=seat,
                command=kind,
                reason=refusal.reason.value,
                version=live.version,
            )
            raise
        playing = attended(live.table)  # the bot seats' player may be due after it
        if playing:
            ahead = cache.appending(live, False)
            if ahead is not None:
                await ahead
        events = decision.events
        data = [encode(e) for e in events]
        live.foresee(at, head, data, decision.states)  # its fold, when the append comes back
        started = time.perf_counter()
        try:
            version = await cache.store.append(game_id, at, data, command_id, head)
        except WrongExpectedVersion:
            await cache.catch_up(live)
            continue
        except StoreUnavailable:
            cache.metrics.count("store_errors")
            raise Rejected(Reason.BUSY, STORE_DOWN) from None
        # an append that wrote ends `len(events)` after the version it expected; an id
        # that had landed answers where it did, and nothing is counted (two tries of one
        # id decided on the same version are alike here: they wrote the same once)
        if version != at + len(events):
            log.debug("already_applied", game_id=game_id, command=kind, version=version)
            return Landed(version, False)
        cache.metrics.observe_append(time.perf_counter() - started)
        cache.metrics.count("commands")
        log.debug("appended", game_id=game_id, command=kind, version=version)
        if playing:
            cache.appended(live)
        return Landed(version, True)
    raise Rejected(Reason.BUSY)


async def explain(cache: Games, decoders: Decoders, game_id: str, seat: int, raw: bytes) -> Any:
    """What a command would do, in the game's public terms; nothing is decided or stored."""
    live = await cache.load(game_id)
    if not live.table.started:
        raise Rejected(Reason.NOT_STARTED)
    command = decode_command(decoders, live.table.game, raw)
    if live.game.explain is None:
        raise Rejected(Reason.UNKNOWN_COMMAND, f"{live.game.title} explains no command")
    return live.game.explain(live.table.state, seat, command)


def decide(
    live: LiveGame,
    seat: int,
    command: Any,
    seen_version: int,
    now_ms: Callable[[], int],
    ran_out: bool = False,
    by_bot: bool = False,
) -> Decision:
    """The events to store for the command: the game's, with the record of what they
    drew, and at the end the revealed secret and the result (`server.table.decisions`);
    and the states the game's events lead to."""
    table = live.table
    game, state = live.game, table.state
    if game.is_over(state):
        raise Rejected(Reason.GAME_OVER)
    if seen_version != live.version and not is_simultaneous(command):
        raise Rejected(
            Reason.STALE_VERSION,
            f"you saw version {seen_version}, the game is at {live.version}",
        )
    if not by_bot and seat < len(table.bots) and table.bots[seat]:
        raise Rejected(Reason.FORBIDDEN, "a bot plays this seat now; take it back first")
    clocked = table.clock is not None
    now = now_ms() if clocked else 0
    late = clocked and seat in out_of_time(table, game, now)
    if late != ran_out:  # a bot's move for a seat out of time, and only for one
        why = "your time has run out: a bot plays this turn" if late else "time is left"
        raise Rejected(Reason.FORBIDDEN, why)
    rng: Rng = fairness.draws_for(table)
    events = game.decide(state, seat, command, rng)
    if not events:
        raise Rejected(Reason.ILLEGAL, "that command changes nothing")
    decision = deciding(game, table, seat, command, events, rng)
    if not clocked:
        return decision
    return decision._replace(events=[*stamps(table, game, now, seat, ran_out), *decision.events])
