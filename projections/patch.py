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


def plain(view: Any) -> Any:
    """A view (a game's structs) as the JSON types a client decodes it into (but tuples, kept
    as tuples: `diff` takes them for the lists they encode to)."""
    return msgspec.to_builtins(view, str_keys=True)


def diff(old: Any, new: Any) -> Patch:
    """The operations that turn `old` into `new` (both `plain`); empty when they are equal."""
    ops: Patch = []
    _diff(old, new, [], ops)
    return ops


def _same(old: Any, new: Any) -> bool:
    # the type too: JSON tells true from 1 (a typed view never turns a field from one to the other
    # deeper down, where == alone compares them)
    return old is new or (type(old) is type(new) and old == new)


def _diff(old: Any, new: Any, path: list[Any], ops: Patch) -> None:
    if _same(old, new):
        return
    kind = type(new)
    if kind is dict and type(old) is dict:
        for key, value in new.items():
            if key not in old:
                ops.append([[*path, key], value])
            elif not _same(old[key], value):
                _diff(old[key], value, [*path, key], ops)
        ops.extend([[*path, key]] for key in old if key not in new)
    elif (kind is list or kind is tuple) and type(old) is kind:
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
    else:
        ops.append([path, new])
