"""Undo by consent: a seat asks to take back its own last command, the other seats answer, and
once all of them accept, an event restores the position from before it (never a deletion: the
command and its undo both stay in the log, and time travel shows both).

A command may be undone only if taking it back cannot tell anyone anything or give a redraw:
it drew nothing (no `DrawsRecorded`: an undo must never let a player draw again), every event
of it is shown whole to every viewer, and it revealed nothing a viewer could not see before
(`check`). The last is decided exactly, never by sampling: every viewer is shown the same
events, whole, so what the command showed anyone is what its events show, and it revealed
something when one of them does, as its game declares (`Game.reveals`, given the state each
event lands on: an event that reads a hidden part, a turned card or a counted vote, or one
that brings a hidden part into view). A game that declares nothing has no command undone.

`UndoDone` carries the restored position, so that the fold stays a pure fold of events
(`domain.table.apply`) and needs no history: in the form its game declares and numbers
(`domain.positions`), never the live state type (an undo stored before forms has the state as
JSON, `form` 0, read as it always was). That position holds every seat's secrets as they were
before the command: every viewer but the omniscient one is sent it blank, and each of them
already saw its own view of that position.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain import positions
from domain.fairness import DrawsRecorded, SecretRevealed
from domain.kernel import SPECTATOR, Game, Omniscient, Reason, Rejected, Seat, Viewer
from domain.rules import options_for

CONSENT, NEVER = "consent", "never"  # the creator's choice (`TableOpened.undo`)
MODES = (CONSENT, NEVER)
HIDDEN = msgspec.Raw(b"null")


class _UndoEvent(msgspec.Struct, frozen=True, tag_field="type"):
    """Tagged as the table's events are (`domain.table.TableEvent`), beside which it is stored."""


class UndoRequested(_UndoEvent, frozen=True, tag="undo_requested"):
    """`seat` asks to undo its command whose last event is at `version`."""

    seat: int
    version: int


class UndoAnswered(_UndoEvent, frozen=True, tag="undo_answered"):
    """`seat` accepts or refuses the pending request; a refusal ends it."""

    seat: int
    accept: bool


class UndoDone(_UndoEvent, frozen=True, tag="undo_done"):
    """Everyone accepted: the command of `seat` ending at `version` is undone and the game is
    back where it was at `back_to`; `position` is the game's position then, in the game's
    `form` of it (both blank for every viewer but the omniscient one). An undo stored before
    forms has `form` 0 and the state in `state`."""

    seat: int
    version: int
    back_to: int
    state: msgspec.Raw = HIDDEN
    form: int = positions.LEGACY
    position: msgspec.Raw = HIDDEN


UNDO_EVENTS = (UndoRequested, UndoAnswered, UndoDone)


class UndoAsked(msgspec.Struct, frozen=True):
    """The pending request a table keeps: who asked, for which command, who accepted."""

    seat: int
    version: int
    accepted: tuple[int, ...] = ()


def pending(asked: UndoAsked | None, event: Any) -> UndoAsked | None:
    """The request pending after `event` (an undo event)."""
    if isinstance(event, UndoRequested):
        return UndoAsked(seat=event.seat, version=event.version)
    if isinstance(event, UndoAnswered) and asked is not None and event.accept:
        return msgspec.structs.replace(asked, accepted=(*asked.accepted, event.seat))
    return None  # refused, or done


def restored(
    game: Game[Any, Any, Any], seats: int, options: Any, rules: int, event: UndoDone
) -> Any:
    """The state an `UndoDone` restores; None if blank. `options` as the table stores them,
    `rules` its rules version."""
    if event.form != positions.LEGACY:
        return positions.read(game, event.form, event.position, options_for(game, options, rules))
    if bytes(event.state) == bytes(HIDDEN):
        return None
    # stored before forms: the live state, read with the state type as it always was
    kind = type(game.initial(seats, msgspec.convert(options, game.options_type)))
    return msgspec.json.decode(event.state, type=kind)


