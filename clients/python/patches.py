"""Applying an update's patch to the game view a client holds (docs/protocol.md, "Updates that
send what changed"). Copy on write: the objects along each path are copied, the view held
before is left as it was (a caller may keep it)."""

from __future__ import annotations

from typing import Any


def patched(view: Any, ops: list[list[Any]]) -> Any:
    """`view` with the operations applied in order."""
    for op in ops:
        view = _applied(view, op[0], op)
    return view


def _applied(node: Any, path: list[Any], op: list[Any]) -> Any:
    if not path:
        return op[1]
    step, rest = path[0], path[1:]
    copy: Any = list(node) if isinstance(node, list) else dict(node)
    if rest:
        copy[step] = _applied(node[step], rest, op)
    elif len(op) == 1 and isinstance(copy, list):  # remove: the list from that index on
        del copy[step:]
    elif len(op) == 1:  # remove: the key
        del copy[step]
    elif isinstance(copy, list) and step == len(copy):
        copy.append(op[1])
    else:
        copy[step] = op[1]
    return copy
