"""An update's patch, applied by the client to the view it had, gives exactly the view a snapshot
would: at every version of seeded games of every game, for every seat and a spectator, from
the version before and from earlier ones (a resume), the fan-out's frames and `update` alike."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from clients.python.client import with_table
from clients.python.patches import patched
from domain.kernel import SPECTATOR, Seat, Viewer
from domain.table import ChatPosted
from projections.codec import encode
from projections.frames import game_part
from projections.live import LiveGame
from projections.patch import WHOLE_BELOW, diff, parts
from projections.snapshot import snapshot
from projections.updates import Updates, update
from server.store import chained
from tests.fair_games import played
from tests.per_game import registered, seats

# the versions compared per game: its first ones (the start) and its last ones (the end)
FIRST, LAST = 40, 120


def as_json(value: Any) -> bytes:
    """A canonical form: keys sorted, and true told from 1 (== in Python does not)."""
    return msgspec.json.encode(value, order="sorted")


def decoded(message: Any) -> Any:
    return msgspec.json.decode(encode(message))


def stream(name: str, seed: int) -> list[Any]:
    """A seeded game's records, played to its end, a chat line among them."""
    events = played(name, seats(name), seed)
    data = [encode(event) for event in events]
    data.insert(len(data) // 2, encode(ChatPosted(seat=0, name="p0", text="hi")))
    return chained(data)


def games() -> list[tuple[str, int]]:
    return [(name, seed) for name in registered() for seed in (1,)]


@pytest.mark.parametrize(("name", "seed"), games(), ids=lambda x: str(x))
def test_updates_applied_from_any_version_give_the_snapshots_view(name: str, seed: int) -> None:
    records = stream(name, seed)
    live = LiveGame.replay(name, records[:1])
    viewers: list[Viewer] = [SPECTATOR, *(Seat(n) for n in range(live.table.seats))]
    held: dict[Viewer, dict[int, Any]] = {v: {1: decoded(snapshot(live, v).view)} for v in viewers}
    rng = random.Random(seed)
    start = last = 2  # compared from `start` on, since the snapshot at `start - 1`
    patches = 0
    for record in records[1:]:
        version = record.version
        if FIRST < version < len(records) - LAST:
            live.extend([record])
            continue
        if version > last + 1:  # the end, after a gap: from a snapshot just before it
            held = {v: {version - 1: decoded(snapshot(live, v).view)} for v in viewers}
            start = version
        live.extend([record])
        last = version
        updates = Updates(live)
        earlier = rng.randrange(start - 1, version)  # a resume from further back
        for viewer in viewers:
            now = decoded(snapshot(live, viewer).view)
            whole = as_json(now)
            for after in sorted({version - 1, earlier}):
                sent = decoded(update(live, viewer, after))
                had = held[viewer][after]
                assert sent["base"] == after
                assert as_json(with_table(sent["view"], had)) == whole, (viewer, after)
                kept = parts(game_part(live.game, live.table_at(after), viewer))  # the hub's
                assert updates.frame(viewer, after, kept) == encode(update(live, viewer, after))
                patches += bool(sent["view"]["patch"])
            held[viewer][version] = now
    assert live.over, "the end's updates were compared"
    assert patches > len(viewers) * min(len(records) - start, 100)


def split(view: Any) -> Any:
    """`view` in parts however short it is (the fan-out sends a short one whole)."""
    return parts(view, whole_below=0)


def test_a_short_view_goes_whole_and_a_long_one_in_parts() -> None:
    short = {"counter": 1, "hands": [None, [1, 2]]}
    assert parts(short) == encode(short)
    moved = {**short, "counter": 2}
    assert decoded(diff(parts(short), parts(moved))) == [[[], decoded(moved)]]
    assert diff(parts(short), parts(dict(short))) == []
    long = {"cells": list(range(400)), "n": 1}
    assert len(encode(long)) >= WHOLE_BELOW and isinstance(parts(long), dict)
    assert decoded(diff(parts(long), parts({**long, "n": 2}))) == [[["n"], 2]]
    assert decoded(diff(parts(short), parts(long))) == [[[], decoded(long)]]  # it grew


def test_a_patch_sends_whole_only_the_parts_that_changed() -> None:
    old = {"a": [1, 2, 3, {"b": True, "d": 1}], "c": "x", "e": {"f": 1, "g": [1]}, "gone": 1}
    new = {"a": [1, 2, 3, {"b": False, "d": 1}, 5], "c": "x", "e": {"f": 1, "h": 2}, "n": None}
    ops = decoded(diff(split(old), split(new)))
    assert ops == [
        [["a", 3], {"b": False, "d": 1}],
        [["a", 4], 5],
        [["e", "h"], 2],
        [["e", "g"]],
        [["n"], None],
        [["gone"]],
    ]
    assert as_json(patched(old, ops)) == as_json(new)
    assert old["a"][3] == {"b": True, "d": 1} and "gone" in old  # the view held before is untouched
    for other in ({"a": [1, 2], "c": "x"}, {"a": "no list", "e": []}, None, {}):
        assert as_json(patched(old, decoded(diff(split(old), split(other))))) == as_json(other)
        assert as_json(patched(other, decoded(diff(split(other), split(old))))) == as_json(old)
    assert diff(split(old), split(old)) == []
    assert decoded(diff(split(None), split(new))) == [[[], decoded(new)]]
    assert decoded(diff(split({"n": 1}), split({"n": True}))) == [[["n"], True]]


class Part(msgspec.Struct, rename={"score": "points"}):
    score: int
    note: str | msgspec.UnsetType = msgspec.UNSET
    parts: tuple[Part, ...] = ()


class Tagged(msgspec.Struct, tag="tagged"):
    part: Part


def test_a_struct_is_patched_under_its_encoded_names_and_unset_fields_left_out() -> None:
    old = Tagged(Part(1, parts=(Part(2), Part(3, "x"))))
    new = Tagged(Part(1, "y", parts=(Part(2), Part(4))))
    ops = decoded(diff(split(old), split(new)))
    both = [{"points": 2, "parts": []}, {"points": 4, "parts": []}]  # most of the list changed
    assert ops == [[["part", "note"], "y"], [["part", "parts"], both]]
    assert as_json(patched(decoded(old), ops)) == as_json(new)
    assert diff(split(Tagged(Part(1))), split(Tagged(Part(1)))) == []
