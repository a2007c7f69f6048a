"""Whole positions as the log stores them: what an undo restores (`domain.undo`) and what a
fork is dealt (`domain.forks`), in the forms each game declares (`Game.positions`).

Both events once stored the game's live state as JSON and read it back with today's state
type, so a change to a state type silently changed how stored undos and forks fold. A stored
position is now a fact in a form of the game's own, numbered (`form`): decoded with that form,
whatever the state type has become, then mapped onto today's state by the game. Rebuilding the
position from events instead would need the history (an undo) or the original's secrets (a
fork); a form keeps each fold a step of one event.

A form is a frozen copy of the state's fields in plain types and literal defaults (no state,
rules or data of the game's), and `taken` and `restored` map field to field, refusing to drop
one: a field added to the state needs a new form (a position of an older form restores it at
its default), a field renamed or retyped also a mapping of the older forms
(tests/domain/test_positions.py fails until then).
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from domain.kernel import Game

T = TypeVar("T")
HIDDEN = msgspec.Raw(b"null")  # a position blanked for a viewer (its secrets)
LEGACY = 0  # the form of an event stored before forms: the live state as JSON


class Form(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """The base of a game's position forms: decoded strictly, and a field at the form's own
    default is left out of the stored bytes (a form's defaults are part of it: pinned)."""


def taken(state: msgspec.Struct, form: type[T], left_out: tuple[str, ...] = ()) -> T:
    """`state` in `form`, field for field but `left_out`; a field the form has no room for
    raises, never dropped."""
    fields = {k: v for k, v in _whole(state).items() if k not in left_out}
    extra = set(fields) - _names(form)
    if extra:
        raise ValueError(f"{form.__name__} cannot store {sorted(extra)}: declare a new form")
    return msgspec.convert(fields, form)


def restored(position: msgspec.Struct, kind: type[T], **given: Any) -> T:
    """`position` as today's `kind`, with the fields it leaves out `given`; a field of the
    position that `kind` no longer has raises (map it where the game restores its forms)."""
    fields = _whole(position)
    gone = set(fields) - _names(kind)
    if gone:
        raise ValueError(f"{kind.__name__} has no {sorted(gone)} of {type(position).__name__}")
    return msgspec.convert({**fields, **msgspec.to_builtins(given)}, kind)


def _whole(value: Any) -> Any:
    """`value` as builtins with every field of every struct, those at their defaults too:
    each side's defaults are its own, and a value is never read as the other side's default."""
    if isinstance(value, msgspec.Struct):
        return {name: _whole(getattr(value, name)) for name in value.__struct_fields__}
    if isinstance(value, dict):
        return {key: _whole(item) for key, item in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        return [_whole(item) for item in value]
    return msgspec.to_builtins(value)


def _names(kind: type[Any]) -> set[str]:
    return set(getattr(kind, "__struct_fields__", ()))


def stored(game: Game[Any, Any, Any], state: Any) -> tuple[int, msgspec.Raw]:
    """The form and the JSON of `state` as `game` stores a position."""
    if game.positions is None:
        raise ValueError(f"{game.title} does not say how its positions are stored")
    position = game.positions.of(state)
    return len(game.positions.forms), msgspec.Raw(msgspec.json.encode(position))


def read(game: Game[Any, Any, Any], form: int, position: msgspec.Raw, options: Any) -> Any:
    """The state a stored position of `form` holds, with the table's `options`; None where it
    was blanked."""
    if bytes(position) == bytes(HIDDEN):
        return None
    if game.positions is None or not 1 <= form <= len(game.positions.forms):
        raise ValueError(f"{game.title} has no position form {form}")
    kind = game.positions.forms[form - 1]
    return game.positions.state(msgspec.json.decode(position, type=kind), options)
