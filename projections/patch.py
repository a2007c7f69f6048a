"""What changed between two views a viewer is entitled to, as a patch of their JSON.

A patch is a list of operations on the viewer's game view as JSON (docs/protocol.md,
"Updates that send what changed"), applied in order:

- `[path, value]` sets `value` at `path`: a key of an object (added if new), an index of a
  list, or the list's length (appended); the empty path replaces the whole view;
- `[path]` removes the key `path` names, or cuts the list it names from that index on.

A path is a list of steps, strings for object keys and integers for list indices. The patch is
computed from the two views alone, both of which the viewer is sent whole otherwise: it tells
nothing they do not (no key, size or order of anything hidden from the viewer).

A view is compared by its `parts`: each top-level value of its object encoded, a list element
by element and an object key by key (an 18ZOO hex, a player); a part that changed is sent
whole. The parts are bytes, which the garbage collector does not follow: the fan-out keeps
each viewer's last ones between commands, where keeping the views themselves (thousands of
objects each) made every full collection longer.
"""

from __future__ import annotations

from typing import Any

import msgspec

from projections.codec import encode


class Lines(bytes):
    """Values encoded one per line, in one call of the encoder (a list's elements, an object's
    values): JSON writes no line break of its own (one in a string is escaped). Split only
    when the part changed."""

    __slots__ = ()

    def values(self) -> list[bytes]:
        return self.split(b"\n")[:-1]


Part = bytes | Lines | tuple[tuple[str, ...], Lines]  # whole, a list, an object's keys and values
Parts = bytes | dict[str, Part]  # a view that is no object is encoded whole
Patch = list[list[Any]]
_lines = msgspec.json.Encoder().encode_lines


# A view whose JSON is shorter goes whole (one operation, the empty path): splitting and
# comparing it would cost the server more than the bytes it saves (the counter's 200-byte
# view, four seats: 2.3x the CPU per command when patched, bench.ab against e88a8f3)
WHOLE_BELOW = 1024


def parts(view: Any, whole_below: int = WHOLE_BELOW) -> Parts:
    """`view` (as the game makes it: structs, lists, tuples, dicts, scalars) in parts; encoded
    whole if it is no object or its JSON is shorter than `whole_below` bytes."""
    whole = encode(view)
    fields = None if len(whole) < whole_below else _fields(view)
    if fields is None:
        return whole
    return {key: _part(value) for key, value in fields}


def diff(old: Parts, new: Parts) -> Patch:
    """The operations that turn the JSON of the view `old` was made of into `new`'s."""
    if isinstance(new, bytes):
        return [] if old == new else [[[], msgspec.Raw(new)]]
    if isinstance(old, bytes):  # from no object (before the start) to one
        whole = b",".join(encode(key) + b":" + _whole(part) for key, part in new.items())
        return [[[], msgspec.Raw(b"{" + whole + b"}")]]
    ops: Patch = []
    for key, part in new.items():
        was = old.get(key)
        if type(was) is type(part) and was == part:
            continue
        if isinstance(part, Lines) and isinstance(was, Lines):
            _listed(was.values(), part.values(), [key], ops)
        elif isinstance(part, tuple) and isinstance(was, tuple):
            _keyed(_by_key(was), _by_key(part), [key], ops)
        else:
            ops.append([[key], msgspec.Raw(_whole(part))])
    ops.extend([[key]] for key in old if key not in new)
    return ops


def _listed(old: list[bytes], new: list[bytes], path: list[Any], ops: Patch) -> None:
    common = min(len(old), len(new))
    changed = [n for n in range(common) if old[n] != new[n]]
    if 2 * len(changed) > len(new):  # most of it changed: the list itself is shorter
        ops.append([path, msgspec.Raw(b"[" + b",".join(new) + b"]")])
        return
    ops.extend([[*path, n], msgspec.Raw(new[n])] for n in changed)
    ops.extend([[*path, n], msgspec.Raw(new[n])] for n in range(common, len(new)))
    if len(new) < len(old):
        ops.append([[*path, len(new)]])


def _keyed(old: dict[str, bytes], new: dict[str, bytes], path: list[Any], ops: Patch) -> None:
    changed = [key for key, value in new.items() if old.get(key) != value]
    ops.extend([[*path, key], msgspec.Raw(new[key])] for key in changed)
    ops.extend([[*path, key]] for key in old if key not in new)


def _by_key(part: tuple[tuple[str, ...], Lines]) -> dict[str, bytes]:
    keys, values = part
    return dict(zip(keys, values.values(), strict=True))


def _whole(part: Part) -> bytes:
    """A part as one JSON value."""
    if isinstance(part, Lines):
        return b"[" + part[:-1].replace(b"\n", b",") + b"]"
    if isinstance(part, bytes):
        return part
    pairs = (encode(key) + b":" + value for key, value in _by_key(part).items())
    return b"{" + b",".join(pairs) + b"}"


def _part(value: Any) -> Part:
    if type(value) is list or type(value) is tuple:
        return Lines(_lines(value))
    fields = _fields(value)
    if fields is None:
        return encode(value)
    return tuple(key for key, _ in fields), Lines(_lines([field for _, field in fields]))


def _fields(value: Any) -> list[tuple[str, Any]] | None:
    """The keys and values `value` is encoded as an object with, or None (not an object, or
    not one key by key: a dict with keys other than strings, an array-like struct, a struct
    that leaves out its defaults)."""
    if type(value) is dict:
        return list(value.items()) if all(type(key) is str for key in value) else None
    if not isinstance(value, msgspec.Struct):
        return None
    config = value.__struct_config__
    if config.array_like or config.omit_defaults:
        return None
    kind = type(value)
    fields: list[tuple[str, Any]] = (
        [] if config.tag_field is None else [(config.tag_field, config.tag)]
    )
    for name, key in zip(kind.__struct_fields__, kind.__struct_encode_fields__, strict=True):
        field = getattr(value, name)
        if field is not msgspec.UNSET:  # a field left unset is not encoded
            fields.append((key, field))
    return fields
