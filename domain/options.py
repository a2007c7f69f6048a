"""A new table's options, checked against what its game declares.

The rule lives with the game: its `Options` struct types every option precisely (a `Literal`
of the choices, a number with `msgspec.Meta` bounds, a bool). Each option is checked on its
own, so a refusal names the option and says what it may be. Only tables being made or
started are checked here; a stored game's options are read by `domain.rules.options_for`.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import inspect

from domain.kernel import Game, Reason, Rejected
from domain.rules import OPTION as RULES_OPTION

SHOWN = 24  # characters of a refused value repeated in the refusal


def checked(game: Game[Any, Any, Any], given: dict[str, Any]) -> Any:
    """The game's options from `given`; Rejected (bad_request) naming the first option that
    the game does not have or that is not one of the values the game allows."""
    fields = {field.encode_name: field for field in msgspec.structs.fields(game.options_type)}
    for name, value in given.items():
        field = fields.get(name)
        if field is None:
            offered = ", ".join(key for key in fields if key != RULES_OPTION) or "none"
            raise Rejected(
                Reason.BAD_REQUEST,
                f"options.{name}: {game.title} has no such option (its options: {offered})",
            )
        try:
            msgspec.convert(value, field.type)
        except msgspec.ValidationError:
            raise Rejected(
                Reason.BAD_REQUEST,
                f"options.{name}: {game.title}'s {name} is {allowed(field.type)},"
                f" not {shown(value)}",
            ) from None
    try:
        return msgspec.convert(given, game.options_type)
    except msgspec.ValidationError as exc:  # a rule between options, should a game have one
        raise Rejected(Reason.BAD_REQUEST, f"options: {exc}") from None


def allowed(kind: Any) -> str:
    """What an option of type `kind` may be, in words."""
    info = inspect.type_info(kind)
    if isinstance(info, inspect.LiteralType):
        return "one of " + ", ".join(shown(choice) for choice in info.values)
    if isinstance(info, inspect.EnumType):
        return "one of " + ", ".join(shown(member.value) for member in info.cls)
    if isinstance(info, inspect.BoolType):
        return "true or false"
    if isinstance(info, inspect.IntType):
        low = info.ge if info.gt is None else info.gt + 1
        high = info.le if info.lt is None else info.lt - 1
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}"
        if low is not None:
            return f"a whole number of at least {low}"
        if high is not None:
            return f"a whole number of at most {high}"
        return "a whole number"
    if isinstance(info, inspect.StrType) and info.max_length is not None:
        return f"a text of {info.min_length or 0} to {info.max_length} characters"
    return f"of the type {kind}"


def shown(value: Any) -> str:
    """`value` as JSON, cut short: a refusal does not repeat a thousand letters back."""
    text = msgspec.json.encode(value).decode()
    if len(text) <= SHOWN:
        return text
    return f"{text[:SHOWN]}… ({len(text)} characters)"