def done(game: Game[Any, Any, Any], seat: int, version: int, back_to: int, state: Any) -> UndoDone:
    form, position = positions.stored(game, state)
    return UndoDone(seat=seat, version=version, back_to=back_to, form=form, position=position)


def unfaithful(
    game: Game[Any, Any, Any],
    seats: int,
    options: Any,
    rules: int,
    event: UndoDone,
    states: list[Any],
) -> str | None:
    """Why the stored `event` is not a true undo, or None: the state it restores must be the
    game's state at `back_to` (`states[v - 1]`: the state after version v, for each version
    before the undo), or a server could set any position it liked by calling it an undo."""
    undo_at = len(states) + 1
    if not 1 <= event.back_to < event.version < undo_at:
        return f"version {undo_at}: an undo of version {event.version} back to {event.back_to}"
    if restored(game, seats, options, rules, event) != states[event.back_to - 1]:
        return (
            f"version {undo_at}: the undo restores a position the game never had at {event.back_to}"
        )
    return None


def redact(event: Any, viewer: Viewer) -> Any:
    if isinstance(event, UndoDone) and not isinstance(viewer, Omniscient):
        return msgspec.structs.replace(event, state=HIDDEN, position=HIDDEN)
    return event


def refuse(detail: str) -> Rejected:
    return Rejected(Reason.FORBIDDEN, detail)


class _Drew(Exception):
    """A command decided again in `check` tried to draw."""


class _NoDraws:
    """An Rng that refuses to draw: a command that needs one is not undoable."""

    def randrange(self, n: int, /) -> int:
        raise _Drew


def _again(game: Game[Any, Any, Any], state: Any, seat: int, command: Any) -> list[Any] | None:
    """The events of `command` decided at `state` without drawing; None if refused or drawn."""
    try:
        return game.decide(state, seat, command, _NoDraws())
    except (Rejected, _Drew):
        return None


def _revealing(game: Game[Any, Any, Any], before: Any, stored: list[Any]) -> bool:
    """Whether an event of `stored`, folded from `before`, shows a viewer something hidden."""
    assert game.reveals is not None
    state = before
    for event in stored:
        if game.reveals(state, event):
            return True
        state = game.evolve(state, event)
    return False


def check(
    game: Game[Any, Any, Any],
    before: Any,
    seat: int,
    seats: int,
    stored: list[Any],
    said: Any = None,
) -> Any:
    """The command of `seat` at `before` whose stored events are `stored`, if undoing it tells
    nobody anything and lets nobody draw again; else raises `Rejected` saying why. The same
    arguments always get the same answer. No event names its seat: the command is the one of
    `seat` that decides `stored` again, `said` (what the asker says it sent: a game whose legal
    list is only a sample may leave it out) or one of its legal commands."""
    if any(isinstance(event, DrawsRecorded) for event in stored):
        raise refuse("a random outcome was drawn by it (a card, a die): it cannot be drawn again")
    if any(isinstance(event, SecretRevealed) for event in stored):
        raise refuse("the game is over")
    viewers: list[Viewer] = [SPECTATOR, *(Seat(n) for n in range(seats))]
    if any(game.redact(event, viewer) != event for event in stored for viewer in viewers):
        raise refuse("it holds something hidden from a player: undoing it would tell")
    tried = [said] if said is not None else []
    mine = (
        c for c in [*tried, *game.legal(before, seat)] if _again(game, before, seat, c) == stored
    )
    command = next(mine, None)
    if command is None:
        raise refuse("the last command is not yours")
    if game.reveals is None:
        raise refuse(f"{game.title} does not say which of its events reveal something hidden")
    if game.positions is None:
        raise refuse(f"{game.title} does not say how it stores a position to go back to")
    if _revealing(game, before, stored):
        raise refuse("it revealed something that was hidden (a card, a choice)")
    return command
