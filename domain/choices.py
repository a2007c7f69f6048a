"""Choices: a seat's legal commands as it is sent them, one choice per move.

Commands that differ in one field alone (a price, a destination) are one move with that field
left open: a `Range` of whole numbers from `min` to `max`, or a `OneOf` of a few values. A game
names the fields that may be left open (`Game.choice_fields`), and those of them whose values
are amounts (`Game.range_fields`: a price, not a rotation, whose forms wrap around). `fold`
groups its legal list by them and `expand` gives the list back, command for command: a choice
holds exactly the commands the game's `legal` holds, no more, no fewer. A client fills the
field with any value of the choice and sends the command; it needs no rules to do so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.chance import Rng, choice, number
from domain.kernel import Game


class Range(msgspec.Struct, frozen=True, tag="range"):
    """`command` with its field `field` (its name on the wire) at any whole number from `min`
    to `max`, both included; `command` holds `min`."""

    command: Any
    field: str
    min: int
    max: int


class OneOf(msgspec.Struct, frozen=True, tag="one_of"):
    """`command` with its field `field` at any of `values`; `command` holds the first."""

    command: Any
    field: str
    values: tuple[Any, ...]


Choice = Range | OneOf
# the tags a game's commands may not take: a client tells a choice from a command by them
CHOICE_TAGS = frozenset({"range", "one_of"})


def sent(game: Game[Any, Any, Any], legal: Sequence[Any]) -> list[Any]:
    """A seat's legal commands `legal` as the seat is sent them: `game`'s choices."""
    return fold(legal, game.choice_fields, game.range_fields)


def fold(legal: Sequence[Any], fields: Sequence[str], ranges: Sequence[str] = ()) -> list[Any]:
    """`legal` with the commands that differ only in one of `fields` (the first of them a
    command has) made one choice, in the order of each group's first command: a `Range` when
    the field is one of `ranges` and every whole number between the group's ends is offered,
    else a `OneOf`. A group of one stays a command."""
    if not fields:
        return list(legal)
    groups: dict[Any, list[Any]] = {}
    for index, command in enumerate(legal):
        groups.setdefault(_group_key(command, fields, index), []).append(command)
    return [_choice(group, fields, ranges) for group in groups.values()]


def expand(choices: Iterable[Any]) -> list[Any]:
    """Every command the choices hold (a command stands for itself)."""
    out: list[Any] = []
    for entry in choices:
        if isinstance(entry, Range):
            out += [_with(entry.command, entry.field, v) for v in range(entry.min, entry.max + 1)]
        elif isinstance(entry, OneOf):
            out += [_with(entry.command, entry.field, v) for v in entry.values]
        else:
            out.append(entry)
    return out


def from_wire(legal: Sequence[Any]) -> list[Any]:
    """A legal list as a client decodes it from JSON: its choices made `Range` and `OneOf`
    (their commands kept as the dicts they came as), its commands as they came."""
    return [
        msgspec.convert(entry, Choice)
        if isinstance(entry, dict) and entry.get("type") in CHOICE_TAGS
        else entry
        for entry in legal
    ]


def command_of(entry: Any) -> Any:
    """The command a choice is made of (a command is its own)."""
    return entry.command if isinstance(entry, Range | OneOf) else entry


def pick(entry: Any, rng: Rng) -> Any:
    """One command of a choice, each value alike likely (a command is itself)."""
    if isinstance(entry, Range):
        value = entry.min + number(rng, entry.max - entry.min + 1)
        return _with(entry.command, entry.field, value)
    if isinstance(entry, OneOf):
        return _with(entry.command, entry.field, choice(rng, list(entry.values)))
    return entry


def holds(entry: Any, command: Any) -> bool:
    """Whether `command` is one of the commands `entry` stands for."""
    if isinstance(entry, Range | OneOf):
        return any(command == c for c in expand([entry]))
    return bool(entry == command)


def _open_field(command: Any, fields: Sequence[str]) -> str | None:
    names = getattr(command, "__struct_fields__", ())
    return next((f for f in fields if f in names), None)


def _group_key(command: Any, fields: Sequence[str], index: int) -> Any:
    field = _open_field(command, fields)
    if field is None:
        return ("#", index)
    rest = [getattr(command, n) for n in command.__struct_fields__ if n != field]
    return (type(command), field, msgspec.json.encode(rest))


def _choice(group: list[Any], fields: Sequence[str], ranges: Sequence[str]) -> Any:
    if len(group) == 1:
        return group[0]
    field = _open_field(group[0], fields)
    assert field is not None  # only commands with an open field are grouped
    wire = _wire_name(type(group[0]), field)
    values = list(dict.fromkeys(getattr(c, field) for c in group))
    whole = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    if whole and field in ranges and sorted(values) == list(range(min(values), max(values) + 1)):
        low = min(values)
        return Range(_with(group[0], wire, low), wire, low, max(values))
    if whole:
        values.sort()
    return OneOf(_with(group[0], wire, values[0]), wire, tuple(values))


def _wire_name(kind: type, field: str) -> str:
    return next(f.encode_name for f in msgspec.structs.fields(kind) if f.name == field)


def _with(command: Any, wire: str, value: Any) -> Any:
    """`command` with its field named `wire` on the wire set to `value`: a typed command, or
    one decoded from JSON into a dict (a client's)."""
    if isinstance(command, dict):
        return {**command, wire: value}
    name = next(f.name for f in msgspec.structs.fields(type(command)) if f.encode_name == wire)
    return replace(command, **{name: value})
