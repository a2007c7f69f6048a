"""What changed between two views a viewer is entitled to, as a patch of their JSON.

A patch is a list of operations on the viewer's game view as JSON (docs/protocol.md,
"Updates that send what changed"), applied in order:

- `[path, value]` sets `value` at `path`: a key of an object (added if new), an index of a
  list, or the list's length (appended); the empty path replaces the whole view;
- `[path]` removes the key `path` names, or cuts the list it names from that index on.

A path is a list of steps, strings for object keys and integers for list indices. The patch is
computed from the two views alone, both of which the viewer is sent whole otherwise: it tells
nothing they do not (no key, size or order of anything hidden from the viewer).
"""

from __future__ import annotations

from typing import Any

import msgspec

Patch = list[list[Any]]


def diff(old: Any, new: Any) -> Patch:
    """The operations that turn the JSON of `old` into that of `new` (views as the game makes
    them: structs, lists, tuples, dicts with string keys, scalars); empty when they are equal."""
    ops: Patch = []
    _diff(old, new, [], ops)
    return ops


def _same(old: Any, new: Any) -> bool:
    # the type too: JSON tells true from 1 (a typed view never turns a field from one to the other
    # deeper down, where == alone compares them)
    return old is new or (type(old) is type(new) and old == new)


def _diff(old: Any, new: Any, path: list[Any], ops: Patch) -> None:
    kind = type(new)
    if kind is not type(old):
        ops.append([path, new])
    elif isinstance(new, msgspec.Struct):  # its fields, under the names they are encoded by
        names = zip(kind.__struct_fields__, kind.__struct_encode_fields__, strict=True)
        for name, key in names:
            was, now = getattr(old, name), getattr(new, name)
            if _same(was, now):
                continue
            if now is msgspec.UNSET:  # a field left unset is not encoded
                ops.append([[*path, key]])
            elif was is msgspec.UNSET:
                ops.append([[*path, key], now])
            else:
                _diff(was, now, [*path, key], ops)
    elif kind is dict and _keyed(old) and _keyed(new):
        for key, value in new.items():
            if key not in old:
                ops.append([[*path, key], value])
            elif not _same(old[key], value):
                _diff(old[key], value, [*path, key], ops)
        ops.extend([[*path, key]] for key in old if key not in new)
    elif kind is list or kind is tuple:
        common = min(len(old), len(new))
        changed = [n for n in range(common) if not _same(old[n], new[n])]
        if 2 * len(changed) > len(new):  # most of it changed: the list itself is shorter
            ops.append([path, new])
            return
        for n in changed:
            _diff(old[n], new[n], [*path, n], ops)
        ops.extend([[*path, n], new[n]] for n in range(common, len(new)))
        if len(new) < len(old):
            ops.append([[*path, len(new)]])
    elif old != new:
        ops.append([path, new])


def _keyed(part: dict[Any, Any]) -> bool:
    """Whether a dict's keys are strings, as JSON's are (any other is sent whole)."""
    return all(type(key) is str for key in part)
