"""Rules versions: every game records the rules it started under, and keeps playing by them.

`Game.rules` is the version of a game package's rules today; the server stores it in the
game's first event (`TableOpened.rules`; a game stored before versions is version 1). A game
whose rules change declares `rules` in its `Options` (default: today's version) and reads
`state.options.rules` where an older version plays differently; the table hands it the
version the game was opened with (`options_for`), so a stored game folds, and decides, by the
rules it started with. docs/adding-a-game.md says when to bump the version.

When a game ends the server stores `ResultRecorded`: the result and a digest of the final
state, what `plateau verify` compares today's fold with (`digest`: what "the same state"
means).
"""

from __future__ import annotations

import enum
import hashlib
from functools import cache
from typing import Any

import msgspec

from domain.kernel import Game

FIRST = 1  # the version of a game stored before rules versions
OPTION = "rules"  # the name of the option a versioned game declares


class ResultRecorded(msgspec.Struct, frozen=True, tag_field="type", tag="result_recorded"):
    """Stored with the events that end a game: its result (scores, ranks, reason) and the
    digest of its final state (`digest`), to compare a later fold with."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str
    digest: str


RULES_EVENTS = (ResultRecorded,)


def versioned(game: Game[Any, Any, Any]) -> bool:
    """Whether the game's options carry the rules version (a game whose rules changed)."""
    fields: tuple[str, ...] = getattr(game.options_type, "__struct_fields__", ())
    return OPTION in fields


def options_for(game: Game[Any, Any, Any], stored: dict[str, Any], version: int) -> Any:
    """The game's options as stored at its opening, with the rules version it was opened with
    (for a game that declares it)."""
    options = msgspec.convert(stored, game.options_type)
    if versioned(game):
        options = msgspec.structs.replace(options, **{OPTION: version})
    return options


def concluded(game: Game[Any, Any, Any], state: Any) -> ResultRecorded:
    result = game.result(state)
    return ResultRecorded(
        scores=tuple(result.scores),
        ranks=tuple(result.ranks),
        reason=result.reason,
        digest=digest(game, state),
    )


def digest(game: Game[Any, Any, Any], state: Any) -> str:
    """The SHA-256 of the state's canonical form: two folds give the same state when their
    digests are equal. The canonical form is the state as JSON with object keys sorted, sets
    sorted, every field left out that holds its default (a field added with a default leaves
    stored games' digests alone) and the game's options left out (they are the stored opening
    event's, read again by every fold). A field renamed or retyped changes every digest."""
    plain = _canonical(state, game.options_type)
    return hashlib.sha256(msgspec.json.encode(plain, order="sorted")).hexdigest()


@cache
def _defaults(kind: type[msgspec.Struct]) -> tuple[tuple[str, Any], ...]:
    out = []
    for field in msgspec.structs.fields(kind):
        if field.default is not msgspec.NODEFAULT:
            default = field.default
        elif field.default_factory is not msgspec.NODEFAULT:
            default = field.default_factory()
        else:
            default = _REQUIRED
        out.append((field.name, default))
    return tuple(out)


_REQUIRED = object()


def _canonical(value: Any, options_type: type) -> Any:
    if isinstance(value, msgspec.Struct):
        out: dict[str, Any] = {}
        tag = value.__struct_config__.tag
        if tag is not None:
            out["$tag"] = tag
        for name, default in _defaults(type(value)):
            item = getattr(value, name)
            if isinstance(item, options_type):
                continue
            if default is not _REQUIRED and type(item) is type(default) and item == default:
                continue
            out[name] = _canonical(item, options_type)
        return out
    if isinstance(value, dict):
        return {str(k): _canonical(v, options_type) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(item, options_type) for item in value]
    if isinstance(value, set | frozenset):
        items = [_canonical(item, options_type) for item in value]
        return sorted(items, key=lambda item: msgspec.json.encode(item, order="sorted"))
    if isinstance(value, enum.Enum):
        return _canonical(value.value, options_type)
    if value is None or isinstance(value, bool | int | float | str | bytes):
        return value
    return _canonical(msgspec.to_builtins(value), options_type)
