"""What-if forks: a new game that starts from a position of another, as one viewer knew it.

A fork's stream opens as any table does (`TableOpened`), then says what it is a fork of
(`GameForked`); its seats are claimed as usual (the forker's at once, when a seat forks). At its
start, `ForkDealt` carries the position re-dealt for the knower (`Game.redeal`), and the fold
starts from it instead of the game's `initial` and `setup`. `ForkDealt` holds the fork's own new
secrets (another pile order, other hands), so every viewer but the omniscient one gets it with
`state` blanked; once the fork is over it is shown whole, and tells nothing of the original.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.chance import Rng
from domain.kernel import Game, Omniscient, Viewer

# the label of a fork's deal in its draws record (`domain.fairness`): drawn from the fork's own
# secret, from a position of another game (so its outcome is not decided again from this log)
FORK_DEAL = "fork"


class _ForkEvent(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class GameForked(_ForkEvent, frozen=True, tag="game_forked"):
    """This table is a fork of `game_id` at `version` (whose published hash is `hash`), as
    seat `knower` knew it then (None: as a spectator, the fork of a finished game). `labels`
    are the names the original seats had: the seats' labels until they are claimed."""

    game_id: str
    version: int
    hash: str = ""
    knower: int | None = None
    labels: tuple[str, ...] = ()


HIDDEN = msgspec.Raw(b"null")


class ForkDealt(_ForkEvent, frozen=True, tag="fork_dealt"):
    """The fork's position: the game's state as JSON (null for every viewer but the
    omniscient one: it holds the fork's new secrets)."""

    state: msgspec.Raw = HIDDEN


FORK_EVENTS = (GameForked, ForkDealt)


def deal(game: Game[Any, Any, Any], state: Any, knower: Viewer, rng: Rng) -> ForkDealt:
    """The fork's position: `state` as `knower` knew it, the rest drawn again from `rng`."""
    if game.redeal is None:
        raise ValueError(f"{game.title} games cannot be forked yet")
    return ForkDealt(state=msgspec.Raw(msgspec.json.encode(game.redeal(state, knower, rng))))


def dealt_state(game: Game[Any, Any, Any], seats: int, options: Any, event: ForkDealt) -> Any:
    """The state a `ForkDealt` carries, decoded as the game's own state type (the type of its
    `initial` state: the bundle names no other); None where it was blanked."""
    if bytes(event.state) == bytes(HIDDEN):
        return None
    kind = type(game.initial(seats, msgspec.convert(options, game.options_type)))
    return msgspec.json.decode(event.state, type=kind)


def redact(event: Any, viewer: Viewer) -> Any:
    if isinstance(event, ForkDealt) and not isinstance(viewer, Omniscient):
        return ForkDealt(state=HIDDEN)
    return event


def origin(events: list[Any]) -> GameForked | None:
    """What a stream is a fork of (said among its first events), or None for a game of its
    own."""
    return next((event for event in events[:8] if isinstance(event, GameForked)), None)
