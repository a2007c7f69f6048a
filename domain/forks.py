"""What-if forks: a new game that starts from a position of another, as one viewer knew it.

A fork's stream opens as any table does (`TableOpened`), then says what it is a fork of
(`GameForked`); its seats are claimed as usual (the forker's at once, when a seat forks). At its
start, `ForkDealt` carries the position re-dealt for the knower (`Game.redeal`), and the fold
starts from it instead of the game's `initial` and `setup`: in the form its game declares and
numbers (`domain.positions`), never the live state type (a fork dealt before forms has the state
as JSON, `form` 0, read as it always was). `ForkDealt` holds the fork's own new secrets
(another pile order, other hands), so every viewer but the omniscient one gets it with its
position blanked; once the fork is over it is shown whole, and tells nothing of the original.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain import positions
from domain.chance import Rng
from domain.kernel import Game, Omniscient, Viewer
from domain.rules import options_for

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
    """The fork's position, in the game's `form` of it (null for every viewer but the
    omniscient one: it holds the fork's new secrets). A fork dealt before forms has `form` 0
    and the game's state as JSON in `state`."""

    state: msgspec.Raw = HIDDEN
    form: int = positions.LEGACY
    position: msgspec.Raw = HIDDEN


FORK_EVENTS = (GameForked, ForkDealt)


def deal(game: Game[Any, Any, Any], state: Any, knower: Viewer, rng: Rng) -> ForkDealt:
    """The fork's position: `state` as `knower` knew it, the rest drawn again from `rng`."""
    if game.redeal is None:
        raise ValueError(f"{game.title} games cannot be forked yet")
    form, position = positions.stored(game, game.redeal(state, knower, rng))
    return ForkDealt(form=form, position=position)


def dealt_state(
    game: Game[Any, Any, Any], seats: int, options: Any, rules: int, event: ForkDealt
) -> Any:
    """The state a `ForkDealt` carries, `options` as the table stores them and `rules` its
    rules version; None where it was blanked."""
    if event.form != positions.LEGACY:
        return positions.read(game, event.form, event.position, options_for(game, options, rules))
    if bytes(event.state) == bytes(HIDDEN):
        return None
    # dealt before forms: the live state, read with the game's state type (the type of its
    # `initial` state) as it always was
    kind = type(game.initial(seats, msgspec.convert(options, game.options_type)))
    return msgspec.json.decode(event.state, type=kind)


def redact(event: Any, viewer: Viewer) -> Any:
    if isinstance(event, ForkDealt) and not isinstance(viewer, Omniscient):
        return msgspec.structs.replace(event, state=HIDDEN, position=HIDDEN)
    return event


def origin(events: list[Any]) -> GameForked | None:
    """What a stream is a fork of (said among its first events), or None for a game of its
    own."""
    return next((event for event in events[:8] if isinstance(event, GameForked)), None)
