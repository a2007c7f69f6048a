"""What-if forks through the server: `POST /api/games/{id}/fork {"version": N}`.

Anyone may fork a finished game; while a game runs, only a seat may fork it, and only its past
or present (a version at most the current one), as that seat knew it. The fork is a new table
(`domain.forks`): it names the original and the version, has the original's seats open to
claim with their names as labels (the forking seat's is taken at once, by its forker), and
appears in the lobby. Its position is re-dealt when it starts, from the randomness the start
of any game uses, so what the forker could not know is drawn again there.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

import msgspec

from domain.forks import GameForked, deal
from domain.kernel import SPECTATOR, Reason, Rejected, Seat
from domain.table import GameStarted, SeatClaimed, Table, TableOpened
from domain.undo import CONSENT
from projections.codec import encode
from projections.live import LiveGame
from server.ops.logs import log
from server.table.tokens import new_token, token_hash

if TYPE_CHECKING:
    from domain.chance import Rng
    from server.table.games import Games


class ForkRequest(msgspec.Struct, forbid_unknown_fields=True):
    version: int


class Forked(msgspec.Struct, frozen=True):
    """The answer: the fork, the version it was made at, and the forker's seat in it with its
    token (shown once), or None for a spectator's fork of a finished game."""

    game_id: str
    version: int
    seat: int | None
    token: str | None


def resting_version(live: LiveGame, near: int) -> int | None:
    """The position a fork asked at version `near` is made at: a version where the game waits
    for a seat (started, not over, some seat with a legal command). The latest at most `near`:
    a version inside the engine's own steps (a reveal and what follows it) is forked at the
    move before it. Before the first move, the first position (the start's own steps done):
    no later than the current version, so the forker is never shown what it has not seen."""
    for version in range(near, 0, -1):
        table = live.table_at(version)
        if not table.started:
            break
        if _waits(live, table):
            return version
    return next(
        (v for v in range(near + 1, live.version + 1) if _waits(live, live.table_at(v))), None
    )


def _waits(live: LiveGame, table: Table) -> bool:
    game, state = live.game, table.state
    return (
        table.started
        and not game.is_over(state)
        and any(game.legal(state, seat) for seat in range(table.seats))
    )


async def fork(cache: Games, game_id: str, raw: bytes, seat: int | None) -> Forked:
    """Open the fork of `game_id` at the version `raw` asks for, by its seat `seat` (None: by
    someone holding none)."""
    live = await cache.load(game_id, fresh=True)
    options = msgspec.convert(live.table.options, live.game.options_type)
    if getattr(options, "imported", False):
        raise Rejected(
            Reason.BAD_REQUEST,
            "a game imported from another site cannot be forked: its rules are relaxed to "
            "replay what was played there",
        )
    if seat is None and not live.over:
        raise Rejected(
            Reason.UNAUTHORIZED,
            "a game in play may be forked only by one of its seats (its token as Bearer, or "
            "its session); "
            "anyone may fork a finished game",
        )
    try:
        version = msgspec.json.decode(raw, type=ForkRequest).version
    except msgspec.DecodeError as exc:
        raise Rejected(Reason.BAD_REQUEST, str(exc)) from None
    if live.game.redeal is None or live.game.positions is None:
        raise Rejected(Reason.BAD_REQUEST, f"{live.game.title} games cannot be forked yet")
    if not 1 <= version <= live.version:
        raise Rejected(
            Reason.BAD_REQUEST,
            f"version must be from 1 to {live.version}: a fork starts from the game's past or "
            "present, never its future",
        )
    at = resting_version(live, version)
    if at is None:
        raise Rejected(Reason.BAD_REQUEST, "the game has no position to fork from yet")
    table = live.table_at(at)
    fork_id = uuid.uuid4().hex[:12]
    events: list[Any] = [
        TableOpened(
            game=table.game,
            seats=table.seats,
            options=table.options,
            rules=table.rules,
            undo=getattr(live.events[0], "undo", CONSENT),  # the original creator's choice
        ),
        GameForked(
            game_id=game_id,
            version=at,
            hash=live.hash_at(at) or "",
            knower=seat,
            labels=table.names,
        ),
    ]
    secret = None
    if seat is not None:  # the forker keeps its seat: it alone knows what the fork kept of it
        secret = new_token()
        events.append(SeatClaimed(seat=seat, name=table.names[seat], token_hash=token_hash(secret)))
    await cache.store.append(fork_id, 0, [encode(e) for e in events], _once(), "")
    await cache.store.register(fork_id)
    cache.metrics.count("games_forked")
    log.info("game_forked", game_id=fork_id, original=game_id, version=at, seat=seat)
    return Forked(game_id=fork_id, version=at, seat=seat, token=secret)


async def opening(cache: Games, table: Table, forked: GameForked, rng: Rng) -> list[Any]:
    """The start of a fork: its position re-dealt from `rng` (the randomness of any game's
    start), then `GameStarted`. Every seat must be taken: the position has that many players."""
    if table.claimed < table.seats:
        raise Rejected(
            Reason.FORBIDDEN,
            f"this fork starts with its {table.seats} players; {table.claimed} seated",
        )
    original = await cache.load(forked.game_id, fresh=True)
    if (original.hash_at(forked.version) or "") != forked.hash:
        raise Rejected(
            Reason.FORBIDDEN, "the original game's history changed since this fork was made"
        )
    position = original.table_at(forked.version)
    knower = SPECTATOR if forked.knower is None else Seat(forked.knower)
    dealt = deal(original.game, position.state, knower, rng)
    return [dealt, GameStarted(seats=table.seats)]


def _once() -> str:
    """The id of the fork's first append (see `server.table.appends.once`)."""
    return "server-" + uuid.uuid4().hex
